import Foundation
import XCTest

/// `firebreak explain`, and names as users type them in `why`, through the built binary.
final class ExplainCommandTests: XCTestCase {
    private static let goldenDirectory = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden")

    /// One type per way a role is decided: shared instance, service name, adapter's service name,
    /// view, view model by name, folder, composition root, double by name, infrastructure framework.
    func testGoldenRoleReasons() throws {
        var text = ""
        for type in ["APIClient", "SearchService", "LiveMarketsRepository", "ProfileView", "ProfileViewModel", "User",
                     "ClinicApp", "AppContainer", "PreviewUserRepository", "Realm", "UNUserNotificationCenter"] {
            let result = try FirebreakProcess.run(["explain", type, "Examples/ClinicApp"])
            XCTAssertEqual(result.status, 0, "\(type): \(result.stderr)")
            text += result.stdout
        }
        let golden = Self.goldenDirectory.appendingPathComponent("ClinicApp.explain.text")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: golden)
            return
        }
        XCTAssertEqual(text, try String(contentsOf: golden, encoding: .utf8), "rerun with UPDATE_GOLDEN=1 if intended")
    }

    func testATestTargetsFilesAreTestCodeWhateverTheirFolder() throws {
        let result = try FirebreakProcess.run(
            ["explain", "ProfileTests", "--format", "json", "--no-cache"],
            in: FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/XcodeApp"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(json.first?["role"] as? String, "exempt")
        XCTAssertEqual(json.first?["roleReason"] as? String, "test file: only test target ClinicTests compiles it")
    }

    /// Conformances are a set: the reason must not depend on the process's hash seed.
    func testAReasonIsTheSameInEveryRun() throws {
        let root = try FirebreakProcess.fixture([
            "Sources/Screens.swift": """
                import SwiftUI
                protocol Screen: View {}
                protocol Card: View {}
                struct Home: Screen, Card, View, Identifiable {
                    let id = 1
                    var body: some View { Text("") }
                }

                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        var outputs = Set<String>()
        for _ in 0..<8 {
            let result = try FirebreakProcess.run(["explain", "Home", "--no-cache"], in: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            outputs.insert(result.stdout)
        }
        XCTAssertEqual(outputs.count, 1, "\(outputs)")
        XCTAssertTrue(outputs.first?.contains("because: view (conforms to Card)") == true, "\(outputs)")
    }

    func testUnknownNamesGetTheNearestSuggestions() throws {
        let explain = try FirebreakProcess.run(["explain", "APIClinet", "Examples/ClinicApp"])
        XCTAssertEqual(explain.status, 2)
        XCTAssertTrue(explain.stderr.contains("no type named 'APIClinet' in the analysed files; did you mean APIClient?"), explain.stderr)
        let why = try FirebreakProcess.run(["why", "ProfilView", "APIClient", "Examples/ClinicApp"])
        XCTAssertEqual(why.status, 2)
        XCTAssertTrue(why.stderr.contains("did you mean ProfileView"), why.stderr)
    }

    func testWhyTakesFrameworkTypesWithoutTheirModuleAndFrameworkNames() throws {
        let bare = try FirebreakProcess.run(["why", "ReminderView", "UNUserNotificationCenter", "Examples/ClinicApp"])
        XCTAssertEqual(bare.status, 0, bare.stderr)
        XCTAssertTrue(bare.stdout.contains("UserNotifications.UNUserNotificationCenter"), bare.stdout)
        let framework = try FirebreakProcess.run(["why", "ReminderView", "UserNotifications", "Examples/ClinicApp"])
        XCTAssertEqual(framework.status, 0, framework.stderr)
        XCTAssertTrue(framework.stdout.hasPrefix("ReminderView → "), framework.stdout)
        XCTAssertTrue(framework.stdout.contains("UserNotifications."), framework.stdout)
    }

    /// Two targets that each declare `MovieRow`, and an app that extends a framework type: a name
    /// for two types is refused with both, `Module.Name` picks one, and the framework type and the
    /// app's extension of it are one type, the one lint reports.
    func testNamesForTwoTypesAreRefusedAndModuleNamesPickOne() throws {
        let root = try FirebreakProcess.fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "P", targets: [.executableTarget(name: "Phone"), .executableTarget(name: "TV")])
                """,
            "Sources/Phone/MovieRow.swift": "import SwiftUI\nstruct MovieRow: View {\n    var body: some View { Text(\"\") }\n}\n",
            "Sources/TV/MovieRow.swift": "import SwiftUI\nstruct MovieRow: View {\n    var body: some View { Text(\"\") }\n}\n",
            "Sources/Phone/Pipeline.swift": "import Nuke\nextension ImagePipeline {\n    func warm() {}\n}\n",
            "Sources/Phone/CacheView.swift": """
                import SwiftUI
                import Nuke
                struct CacheView: View {
                    var body: some View { Button("Clear") { ImagePipeline.shared.cache.removeAll() } }
                }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let ambiguous = try FirebreakProcess.run(["graph", "--view", "MovieRow", "--no-cache"], in: root)
        XCTAssertEqual(ambiguous.status, 2, ambiguous.stderr)
        XCTAssertTrue(ambiguous.stderr.contains("'MovieRow' names 2 views: Phone.MovieRow (Sources/Phone/MovieRow.swift:2), TV.MovieRow (Sources/TV/MovieRow.swift:2); write Module.Name to choose one"), ambiguous.stderr)
        let qualified = try FirebreakProcess.run(["graph", "--view", "TV.MovieRow", "--no-cache"], in: root)
        XCTAssertEqual(qualified.status, 0, qualified.stderr)
        XCTAssertTrue(qualified.stdout.contains("MovieRow"), qualified.stdout)
        let explain = try FirebreakProcess.run(["explain", "MovieRow", "--no-cache"], in: root)
        XCTAssertEqual(explain.status, 2, explain.stderr)
        let lint = try FirebreakProcess.run(["lint", "--no-cache"], in: root)
        XCTAssertTrue(lint.stdout.contains("CacheView reads the shared instance ImagePipeline.shared"), lint.stdout)
        let why = try FirebreakProcess.run(["why", "CacheView", "ImagePipeline", "--no-cache"], in: root)
        XCTAssertEqual(why.status, 0, why.stdout + why.stderr)
        XCTAssertTrue(why.stdout.contains("CacheView → Nuke.ImagePipeline (singleton access, Sources/Phone/CacheView.swift:4)"), why.stdout)
    }
}
