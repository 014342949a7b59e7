@testable import FirebreakFix
import Foundation
import XCTest

/// Which code builds in Swift 6 mode, read from the nearest project description above a file.
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

    /// Harbour's shape: the app's project is Swift 6, its local package keeps Swift 5.
    func testTheNearestProjectDescriptionDecides() throws {
        try write("buildSettings = { SWIFT_VERSION = 6.0; };\nbuildSettings = { SWIFT_VERSION = 6.0; };\n", to: "App.xcodeproj/project.pbxproj")
        try write("// swift-tools-version: 5.10\nimport PackageDescription\n", to: "Packages/Kit/Package.swift")
        try write("// swift-tools-version: 6.0\nimport PackageDescription\n", to: "Packages/Modern/Package.swift")
        let modes = LanguageModes(sources: SourceFiles(workingDirectory: root.path))
        XCTAssertTrue(modes.isSwift6("App/Views/HomeView.swift"))
        XCTAssertFalse(modes.isSwift6("Packages/Kit/Sources/Kit/Store.swift"))
        XCTAssertTrue(modes.isSwift6("Packages/Modern/Sources/Modern/Store.swift"))
    }

    /// One Swift 5 configuration, no setting, or no project at all: Swift 5 mode.
    func testAnythingButSwift6EverywhereIsSwift5() throws {
        try write("SWIFT_VERSION = 6.0;\nSWIFT_VERSION = 5.0;\n", to: "App.xcodeproj/project.pbxproj")
        XCTAssertFalse(LanguageModes(sources: SourceFiles(workingDirectory: root.path)).isSwift6("App/A.swift"))
        XCTAssertFalse(LanguageModes.packageIsSwift6("// swift-tools-version:6.0\nlet p = Package(name: \"A\", swiftLanguageModes: [.v5])\n"))
        XCTAssertFalse(LanguageModes.packageIsSwift6("// swift-tools-version:5.9\n"))
        XCTAssertTrue(LanguageModes.packageIsSwift6("// swift-tools-version:6.2\nlet p = Package(name: \"A\", platforms: [.watchOS(.v5)])\n"))
        let empty = root.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertFalse(LanguageModes(sources: SourceFiles(workingDirectory: empty.path)).isSwift6("A.swift"))
    }
}
