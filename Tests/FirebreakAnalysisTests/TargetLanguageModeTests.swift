import FirebreakModel
import FirebreakProject
import Foundation
import XCTest

/// The Swift language mode each target builds in, as its description sets `SWIFT_VERSION`:
/// SwiftUI-SotkaApp's iOS app is Swift 6 and its watch app Swift 5, in one project.
final class TargetLanguageModeTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("language-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// A target's own setting, else the project's configuration of the same name; the lowest over
    /// its configurations; none when a configuration sets none.
    func testAnXcodeTargetTakesItsOwnSettingElseTheProjects() throws {
        let project = root.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        func target(_ id: String, _ name: String, list: String) -> String {
            "\(id) = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (); name = \(name); productType = \"com.apple.product-type.application\"; };"
        }
        func list(_ id: String, _ configurations: [String]) -> String {
            "\(id) = {isa = XCConfigurationList; buildConfigurations = (\(configurations.joined(separator: ", ")), ); };"
        }
        func configuration(_ id: String, _ name: String, _ settings: String) -> String {
            "\(id) = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = \(name); };"
        }
        let objects = [
            "R1 = {isa = PBXProject; buildConfigurationList = LP; targets = (TA, TW, TL, ); };",
            list("LP", ["CPD", "CPR"]), configuration("CPD", "Debug", "SWIFT_VERSION = 6.0;"), configuration("CPR", "Release", "SWIFT_VERSION = 6.0;"),
            target("TA", "App", list: "LA"), list("LA", ["CAD", "CAR"]), configuration("CAD", "Debug", "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"),
            configuration("CAR", "Release", "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;"),
            target("TW", "Watch", list: "LW"), list("LW", ["CWD", "CWR"]),
            configuration("CWD", "Debug", "SWIFT_VERSION = 5.0;"), configuration("CWR", "Release", "SWIFT_VERSION = 5.0;"),
            target("TL", "Legacy", list: "LL"), list("LL", ["CLD", "CLR", "CLS"]), configuration("CLD", "Debug", ""),
            configuration("CLR", "Release", "SWIFT_VERSION = 5;"), configuration("CLS", "Staging", ""),
        ]
        let text = "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 77; objects = {\n" + objects.joined(separator: "\n") + "\n}; rootObject = R1; }\n"
        try Data(text.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        let description = try XcodeProjectReader.read(projectPath: project.path)
        let modes = Dictionary(uniqueKeysWithValues: description.targets.map { ($0.name, $0.swiftLanguageMode) })
        XCTAssertEqual(modes["App"], 6)
        XCTAssertEqual(modes["Watch"], 5)
        // Staging sets none and the project has no Staging: the compiler's default, unknown.
        XCTAssertEqual(modes["Legacy"], .some(nil))
        // Xcode 26's new apps isolate their declarations to the main actor by default.
        let isolations = Dictionary(uniqueKeysWithValues: description.targets.map { ($0.name, $0.defaultIsolation) })
        XCTAssertEqual(isolations, ["App": String?("MainActor"), "Watch": nil, "Legacy": nil] as [String: String?])
    }

    func testAnXcodeGenTargetTakesItsOwnSettingsElseTheSpecs() throws {
        let spec = root.appendingPathComponent("project.yml")
        try Data("""
            name: App
            settings:
              base:
                SWIFT_VERSION: "6.0"
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                settings:
                  base:
                    SWIFT_DEFAULT_ACTOR_ISOLATION: MainActor
              Watch:
                type: application.watchapp2
                platform: watchOS
                sources: [Watch]
                settings:
                  configs:
                    Debug:
                      SWIFT_VERSION: 5.9
            """.utf8).write(to: spec)
        var consulted = Set<String>()
        let description = try XCTUnwrap(try XcodeGenSpecReader.read(specPath: spec.path, consulted: &consulted))
        let modes = Dictionary(uniqueKeysWithValues: description.targets.map { ($0.name, $0.swiftLanguageMode) })
        XCTAssertEqual(modes["App"], 6)
        XCTAssertEqual(modes["Watch"], 5)
        let isolations = Dictionary(uniqueKeysWithValues: description.targets.map { ($0.name, $0.defaultIsolation) })
        XCTAssertEqual(isolations, ["App": String?("MainActor"), "Watch": nil] as [String: String?])
    }
}
