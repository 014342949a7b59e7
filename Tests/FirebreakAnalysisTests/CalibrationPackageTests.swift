import FirebreakAnalysis
import FirebreakCalibration
import FirebreakModel
import Foundation
import XCTest

/// The generated pairs are what the calibration claims: the naive `Feature` needs the
/// infrastructure modules, the firewalled one only `Core`, and `analyze` on the naive shape
/// predicts the firewalled shape's build.
final class CalibrationPackageTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("firebreak-calibration-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func featureView(_ shape: CalibrationPackage.Shape, _ package: CalibrationPackage) throws -> AnalysisReport.View {
        let directory = scratch.appendingPathComponent(shape.rawValue)
        try package.write(shape, to: directory)
        let configuration = try ConfigurationLoader.load(file: directory.appendingPathComponent(".firebreak.yml").path, ruleIDs: RuleRegistry.ids)
        let prepared = try Pipeline.prepare(Pipeline.Request(paths: ["."], workingDirectory: directory.path, configuration: configuration))
        let report = Analyzer.analyze(prepared, configuration: configuration, costModel: CostModel())
        // Views come from the visible stub module through `view_protocols`; the stub's own
        // `Text` and `VStack` are the framework's, not screens.
        XCTAssertEqual(report.views.filter { $0.module == "Feature" }.count, package.screens)
        XCTAssertEqual(report.views.count, package.screens)
        return try XCTUnwrap(report.views.first { $0.name == "Screen0View" })
    }

    func testTheNaiveShapeNeedsTheInfrastructureAndItsFirewallPredictsTheOtherShape() throws {
        for style in CodeStyle.allCases {
            let package = CalibrationPackage(name: "P", screens: 4, infrastructureLines: 600, linesPerFile: 100, style: style)
            let naive = try featureView(.naive, package)
            let firewalled = try featureView(.firewalled, package)
            XCTAssertEqual(naive.buildModules, ["Analytics", "Core", "Feature", "Networking", "Persistence", "SwiftUIStub"], style.rawValue)
            XCTAssertEqual(firewalled.buildModules, ["Core", "Feature", "SwiftUIStub"], style.rawValue)
            // The firewall analysis of the naive shape lands on the firewalled shape's modules and files.
            XCTAssertEqual(naive.firewalledBuild.modules, firewalled.build.modules, style.rawValue)
            XCTAssertEqual(naive.firewalledBuild.files, firewalled.build.files, style.rawValue)
            XCTAssertGreaterThan(naive.build.tokens, 5 * firewalled.build.tokens, style.rawValue)
            XCTAssertGreaterThan(naive.savings.estimatedSeconds, 0, style.rawValue)
            XCTAssertEqual(firewalled.savings.estimatedSeconds, 0, style.rawValue)
        }
    }

    func testStylesDifferInComplexityNotOnlyInSize() throws {
        var complexityPerToken: [CodeStyle: Double] = [:]
        for style in CodeStyle.allCases {
            let package = CalibrationPackage(name: "P", screens: 2, infrastructureLines: 1000, linesPerFile: 100, style: style)
            let build = try featureView(.naive, package).build
            complexityPerToken[style] = Double(build.complexity) / Double(build.tokens)
            try? FileManager.default.removeItem(at: scratch)
        }
        XCTAssertGreaterThan(complexityPerToken[.closures]!, complexityPerToken[.plain]!)
        XCTAssertGreaterThan(complexityPerToken[.generic]!, 0)
    }

    func testTheManifestDeclaresWhatTheShapeImports() throws {
        let package = CalibrationPackage(name: "P", screens: 2, infrastructureLines: 300, linesPerFile: 100, style: .plain)
        try package.write(.naive, to: scratch.appendingPathComponent("naive"))
        try package.write(.firewalled, to: scratch.appendingPathComponent("firewalled"))
        let naive = try String(contentsOf: scratch.appendingPathComponent("naive/Package.swift"), encoding: .utf8)
        let firewalled = try String(contentsOf: scratch.appendingPathComponent("firewalled/Package.swift"), encoding: .utf8)
        XCTAssertTrue(naive.contains(#".target(name: "Feature", dependencies: ["SwiftUIStub", "Core", "Networking", "Persistence", "Analytics"])"#), naive)
        XCTAssertTrue(firewalled.contains(#".target(name: "Feature", dependencies: ["SwiftUIStub", "Core"])"#), firewalled)
        let screen = try String(contentsOf: scratch.appendingPathComponent("firewalled/Sources/Feature/Screen0.swift"), encoding: .utf8)
        XCTAssertFalse(screen.contains("import Networking"))
        XCTAssertTrue(screen.contains("let api: any ItemsProviding"))
    }
}
