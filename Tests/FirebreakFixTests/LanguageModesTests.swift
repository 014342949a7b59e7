@testable import FirebreakFix
import Foundation
import XCTest

/// Which code builds in Swift 6 mode: the targets that compile a file, else the nearest package.
final class LanguageModesTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("language-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Harbour's shape: the app's project is Swift 6, its local package keeps Swift 5. The app's
    /// targets answer for their files; a package's manifest for its own.
    func testTheTargetsOrElseTheNearestPackageDecide() throws {
        try write("", to: "App.xcodeproj/project.pbxproj")
        try write("// swift-tools-version: 5.10\nimport PackageDescription\n", to: "Packages/Kit/Package.swift")
        try write("// swift-tools-version: 6.0\nimport PackageDescription\n", to: "Packages/Modern/Package.swift")
        let targets: [String: [Int?]] = ["App/Views/HomeView.swift": [6], "Watch/Face.swift": [5], "Shared/Model.swift": [6, 5],
                                         "Packages/Modern/Sources/Modern/Store.swift": [nil]]
        let modes = LanguageModes(sources: SourceFiles(workingDirectory: root.path), targetModes: { targets[$0] ?? [] })
        XCTAssertTrue(modes.isSwift6("App/Views/HomeView.swift"))
        XCTAssertFalse(modes.isSwift6("Watch/Face.swift"))
        XCTAssertFalse(modes.isSwift6("Shared/Model.swift"), "a file a Swift 5 target compiles too")
        XCTAssertFalse(modes.isSwift6("Packages/Kit/Sources/Kit/Store.swift"))
        XCTAssertTrue(modes.isSwift6("Packages/Modern/Sources/Modern/Store.swift"))
    }

    /// Main-actor isolation by default: every target that compiles a file sets it, else the
    /// nearest package manifest does for one of its targets.
    func testMainActorIsolationByDefaultFromTheTargetsElseThePackage() throws {
        try write("", to: "App.xcodeproj/project.pbxproj")
        try write("// swift-tools-version: 6.2\nimport PackageDescription\nlet p = Package(name: \"Kit\", targets: [.target(name: \"Kit\", swiftSettings: [.defaultIsolation(MainActor.self)])])\n",
                  to: "Packages/Kit/Package.swift")
        try write("// swift-tools-version: 6.2\nimport PackageDescription\n", to: "Packages/Plain/Package.swift")
        let targets: [String: [String?]] = ["App/HomeView.swift": ["MainActor"], "Shared/Model.swift": ["MainActor", nil], "Widget/Entry.swift": [nil]]
        let modes = LanguageModes(sources: SourceFiles(workingDirectory: root.path), targetIsolations: { targets[$0] ?? [] })
        XCTAssertTrue(modes.isMainActorByDefault("App/HomeView.swift"))
        XCTAssertFalse(modes.isMainActorByDefault("Shared/Model.swift"), "a file a nonisolated target compiles too")
        XCTAssertFalse(modes.isMainActorByDefault("Widget/Entry.swift"))
        XCTAssertTrue(modes.isMainActorByDefault("Packages/Kit/Sources/Kit/Store.swift"))
        XCTAssertFalse(modes.isMainActorByDefault("Packages/Plain/Sources/Plain/Store.swift"))
    }

    /// A Swift 5 package, no setting, or no project at all: Swift 5 mode.
    func testAnythingButSwift6EverywhereIsSwift5() throws {
        try write("SWIFT_VERSION = 6.0;\n", to: "App.xcodeproj/project.pbxproj")
        XCTAssertFalse(LanguageModes(sources: SourceFiles(workingDirectory: root.path)).isSwift6("App/A.swift"),
                       "a project's file whose targets say nothing")
        XCTAssertFalse(LanguageModes.packageIsSwift6("// swift-tools-version:6.0\nlet p = Package(name: \"A\", swiftLanguageModes: [.v5])\n"))
        XCTAssertFalse(LanguageModes.packageIsSwift6("// swift-tools-version:5.9\n"))
        XCTAssertTrue(LanguageModes.packageIsSwift6("// swift-tools-version:6.2\nlet p = Package(name: \"A\", platforms: [.watchOS(.v5)])\n"))
        let empty = root.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertFalse(LanguageModes(sources: SourceFiles(workingDirectory: empty.path)).isSwift6("A.swift"))
    }
}
