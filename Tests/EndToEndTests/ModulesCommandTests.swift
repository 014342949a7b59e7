import Foundation
import XCTest

/// `firebreak modules`, `--target` and closures on apps built from an Xcode project or an XcodeGen
/// spec, through the built binary. The fixtures are run from their own folder, as a user would.
final class ModulesCommandTests: XCTestCase {
    private static let fixtures = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures")

    private func listing(_ fixture: String, _ extra: [String] = []) throws -> [String: Any] {
        let result = try FirebreakProcess.run(
            ["modules", "--format", "json", "--files", "--no-cache"] + extra, in: Self.fixtures.appendingPathComponent(fixture))
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func modules(_ json: [String: Any]) throws -> [String: [String: Any]] {
        let modules = try XCTUnwrap(json["modules"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: modules.map { ($0["name"] as! String, $0) })
    }

    func testXcodeProjectTargetsWithGroupsSynchronizedFoldersSharedFilesAndPackages() throws {
        let json = try listing("XcodeApp")
        let modules = try modules(json)
        XCTAssertEqual(Set(modules.keys), ["Clinic", "ClinicWidget", "ClinicTests", "Networking"])

        let app = try XCTUnwrap(modules["Clinic"])
        XCTAssertEqual(app["importName"] as? String, "ClinicApp", "PRODUCT_MODULE_NAME names the module")
        XCTAssertEqual(app["kind"] as? String, "app")
        XCTAssertEqual(app["source"] as? String, "xcode-project")
        XCTAssertEqual(app["origin"] as? String, "XcodeApp.xcodeproj")
        // Group paths, a SOURCE_ROOT path, a file shared with the widget, and a file of the widget's
        // synchronized folder that an exception set adds to the app.
        XCTAssertEqual(app["paths"] as? [String], [
            "App/ClinicApp.swift", "App/Services/ProfileStore.swift", "App/Views/ProfileView.swift",
            "Shared/DateFormatting.swift", "Widgets/WidgetKind.swift",
        ])
        XCTAssertEqual(app["dependencies"] as? [String], ["ClinicWidget", "Networking"])

        let widget = try XCTUnwrap(modules["ClinicWidget"])
        XCTAssertEqual(widget["kind"] as? String, "extension")
        XCTAssertEqual(widget["paths"] as? [String], ["Shared/DateFormatting.swift", "Widgets/ClinicWidget.swift", "Widgets/WidgetKind.swift"],
                       "the synchronized folder less its Legacy exception, plus the sources phase")
        XCTAssertEqual(widget["frameworks"] as? [String], ["WidgetKit"])
        XCTAssertEqual(widget["sharedFiles"] as? Int, 2)

        let tests = try XCTUnwrap(modules["ClinicTests"])
        XCTAssertEqual(tests["kind"] as? String, "tests")
        XCTAssertEqual(tests["dependencies"] as? [String], ["Clinic"], "a dependency through a container item proxy")

        let package = try XCTUnwrap(modules["Networking"])
        XCTAssertEqual(package["source"] as? String, "package")
        XCTAssertEqual(package["paths"] as? [String], ["Packages/Networking/Sources/Networking/APIClient.swift"])

        XCTAssertEqual(json["uncompiledFiles"] as? [String], ["App/Unused.swift", "Widgets/Legacy/OldWidget.swift"])
    }

    func testXcodeGenSpecWithTemplatesIncludesExcludesAndModuleNames() throws {
        let modules = try modules(try listing("XcodeGenApp"))
        XCTAssertEqual(Set(modules.keys), ["Diary", "DiaryKit", "DiaryTests", "DiaryWidget"])
        let app = try XCTUnwrap(modules["Diary"])
        XCTAssertEqual(app["source"] as? String, "xcodegen")
        XCTAssertEqual(app["paths"] as? [String], ["Diary/DiaryApp.swift", "Shared/Theme.swift"],
                       "template sources appended, Legacy/** excluded")
        XCTAssertEqual(app["dependencies"] as? [String], ["DiaryKit", "Networking"])
        XCTAssertEqual(app["frameworks"] as? [String], ["HealthKit"])
        XCTAssertEqual(modules["DiaryKit"]?["importName"] as? String, "DiaryCore")
        XCTAssertEqual(modules["DiaryKit"]?["kind"] as? String, "framework")
        XCTAssertEqual(modules["DiaryTests"]?["kind"] as? String, "tests")
        XCTAssertEqual(modules["DiaryWidget"]?["paths"] as? [String], ["Shared/Theme.swift", "Widget/TodayView.swift"],
                       "a target from an included spec, limited by its includes")
    }

    func testAViewsClosureStaysInsideItsTarget() throws {
        let result = try FirebreakProcess.run(["analyze", "--format", "json", "--no-cache"], in: Self.fixtures.appendingPathComponent("XcodeApp"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let views = Dictionary(uniqueKeysWithValues: try XCTUnwrap(json["views"] as? [[String: Any]]).map { ($0["name"] as! String, $0) })
        let closure = { (name: String) throws -> [String] in
            try XCTUnwrap((views[name]?["closure"] as? [String: Any])?["paths"] as? [String])
        }
        XCTAssertEqual(try closure("TodayView"), ["Shared/DateFormatting.swift", "Widgets/ClinicWidget.swift"])
        XCTAssertEqual(views["TodayView"]?["module"] as? String, "ClinicWidget")
        XCTAssertTrue(try closure("ProfileView").contains("Packages/Networking/Sources/Networking/APIClient.swift"))
        XCTAssertEqual((json["summary"] as? [String: Any])?["files"] as? Int, 11, "a file two targets compile counts once")
    }

    func testTargetLimitsLintToTheFilesOfOneTarget() throws {
        let directory = Self.fixtures.appendingPathComponent("XcodeApp")
        let widget = try FirebreakProcess.run(["lint", "--no-cache", "--target", "ClinicWidget"], in: directory)
        XCTAssertEqual(widget.status, 0, widget.stdout + widget.stderr)
        let app = try FirebreakProcess.run(["lint", "--no-cache", "--target", "Clinic"], in: directory)
        XCTAssertEqual(app.status, 1)
        XCTAssertTrue(app.stdout.contains("App/Views/ProfileView.swift:8:46: error: ProfileView reads the shared instance APIClient.shared"), app.stdout)
        let typo = try FirebreakProcess.run(["lint", "--no-cache", "--target", "ClinicWidgte"], in: directory)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("no target named 'ClinicWidgte'; did you mean ClinicWidget"), typo.stderr)
    }

    func testAViewInAFileTwoTargetsCompileIsAViewOfEachAndOneBudgetFinding() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("XcodeApp"), to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = root.appendingPathComponent("Shared/DateFormatting.swift")
        let view = "\nimport SwiftUI\nstruct DateLabel: View {\n    var body: some View { Text(formattedToday()) }\n}\n"
        try Data((try String(contentsOf: shared, encoding: .utf8) + view).utf8).write(to: shared)
        try Data("budgets:\n  default: { lines: 1 }\n".utf8).write(to: root.appendingPathComponent(".firebreak.yml"))

        let analysis = try FirebreakProcess.run(["analyze", "--format", "json", "--no-cache"], in: root)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(analysis.stdout.utf8)) as? [String: Any])
        let views = try XCTUnwrap(json["views"] as? [[String: Any]])
        XCTAssertEqual(views.filter { $0["name"] as? String == "DateLabel" }.compactMap { $0["module"] as? String }.sorted(), ["Clinic", "ClinicWidget"])

        let lint = try FirebreakProcess.run(["lint", "--no-cache"], in: root)
        XCTAssertEqual(lint.status, 1)
        XCTAssertEqual(lint.stdout.components(separatedBy: "DateLabel's dependency closure is over budget").count, 2, lint.stdout)
    }

    func testAnUnreadableProjectIsAWarningAndTheFolderStaysOneModule() throws {
        let root = try FirebreakProcess.fixture([
            "Broken.xcodeproj/project.pbxproj": "{ objects = { ; ",
            "Sources/HomeView.swift": "import SwiftUI\nstruct HomeView: View { var body: some View { Text(\"\") } }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try FirebreakProcess.run(["modules", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: Broken.xcodeproj: Xcode project not read"), result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let modules = try XCTUnwrap(json["modules"] as? [[String: Any]])
        XCTAssertEqual(modules.count, 1)
        XCTAssertEqual(modules.first?["source"] as? String, "root")
    }

    /// A file the scan skips (binary, not UTF-8) keeps the files after it in their own modules: the
    /// module map is made for every discovered file, the model for the files scanned.
    func testAFileSkippedBeforeOthersLeavesTheirModulesAsTheyAre() throws {
        let root = try FirebreakProcess.fixture([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "S", targets: [.target(name: "Networking"), .target(name: "Profile", dependencies: ["Networking"])])

                """,
            "Sources/Networking/APIClient.swift": "public final class APIClient { public static let shared = APIClient(); public func load() {} }\n",
            "Sources/Profile/ProfileView.swift": """
                import SwiftUI
                import Networking
                struct ProfileView: View { var body: some View { Text("").onAppear { APIClient.shared.load() } } }

                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try Data([0x6C, 0x65, 0x74, 0x00, 0x0A]).write(to: root.appendingPathComponent("Sources/Networking/0Binary.swift"))

        let result = try FirebreakProcess.run(["modules", "--no-cache", "--format", "json", "--files"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Sources/Networking/0Binary.swift: binary file (contains NUL bytes), skipped"), result.stderr)
        let modules = try modules(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]))
        XCTAssertEqual(modules["Networking"]?["paths"] as? [String], ["Sources/Networking/APIClient.swift"])
        XCTAssertEqual(modules["Profile"]?["paths"] as? [String], ["Sources/Profile/ProfileView.swift"])

        let analysis = try FirebreakProcess.run(["analyze", "--no-cache", "--format", "json"], in: root)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(analysis.stdout.utf8)) as? [String: Any], analysis.stderr)
        let views = try XCTUnwrap(json["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["module"] as? String }, ["Profile"])
    }
}
