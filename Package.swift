// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "firebreak",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "firebreak", targets: ["firebreak"]),
        .library(name: "FirebreakScan", targets: ["FirebreakScan"]),
        .library(name: "FirebreakCost", targets: ["FirebreakCost"]),
        .library(name: "FirebreakModel", targets: ["FirebreakModel"]),
        .library(name: "FirebreakProject", targets: ["FirebreakProject"]),
        .library(name: "FirebreakAnalysis", targets: ["FirebreakAnalysis"]),
        .library(name: "FirebreakDiff", targets: ["FirebreakDiff"]),
        .library(name: "FirebreakReport", targets: ["FirebreakReport"]),
        .library(name: "FirebreakFix", targets: ["FirebreakFix"]),
        .plugin(name: "FirebreakCommandPlugin", targets: ["FirebreakCommandPlugin"]),
        .plugin(name: "FirebreakBuildToolPlugin", targets: ["FirebreakBuildToolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "5.0.1"),
    ],
    targets: [
        // Parser module: one SwiftSyntax walk per file turns source into immutable facts.
        .target(
            name: "FirebreakScan",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        // The cost models: each term declared once (BuildCostTerms, RebuildCostTerms), the coefficients,
        // features and fits that iterate the terms. Depends on nothing.
        .target(name: "FirebreakCost"),
        // Values the passes read and write: configuration, project structure and modules, symbols and
        // roles, the dependency graph, the cost model a report used, findings and report values.
        .target(
            name: "FirebreakModel",
            dependencies: ["FirebreakScan", "FirebreakCost", .product(name: "Yams", package: "Yams")]
        ),
        // Project formats behind one seam (ProjectFormatReader): Package.swift, Xcode projects and
        // workspaces, XcodeGen specs, each read into FirebreakModel's ProjectDescription values.
        .target(
            name: "FirebreakProject",
            dependencies: ["FirebreakScan", "FirebreakModel", .product(name: "Yams", package: "Yams"),
                           .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax")]
        ),
        // The pipeline: passes (roles, graph, reachability, suppressions), rules, the analysis and its cost.
        .target(name: "FirebreakAnalysis", dependencies: ["FirebreakScan", "FirebreakCost", "FirebreakModel", "FirebreakProject"]),
        // Reading, migrating and comparing reports: `diff` and budgets over saved reports.
        .target(name: "FirebreakDiff", dependencies: ["FirebreakModel"]),
        // libgraphviz (gvc, cgraph, cdt): diagrams are laid out and rendered in-process.
        .systemLibrary(
            name: "CGraphviz", pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // Reporters: pure functions from a report value to bytes; diagrams through CGraphviz.
        .target(name: "FirebreakReport", dependencies: ["FirebreakModel", "FirebreakAnalysis", "FirebreakDiff", "CGraphviz"]),
        // `firebreak fix`: the firewall refactor as syntax-tree edits.
        .target(
            name: "FirebreakFix",
            dependencies: ["FirebreakModel", "FirebreakScan",
                           .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax")]
        ),
        // `firebreak calibrate` and `measure`: timed builds of generated packages and of copies of a project.
        .target(
            name: "FirebreakCalibration",
            dependencies: ["FirebreakCost", "FirebreakModel", "FirebreakAnalysis", "FirebreakScan",
                           .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax")]
        ),
        // Thin CLI: parses arguments, loads configuration, calls the libraries.
        .executableTarget(
            name: "firebreak",
            dependencies: [
                "FirebreakScan", "FirebreakCost", "FirebreakModel", "FirebreakProject", "FirebreakAnalysis", "FirebreakDiff", "FirebreakReport",
                "FirebreakCalibration", "FirebreakFix",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `swift package firebreak lint|analyze|graph …`: the CLI on the package, with its options.
        // No permission is declared, or SwiftPM would demand one for every read-only lint:
        // `--allow-writing-to-package-directory` opens the sandbox to the package when it is given.
        .plugin(
            name: "FirebreakCommandPlugin",
            capability: .command(
                intent: .custom(verb: "firebreak", description: "Run firebreak (lint, analyze, graph, why, diff, fix) on this package")
            ),
            dependencies: ["firebreak"]
        ),
        // Attached to a target: its findings as compiler diagnostics on every build; errors fail it.
        .plugin(name: "FirebreakBuildToolPlugin", capability: .buildTool(), dependencies: ["firebreak"]),
        // The physical floor for a SwiftSyntax tool: read and parse every file on all cores, nothing
        // else. Only benchmarks/ runs it.
        .executableTarget(
            name: "firebreak-parse-baseline",
            dependencies: [.product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax")],
            path: "benchmarks/ParseBaseline"
        ),
        // What the cost models price, per file: benchmarks/costfit and benchmarks/rebuild fit on it.
        .executableTarget(
            name: "firebreak-file-features",
            dependencies: ["FirebreakScan", "FirebreakModel", "FirebreakAnalysis",
                           .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax")],
            path: "benchmarks/FileFeatures"),
        .testTarget(
            name: "FirebreakScanTests",
            dependencies: [
                "FirebreakScan",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .testTarget(
            name: "FirebreakAnalysisTests",
            dependencies: ["FirebreakCost", "FirebreakModel", "FirebreakProject", "FirebreakAnalysis", "FirebreakDiff", "FirebreakScan",
                           "FirebreakCalibration"],
            exclude: ["Fixtures"]),
        .testTarget(name: "FirebreakReportTests", dependencies: ["FirebreakReport", "FirebreakModel", "FirebreakAnalysis", "FirebreakDiff"]),
        .testTarget(name: "FirebreakFixTests", dependencies: ["FirebreakFix"]),
        .testTarget(name: "EndToEndTests", dependencies: ["FirebreakModel", "FirebreakScan"], exclude: ["Golden", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
