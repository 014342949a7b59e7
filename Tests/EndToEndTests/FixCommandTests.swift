import Foundation
import XCTest

/// `firebreak fix` through the built binary: the dry-run diff (golden), signature fidelity, a fixed
/// package that `swift build` compiles, idempotence, narrowing, and the types it refuses.
final class FixCommandTests: XCTestCase {
    private static let fixtures = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures")
    private static let golden = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden")
    private var copies: [URL] = []

    override func tearDown() {
        for copy in copies { try? FileManager.default.removeItem(at: copy) }
    }

    /// A fresh temporary tree with the given files, removed at tear-down.
    private func fixture(_ files: [String: String]) throws -> URL {
        let root = try FirebreakProcess.fixture(files)
        copies.append(root)
        return root
    }

    /// A fixture copied to a temporary folder, so applying changes nothing in the repository.
    private func copy(_ fixture: String) throws -> URL {
        let target = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("firebreak-fix-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: target)
        copies.append(target)
        return target
    }

    private func fix(_ arguments: [String] = [], in directory: URL) throws -> FirebreakProcess.Result {
        try FirebreakProcess.run(["fix", "--no-cache"] + arguments, in: directory)
    }

    private func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(text, expected, "\(name) differs; rerun with UPDATE_GOLDEN=1 if intended", file: file, line: line)
    }

    /// Applies `style` to `root`, checks that the result builds, and returns lint's findings after it.
    /// A one-target package that `swift build` compiles, for fixtures built after `--apply`.
    private static let executablePackage =
        "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.executableTarget(name: \"App\")])\n"

    /// Two infrastructure singletons, `Sendable` so a fixed type may hold them.
    private static let apiClientAndTracker = """
        final class APIClient: Sendable {
            static let shared = APIClient()
            func fetch() -> String { "" }
        }

        final class Tracker: Sendable {
            static let shared = Tracker()
            func track(_ event: String) {}
        }
        """

    /// A view that builds its view model through a concrete default argument it relies on.
    private static let settingsViewRelyingOnADefault = """
        struct SettingsView {
            let model = SettingsViewModel()
        }

        final class SettingsViewModel {
            private let client: APIClient
            init(client: APIClient = APIClient.shared) { self.client = client }
            func signOut() { client.logout() }
        }
        """

    private func applyAndBuild(style: String, in root: URL) throws -> [[String: Any]] {
        let applied = try fix(["--style", style, "--apply"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        try assertBuilds(root)
        let lint = try FirebreakProcess.run(["lint", "--no-cache", "--format", "json"], in: root)
        return try XCTUnwrap((JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]],
                             lint.stdout)
    }

    /// `swift build` compiles the package at `root`, within four minutes.
    private func assertBuilds(_ root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let build = try XCTUnwrap(try FirebreakProcess.runTool("swift", ["build", "--scratch-path", root.appendingPathComponent(".build").path], in: root, within: 240),
                                  "swift build did not finish", file: file, line: line)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr, file: file, line: line)
    }

    /// Each file's text, with a final newline, at its path under `root`.
    private func write(_ files: [String: String], into root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((text + "\n").utf8).write(to: url)
        }
    }

    /// The environment fixture with `files` in place of its `Journal` sources.
    private func journalPackage(_ files: [String: String]) throws -> URL {
        let root = try copy("FixEnvironment")
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/Journal"))
        try write(files, into: root)
        return root
    }

    /// An app module's entry point whose one window group shows `root`.
    private static func journalApp(showing root: String) -> String {
        "import SwiftUI\n\n@main\nstruct JournalApp: App {\n    var body: some Scene {\n        WindowGroup { \(root)() }\n    }\n}"
    }

    /// A shared catalogue the journal's views read, in the infrastructure folder.
    private static let catalog = """
        final class Catalog: Sendable {
            static let shared = Catalog()
            func categories() -> [String] { [] }
        }
        """

    /// A second `--apply` of `style` changes no file.
    private func assertSecondApplyChangesNothing(style: String, in root: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let tree = try snapshot(root)
        XCTAssertEqual(try fix(["--style", style, "--apply"], in: root).status, 0, file: file, line: line)
        XCTAssertEqual(try snapshot(root), tree, "a second --apply changed files", file: file, line: line)
    }

    /// Every file under the folder with its text, for comparing trees.
    private func snapshot(_ root: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files[url.path.replacingOccurrences(of: root.path, with: "")] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// A conformance added to a file two targets compile would name a protocol only one of them
    /// declares, and the widget target would stop building: it goes beside the protocol instead,
    /// in the file only the app compiles, and the shared file is left alone.
    func testAConformanceGoesBesideTheProtocolWhenASecondTargetCompilesTheConcreteTypesFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("XcodeApp"), to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let shared = root.appendingPathComponent("Shared/DateFormatting.swift")
        let lookup = """

            final class Lookup {
                static let shared = Lookup()
                private var cache: [String: String] = [:]

                func define(_ word: String) -> String {
                    let url = FileManager.default.temporaryDirectory.appendingPathComponent(word)
                    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                }
            }

            """
        try Data((try String(contentsOf: shared, encoding: .utf8) + lookup).utf8).write(to: shared)
        let view = root.appendingPathComponent("App/Views/ProfileView.swift")
        let text = try String(contentsOf: view, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Text(name).task", with: "Text(name).onAppear { name = Lookup.shared.define(\"x\") }.task").utf8)
            .write(to: view)

        let result = try FirebreakProcess.run(["fix", ".", "--no-cache"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("  ProfileView: APIFetching, LookupProviding from the environment\n"), result.stderr)
        XCTAssertFalse(result.stdout.contains("+++ b/Shared/DateFormatting.swift"), result.stdout)
        let profileView = try XCTUnwrap(result.stdout.components(separatedBy: "+++ b/App/Views/ProfileView.swift").last?.components(separatedBy: "\n+++ ").first)
        XCTAssertTrue(profileView.contains("+extension Lookup: LookupProviding {}\n"), profileView)
    }

    /// Harbour's `Shared/Preview Content/` is compiled by the app and by its widget: a preview
    /// double written there would name a protocol only the app declares. It goes beside the
    /// view it serves instead, in a folder only the app compiles.
    func testANewFileLeavesAFolderThatAnotherTargetCompilesToo() throws {
        let root = try copy("XcodeGenApp")
        let files = [
            "Shared/Preview Content/SampleEntry.swift": "struct SampleEntry {\n    let title = \"Sample\"\n}\n",
            "Diary/Services/Lookup.swift": """
                import Foundation

                final class Lookup {
                    static let shared = Lookup()

                    func define(_ word: String) -> String {
                        let url = FileManager.default.temporaryDirectory.appendingPathComponent(word)
                        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                    }
                }

                """,
            "Diary/Views/WordView.swift": """
                import SwiftUI

                struct WordView: View {
                    @State private var meaning = ""

                    var body: some View {
                        Text(meaning).onAppear { meaning = Lookup.shared.define("firebreak") }
                    }
                }

                """,
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let result = try FirebreakProcess.run(["fix", ".", "--no-cache"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("  WordView: LookupProviding from the environment\n"), result.stderr)
        XCTAssertFalse(result.stdout.contains("+++ b/Shared/"), result.stdout)
        XCTAssertTrue(result.stdout.contains("+++ b/Diary/Views/PreviewLookup.swift\n"), result.stdout)
    }

    func testDryRunPrintsTheGoldenDiffAndChangesNothing() throws {
        let root = try copy("FixPackage")
        let before = try snapshot(root)
        let result = try fix(in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        try assertGolden(result.stdout, "FixPackage.init.diff")
        try assertGolden(result.stderr, "FixPackage.init.summary")
        XCTAssertEqual(try snapshot(root), before, "a dry run wrote files")

        // The diff is a real patch: `git apply` of it gives the tree `--apply` writes.
        let patch = root.appendingPathComponent("fix.patch")
        try Data(result.stdout.utf8).write(to: patch)
        let gitApply = try XCTUnwrap(try FirebreakProcess.runTool("git", ["apply", patch.path], in: root, within: 60))
        XCTAssertEqual(gitApply.status, 0, gitApply.stderr)
        let applied = try copy("FixPackage")
        XCTAssertEqual(try fix(["--apply"], in: applied).status, 0)
        XCTAssertEqual(try snapshot(root), try snapshot(applied))
    }

    func testProtocolsCopyEverySignatureExactly() throws {
        let diff = try fix(in: try copy("FixPackage")).stdout
        for requirement in [
            "func fetchUser(id: String) async throws -> User",
            "func fetchPage(of endpoint: APIClient.Endpoint, page: Int, size: Int) async throws(APIError) -> [String]",
            "func decode<T: Decodable & Sendable>(_ type: T.Type, from data: Data) throws -> T where T: Equatable",
            "func merge(_ values: inout [String], with more: [String])",
            "@discardableResult func cancel(requestWith identifier: String) -> Bool",
            // The actor's isolated method becomes async; its nonisolated one stays synchronous.
            "func image(for key: String) async -> [UInt8]?",
            "func cacheKey(for id: Int) -> String",
            "var isLoggedIn: Bool { get }",
            "var count: Int { get }",
            // A property the type assigns: settable, on a class-bound protocol.
            "var lastKey: String { get set }",
            // Platform types, from firebreak's table: every overload a call could pick, and no other.
            "func set(_ value: Bool, forKey defaultName: String)",
            "func post(name aName: Notification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable: Any]?)",
        ] {
            XCTAssertTrue(diff.contains("+    \(requirement)\n"), "missing requirement: \(requirement)\n\(diff)")
        }
        // Calls that leave out default arguments forward to the requirement with the type's defaults.
        XCTAssertTrue(diff.contains("+    func fetchPage(of endpoint: APIClient.Endpoint, page: Int) async throws(APIError) -> [String] {\n+        try await fetchPage(of: endpoint, page: page, size: 20)\n+    }"), diff)
        XCTAssertTrue(diff.contains("+@MainActor\n+protocol SessionStoreProviding: Sendable {"), diff)
        XCTAssertTrue(diff.contains("+protocol DatabaseProviding: AnyObject, Sendable {"), diff)
        // In a [weak self] closure the dependency is captured beside self.
        XCTAssertTrue(diff.contains("+        Task { [weak self, apiClient = self.apiClient] in\n+            _ = try? await apiClient.fetchPage(of: .users, page: 3)"), diff)
        XCTAssertFalse(diff.contains("func post(_ notification: Notification)"), "an overload no call picks:\n\(diff)")
        // The Live adapter forwards to the platform instance, in the infrastructure folder.
        XCTAssertTrue(diff.contains("+++ b/Sources/Shop/Infrastructure/LiveUserDefaults.swift"), diff)
        // No default argument: in a high-level folder it would be a concrete default of its own.
        XCTAssertTrue(diff.contains("+    init(_ base: UserDefaults) {"), diff)
        XCTAssertTrue(diff.contains("+    func bool(forKey defaultName: String) -> Bool {\n+        base.bool(forKey: defaultName)\n+    }"), diff)
        // Only the members each type uses: the feed never fetches a user.
        let feedProtocol = try XCTUnwrap(diff.components(separatedBy: "+++ b/Sources/Shop/Features/Feed/APIClientProviding.swift").last)
        XCTAssertFalse(feedProtocol.prefix(800).contains("fetchUser"), String(feedProtocol.prefix(800)))
    }

    /// A fix that leaves its concrete type in a view only adds its injection there; --shrink-only
    /// refuses it, names the view, and keeps the fixes after which no view is larger.
    func testShrinkOnlyKeepsTheFixesThatLeaveNoViewLarger() throws {
        let root = try copy("FixPackage")
        let everything = try fix(in: root)
        XCTAssertTrue(everything.stderr.contains("view closures after the fix: 2 smaller, 3 larger, 0 unchanged"), everything.stderr)
        XCTAssertTrue(everything.stderr.hasSuffix("note: --shrink-only keeps only the fixes after which no view's closure is larger\n"), everything.stderr)

        let applied = try fix(["--apply", "--shrink-only"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertTrue(applied.stdout.hasPrefix("firebreak fix: fixed 2 of 24 singleton-access and concrete-instantiation findings in 1 type"), applied.stdout)
        XCTAssertTrue(applied.stdout.contains("  GalleryViewModel: ImageCacheProviding through init\n"), applied.stdout)
        for refusal in [
            // Platform types have no code in the closure: their fix only adds the injection.
            "  PreferencesViewModel (9): --shrink-only: Shop.PreferencesView's closure would grow from 34 to 74 lines, "
                + "and FileManager, NotificationCenter, UserDefaults have no code in it to take out (Shop.PreferencesView)",
            // The feed's own model is blamed first, being in the feed; left unfixed, it keeps
            // APIClient there, and the profile's fix then only adds its injection.
            "  FeedViewModel (8): --shrink-only: Shop.FeedView's closure would grow from 65 to 91 lines: "
                + "the fixes add more than taking out Analytics saves (Shop.FeedView)",
            "  ProfileViewModel (2): --shrink-only: Shop.FeedView's closure would grow from 65 to 68 lines, where APIClient stays "
                + "(FeedViewModel, Sources/Shop/Features/Feed/FeedViewModel.swift:8 names APIClient) (Shop.FeedView)",
            "  SettingsViewModel (3): --shrink-only: Shop.SettingsView's closure would grow from 34 to 43 lines: "
                + "the fixes add more than taking out Analytics, SessionStore saves (Shop.SettingsView)",
        ] {
            XCTAssertTrue(applied.stdout.contains(refusal + "\n"), "missing: \(refusal)\n\(applied.stdout)")
        }
        XCTAssertTrue(applied.stdout.contains("Views: 1 smaller, 0 larger, 4 unchanged, 0 added, 0 removed"), applied.stdout)

        let again = try fix(["--shrink-only"], in: root)
        XCTAssertEqual(again.stdout, "", "a second run changes nothing")
        XCTAssertTrue(again.stderr.hasPrefix("firebreak fix: would fix 0 of 22"), again.stderr)
    }

    /// A firewall's conformance is declared by the concrete type: every view that still reaches
    /// the type compiles the protocol too. --shrink-only blames first the fix of a view the
    /// grown view shows (the row), then a fix elsewhere (the lone view) whose conformance still
    /// reaches the hub through the concrete type the hub keeps.
    func testAPartialFirewallGrowsEveryViewThatKeepsTheConcreteType() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Catalog.swift": """
                final class Catalog: Sendable {
                    static let shared = Catalog()
                    func categories() -> [String] { ["a", "b", "c"].map { $0.uppercased() }.filter { !$0.isEmpty }.sorted() }
                    func count() -> Int { categories().count + categories().count + categories().count + categories().count }
                }
                """,
            "Sources/Journal/Features/HubView.swift": """
                import SwiftUI

                struct HubView: View {
                    var body: some View {
                        Text(String(describing: [Catalog.shared])).overlay(RowView())
                    }
                }

                struct RowView: View {
                    var body: some View { Text(Catalog.shared.categories().joined()) }
                }

                struct LoneView: View {
                    var body: some View { Text(Catalog.shared.categories().joined()) }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": """
                import SwiftUI

                @main
                struct JournalApp: App {
                    var body: some Scene {
                        WindowGroup { HubView().overlay(LoneView()) }
                    }
                }
                """,
        ])
        let everything = try fix([], in: root)
        XCTAssertTrue(everything.stderr.contains("  LoneView: CatalogProviding from the environment\n"), everything.stderr)
        XCTAssertTrue(everything.stderr.contains("  RowView: CatalogProviding from the environment\n"), everything.stderr)
        let result = try fix(["--shrink-only"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let keeper = "where Catalog stays (HubView, Sources/Journal/Features/HubView.swift:5 names Catalog) (Journal.HubView)\n"
        XCTAssertTrue(result.stderr.contains("  RowView (1): --shrink-only: Journal.HubView's closure would grow from 13 to 17 lines, " + keeper), result.stderr)
        XCTAssertTrue(result.stderr.contains("  LoneView (1): --shrink-only: Journal.HubView's closure would grow from 13 to 16 lines, " + keeper), result.stderr)
    }

    func testAppliedFixCompilesCutsTheClosuresAndIsIdempotent() throws {
        let root = try copy("FixPackage")
        let applied = try fix(["--apply", "--mocks"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertTrue(applied.stdout.hasPrefix("firebreak fix: fixed 24 of 24 singleton-access and concrete-instantiation findings in 5 types"), applied.stdout)
        XCTAssertTrue(applied.stdout.contains("Fixed findings (24)"), applied.stdout)

        // The preview doubles are written (and compiled below) with their knobs.
        let double = try String(contentsOf: root.appendingPathComponent("Sources/Shop/Features/Profile/PreviewAPIFetching.swift"), encoding: .utf8)
        XCTAssertEqual(double, """
            /// A stand-in APIFetching for previews and tests: set its fixtures, a delay, a failure.
            struct PreviewAPIFetching: APIFetching {
                var fetchUserResult: User
                var delayNanoseconds: UInt64 = 0
                var failure: (any Error & Sendable)? = nil

                func fetchUser(id: String) async throws -> User {
                    try await Task.sleep(nanoseconds: delayNanoseconds)
                    if let failure { throw failure }
                    return fetchUserResult
                }
            }

            """)
        XCTAssertTrue(applied.stdout.contains("note: no preview double for APIClientProviding: APIClientProviding.decode is generic: a fixture cannot stand for every type it returns"), applied.stdout)
        try assertBuilds(root)

        let lint = try FirebreakProcess.run(["lint", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(lint.status, 0, lint.stdout)
        let analysis = try FirebreakProcess.run(["analyze", "--no-cache", "--format", "json"], in: root)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(analysis.stdout.utf8)) as? [String: Any])
        for view in try XCTUnwrap(json["views"] as? [[String: Any]]) {
            let name = try XCTUnwrap(view["name"] as? String)
            let paths = try XCTUnwrap((view["closure"] as? [String: Any])?["paths"] as? [String])
            let infrastructure = paths.filter { $0.contains("/Infrastructure/") }
            // The feed's protocol names APIClient.Endpoint, which the summary says.
            XCTAssertEqual(infrastructure.isEmpty, name != "FeedView", "\(name): \(infrastructure)")
        }

        let tree = try snapshot(root)
        let again = try fix(["--apply", "--mocks"], in: root)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "firebreak fix: nothing to fix\n")
        XCTAssertEqual(try snapshot(root), tree, "a second --apply changed files")
        XCTAssertEqual(try fix(in: root).stdout, "", "a dry run after --apply still has a diff")
    }

    func testClosuresStyleWritesDependenciesAndAContainerThatCompile() throws {
        let root = try copy("FixPackage")
        let dryRun = try fix(["--style", "closures"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        try assertGolden(dryRun.stdout, "FixPackage.closures.diff")
        try assertGolden(dryRun.stderr, "FixPackage.closures.summary")

        let findings = try applyAndBuild(style: "closures", in: root)
        // The container is a composition root: its singleton reads are not findings.
        XCTAssertFalse(findings.contains { ($0["path"] as? String ?? "").contains("AppDependencies") }, "\(findings)")
        // 16 stay, each a dependency the others of its type are fixed without: PreferencesViewModel's
        // 8 (UserDefaults.set and FileManager.fileExists are each called through two overloads, and a
        // closure field holds one), FeedViewModel's 7 (a local constant holds APIClient.shared) and
        // ProfileViewModel's assignment of Database.lastKey.
        XCTAssertEqual(findings.count, 16, "\(findings)")
        try assertSecondApplyChangesNothing(style: "closures", in: root)
    }

    /// Views read the protocols from the environment; the window group sets the live instances
    /// once per key, previews get the doubles; a view model is left to `--style init`. The fixture's
    /// `SwiftUI` is a stub of the types involved, so the result compiles on Linux too.
    func testEnvironmentStyleWritesKeysInjectsAtTheWindowGroupAndCompiles() throws {
        let root = try copy("FixEnvironment")
        let dryRun = try fix(["--style", "environment"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        try assertGolden(dryRun.stdout, "FixEnvironment.environment.diff")
        try assertGolden(dryRun.stderr, "FixEnvironment.environment.summary")

        let findings = try applyAndBuild(style: "environment", in: root)
        XCTAssertEqual(findings.map { $0["type"] as? String }, ["EntriesViewModel"], "\(findings)")
        try assertSecondApplyChangesNothing(style: "environment", in: root)
    }

    /// What `--style environment` leaves alone, each with its reason, and a module with no App.
    func testEnvironmentStyleRefusalsNameTheirReason() throws {
        let services = """
            final class SyncClient: Sendable {
                static let shared = SyncClient()
                func lastSync() -> String { "" }
            }
            final class Recorder {
                func start() {}
            }
            """
        let views = """
            import SwiftUI
            struct PublicSyncView: View {
                var sync = SyncClient.shared
                var body: some View { Text(sync.lastSync()) }
            }
            struct RecorderView: View {
                var body: some View { Text("") }
                func record() { Recorder().start() }
            }
            """
        func refusals(app: String?, views: String) throws -> String {
            var files = [".firebreak.yml": "version: 1\n", "Sources/App/Infrastructure/Services.swift": services,
                         "Sources/App/Features/Views.swift": views]
            if let app {
                files["Sources/App/App/JournalApp.swift"] = "import SwiftUI\n@main\nstruct JournalApp: App {\n    var body: some Scene {\n        WindowGroup {\n            \(app)\n        }\n    }\n}\n"
            }
            let root = try fixture(files)
            let result = try fix(["--style", "environment"], in: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "", "nothing is changed")
            return result.stderr
        }
        let shapes = try refusals(app: "PublicSyncView()", views: views)
        XCTAssertTrue(shapes.contains("PublicSyncView (1): Sources/App/Features/Views.swift:3:5: sync is a var that callers can set through the memberwise init"), shapes)
        XCTAssertTrue(shapes.contains("RecorderView (1): Recorder is constructed in RecorderView"), shapes)
        let privateHolder = views.replacingOccurrences(of: "var sync", with: "private let sync")
        // An `if` there is wrapped in a `Group` (the FixEnvironment fixture compiles one); an empty scene holds nothing.
        let empty = try refusals(app: "", views: privateHolder)
        XCTAssertTrue(empty.contains("PublicSyncView (1): Sources/App/App/JournalApp.swift:5:9: the WindowGroup holds no view to set the live instances on"), empty)
        let noApp = try refusals(app: nil, views: privateHolder)
        XCTAssertTrue(noApp.contains("has no SwiftUI App with a WindowGroup, Window or DocumentGroup to set the live instances on; without one, the app would run on the preview doubles"), noApp)
    }

    /// Every scene's root view gets the live instances (a view shown in the Settings window would
    /// otherwise run on the doubles), also where the App conforms in an extension; a menu bar
    /// extra alone is no app of SwiftUI windows.
    func testEnvironmentStyleSetsTheLiveInstancesOnEveryScene() throws {
        let services = """
            final class SyncClient: Sendable {
                static let shared = SyncClient()
                func lastSync() -> String { "" }
            }
            """
        let views = """
            import SwiftUI
            struct SyncView: View {
                private let sync = SyncClient.shared
                var body: some View { Text(sync.lastSync()) }
            }
            struct Settings: View {
                var body: some View { SyncView() }
            }
            """
        func dryRun(_ app: String) throws -> (diff: String, summary: String) {
            let root = try fixture([".firebreak.yml": "version: 1\n", "Sources/App/Infrastructure/Services.swift": services,
                                    "Sources/App/Features/Views.swift": views, "Sources/App/App/JournalApp.swift": app])
            let result = try fix(["--style", "environment"], in: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            return (result.stdout, result.stderr)
        }
        let scenes = try dryRun("""
            import SwiftUI
            @main
            struct JournalApp {}

            extension JournalApp: SwiftUI.App {
                var body: some Scene {
                    WindowGroup {
                        Settings()
                    }
                    SwiftUI.Settings {
                        SyncView()
                    }
                }
            }
            """)
        XCTAssertTrue(scenes.summary.contains("SyncView: SyncClientProviding from the environment"), scenes.summary)
        XCTAssertTrue(scenes.diff.contains("""
             WindowGroup {
                         Settings()
            +                .environment(\\.syncClient, SyncClient.shared)
            """), scenes.diff)
        let menuBarOnly = try dryRun("""
            import SwiftUI
            @main
            struct JournalApp: App {
                var body: some Scene {
                    MenuBarExtra("Journal") {
                        SyncView()
                    }
                }
            }
            """)
        XCTAssertEqual(menuBarOnly.diff, "")
        XCTAssertTrue(menuBarOnly.summary.contains("has no SwiftUI App with a WindowGroup, Window or DocumentGroup"), menuBarOnly.summary)
        // The App's body names scene types of the app's own, whose bodies hold the windows.
        let ownScenes = try dryRun("""
            import SwiftUI
            @main
            struct JournalApp: App {
                var body: some Scene {
                    JournalWindow()
                }
            }
            struct JournalWindow: Scene {
                var body: some Scene {
                    Window("Journal", id: "journal") {
                        SyncView()
                    }
                }
            }
            """)
        XCTAssertTrue(ownScenes.summary.contains("SyncView: SyncClientProviding from the environment"), ownScenes.summary)
        XCTAssertTrue(ownScenes.diff.contains("""
             Window("Journal", id: "journal") {
                         SyncView()
            +                .environment(\\.syncClient, SyncClient.shared)
            """), ownScenes.diff)
    }

    /// dime's settings views read iCloud's key-value store, as others read `UserDefaults`: the table
    /// of platform services knows its members, so the views read it from the environment.
    func testTheICloudKeyValueStoreIsAPlatformServiceTheFixKnows() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Sources/App/Features/CurrencyView.swift": """
                import SwiftUI
                struct CurrencyView: View {
                    var body: some View {
                        Button(NSUbiquitousKeyValueStore.default.string(forKey: "currency") ?? "USD") {
                            NSUbiquitousKeyValueStore.default.set("EUR", forKey: "currency")
                        }
                    }
                }
                """,
            "Sources/App/App/DimeApp.swift": """
                import SwiftUI
                @main
                struct DimeApp: App {
                    var body: some Scene { WindowGroup { CurrencyView() } }
                }
                """,
        ])
        let result = try fix(["--style", "environment"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("would fix 2 of 2"), result.stderr)
        XCTAssertTrue(result.stdout.contains("+        Button(ubiquitousKeyValueStore.string(forKey: \"currency\") ?? \"USD\") {"), result.stdout)
        XCTAssertTrue(result.stdout.contains("LiveNSUbiquitousKeyValueStore(NSUbiquitousKeyValueStore.default)"), result.stdout)
    }

    /// Two view models of one module use one store: one reads its count, the other sets it and
    /// calls another method. They share one protocol with the union of both, the count declared
    /// once and settable, and the package builds.
    func testTypesOfOneModuleShareOneProtocolWithTheUnionOfTheirMembers() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/Store.swift": """
                @MainActor
                final class Store {
                    static let shared = Store()
                    var count: Int = 0
                    func save() {}
                }
                """,
            "Sources/App/Features/BadgeViewModel.swift": """
                @MainActor
                final class BadgeViewModel {
                    func badge() -> String { String(Store.shared.count) }
                }
                """,
            "Sources/App/Features/CounterViewModel.swift": """
                @MainActor
                final class CounterViewModel {
                    func reset() {
                        Store.shared.count = 0
                        Store.shared.save()
                    }
                }
                """,
            "Sources/App/App/AppMain.swift": """
                @main
                enum AppMain {
                    @MainActor
                    static func main() {
                        print(BadgeViewModel().badge())
                        CounterViewModel().reset()
                    }
                }
                """,
        ])
        copies.append(root)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let protocolFiles = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/App/Features").path)
            .filter { $0.hasSuffix("Providing.swift") }
        XCTAssertEqual(protocolFiles, ["StoreProviding.swift"])
        let text = try String(contentsOf: root.appendingPathComponent("Sources/App/Features/StoreProviding.swift"), encoding: .utf8)
        XCTAssertTrue(text.contains("var count: Int { get set }"), text)
        XCTAssertFalse(text.contains("var count: Int { get }"), text)
        XCTAssertTrue(text.contains("func save()"), text)
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// Basic-Car-Maintenance: an alert view and an icon view's model share one protocol over
    /// UIApplication, whose `open(_:)` names `URL`. The icon view newly reaches Foundation through
    /// it, which has no lines and no service behind it: both fixes are kept.
    func testReachingANonInfrastructureFrameworkThroughASharedProtocolIsNotGrowth() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Sources/App/Features/AlertView.swift": """
                import SwiftUI
                struct AlertView: View {
                    var body: some View {
                        Button("Open settings") { UIApplication.shared.open(URL(string: "app-settings:")!) }
                    }
                }
                """,
            "Sources/App/Features/IconView.swift": """
                import SwiftUI
                struct IconView: View {
                    @State private var viewModel = IconViewModel()
                    var body: some View {
                        Button("Icon") { viewModel.reset() }
                    }
                }
                """,
            "Sources/App/Features/IconViewModel.swift": """
                import SwiftUI
                @Observable
                final class IconViewModel {
                    func reset() { UIApplication.shared.setAlternateIconName(nil) }
                }
                """,
            "Sources/App/App/IconApp.swift": """
                import SwiftUI
                @main
                struct IconApp: App {
                    var body: some Scene { WindowGroup { IconView(); AlertView() } }
                }
                """,
        ])
        let result = try fix([], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("would fix 2 of 2"), result.stderr)
        XCTAssertTrue(result.stderr.contains("AlertView: UIApplicationProviding from the environment"), result.stderr)
        XCTAssertTrue(result.stderr.contains("IconViewModel: UIApplicationProviding through init"), result.stderr)
        // The model's nonisolated `reset()` calls it, as it called UIKit's, where the isolation is
        // Objective-C's and a nonisolated call is at most a warning.
        XCTAssertTrue(result.stdout.contains("+@preconcurrency @MainActor\n+protocol UIApplicationProviding: Sendable {"), result.stdout)
    }

    func testClosureFieldsSpellTheConcreteTypesNestedTypesQualified() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/Haptics.swift": """
                final class Haptics: Sendable {
                    static let shared = Haptics()
                    enum Kind: Sendable { case tap, success }
                    func fire(_ kind: Kind) {}
                }
                """,
            "Sources/App/Features/FeedViewModel.swift": """
                final class FeedViewModel {
                    func refresh() { Haptics.shared.fire(.success) }
                }
                """,
            "Sources/App/App/AppMain.swift": """
                @main
                enum AppMain {
                    static func main() { FeedViewModel().refresh() }
                }
                """,
        ])
        copies.append(root)
        let result = try fix(["--style", "closures"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("+        var fire: (Haptics.Kind) -> Void\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("+            fire: { Haptics.shared.fire($0) }\n"), result.stdout)
    }

    /// A platform type's members the app adds in its own module come from that extension; nested
    /// types of the same name are told apart by their parent at every construction.
    func testPlatformExtensionMembersAndNestedTypesOfOneName() throws {
        let coordinator = { (parent: String) in
            """
            import Foundation

            struct \(parent) {
                func makeCoordinator() -> Coordinator {
                    Coordinator()
                }

                final class Coordinator {
                    func size(of url: URL) -> Int {
                        (try? FileManager.default.sizeOfItem(at: url)) ?? 0
                    }
                }
            }
            """
        }
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Support/FileManager+Size.swift": """
                import Foundation

                extension FileManager {
                    func sizeOfItem(at url: URL) throws -> Int {
                        (try attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                    }
                }
                """,
            "Sources/App/Features/Picker.swift": coordinator("Picker"),
            "Sources/App/Features/Viewer.swift": coordinator("Viewer"),
            "Sources/App/App/AppMain.swift": """
                import Foundation

                @main
                enum AppMain {
                    static func main() {
                        print(Viewer.Coordinator().size(of: URL(fileURLWithPath: "/")))
                    }
                }
                """,
        ])
        copies.append(root)
        let result = try fix(in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("would fix 2 of 2 singleton-access and concrete-instantiation findings in 2 types"), result.stderr)
        XCTAssertTrue(result.stdout.contains("+    func sizeOfItem(at url: URL) throws -> Int\n"), "the requirement comes from the app's extension:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.contains("+        print(Viewer.Coordinator(fileManager: LiveFileManager(FileManager.default)).size(of: URL(fileURLWithPath: \"/\")))\n"), result.stdout)
        for parent in ["Picker", "Viewer"] {
            XCTAssertTrue(result.stderr.contains("note: Sources/App/Features/\(parent).swift:5:9 builds \(parent).Coordinator in high-level code"), result.stderr)
        }
        let doubled = result.stdout.split(separator: "\n").filter { $0.components(separatedBy: "fileManager:").count > 2 }
        XCTAssertEqual(doubled, [], "a construction got another type's argument")
    }

    /// `concrete-default-argument`: a parameter typed as the concrete type takes a protocol of the
    /// members used through the property it initialises; one typed as a protocol loses only its
    /// default; a platform type's call sites pass its `Live…` adapter; a type that high-level code
    /// builds through the default is refused, with the site named.
    func testConcreteDefaultArgumentsMoveToTheCallSites() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/APIClient.swift": """
                final class APIClient: Sendable {
                    static let shared = APIClient()
                    func fetchUser(id: String) async throws -> String { id }
                    func logout() {}
                }
                """,
            "Sources/App/Infrastructure/LiveMarketsRepository.swift": """
                final class LiveMarketsRepository: MarketsRepository {
                    init() {}
                    func topMarkets() -> [String] { [] }
                }
                """,
            "Sources/App/Domain/MarketsRepository.swift": "protocol MarketsRepository {\n    func topMarkets() -> [String]\n}\n",
            "Sources/App/Features/ProfileViewModel.swift": """
                @MainActor
                final class ProfileViewModel {
                    private let client: APIClient
                    var name = ""

                    init(title: String, client: APIClient = .shared, retries: Int = 3) {
                        self.client = client
                        _ = title
                    }

                    func load() async {
                        name = (try? await client.fetchUser(id: "me")) ?? ""
                    }
                }
                """,
            "Sources/App/Features/WatchlistViewModel.swift": """
                final class WatchlistViewModel {
                    private let repository: any MarketsRepository

                    init(repository: any MarketsRepository = LiveMarketsRepository()) {
                        self.repository = repository
                    }

                    func markets() -> [String] { repository.topMarkets() }
                }
                """,
            "Sources/App/Features/AlertsViewModel.swift": """
                import Foundation

                final class AlertsViewModel {
                    private let center: NotificationCenter

                    init(center: NotificationCenter = .default) {
                        self.center = center
                    }

                    func announce() { center.post(name: .init("alerts"), object: nil) }
                }
                """,
            "Sources/App/Features/TickerViewModel.swift": """
                import Foundation

                final class TickerViewModel {
                    init(center: NotificationCenter = .default) {
                        center.post(name: .init("ticker"), object: nil)
                    }
                }
                """,
            "Sources/App/Features/SettingsView.swift": Self.settingsViewRelyingOnADefault,
            "Sources/App/App/AppMain.swift": """
                @main
                @MainActor
                enum AppMain {
                    static func main() async {
                        let profile = ProfileViewModel(title: "Me", retries: 2)
                        await profile.load()
                        print(profile.name, WatchlistViewModel().markets())
                        AlertsViewModel().announce()
                        _ = TickerViewModel()
                        _ = SettingsView()
                    }
                }
                """,
        ])
        copies.append(root)
        let dryRun = try fix(in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.hasPrefix("firebreak fix: would fix 5 of 5 singleton-access, concrete-instantiation and concrete-default-argument findings in 5 types"), dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  ProfileViewModel: APIFetching through init, the default of client moved to the call sites\n"), dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  WatchlistViewModel: the default of repository moved to the call sites\n"), dryRun.stderr)
        // High-level code (SettingsView) relies on the default: it names the type's container, a composition root.
        XCTAssertTrue(dryRun.stderr.contains("  SettingsViewModel: APIClientProviding through init, the default of client moved to the call sites and SettingsViewModelContainer\n"), dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("note: Sources/App/Features/SettingsView.swift:2:17 builds SettingsViewModel in high-level code (in folder Features/), which compiles through the default argument; pass APIClient.shared from the composition root to take it out of SettingsViewModel's closure\n"), dryRun.stderr)
        for line in [
            "-    private let client: APIClient\n+    private let client: any APIFetching\n",
            "-    init(title: String, client: APIClient = .shared, retries: Int = 3) {\n+    init(title: String, client: any APIFetching, retries: Int = 3) {\n",
            "-    init(repository: any MarketsRepository = LiveMarketsRepository()) {\n+    init(repository: any MarketsRepository) {\n",
            "-    init(center: NotificationCenter = .default) {\n+    init(center: any NotificationCenterProviding) {\n",
            "+        let profile = ProfileViewModel(title: \"Me\", client: APIClient.shared, retries: 2)\n",
            "+        print(profile.name, WatchlistViewModel(repository: LiveMarketsRepository()).markets())\n",
            "+        AlertsViewModel(center: LiveNotificationCenter(NotificationCenter.default)).announce()\n",
            // Used only inside its init: the parameter alone takes the protocol AlertsViewModel's shares.
            "-    init(center: NotificationCenter = .default) {\n+    init(center: any NotificationCenterProviding) {\n         center.post",
            "+        _ = TickerViewModel(center: LiveNotificationCenter(NotificationCenter.default))\n",
            "-    init(client: APIClient = APIClient.shared) { self.client = client }\n+    private let client: any APIClientProviding\n"
                + "+    init(client: any APIClientProviding = SettingsViewModelContainer.client) { self.client = client }\n",
            "+enum SettingsViewModelContainer {\n+    static var client: any APIClientProviding { APIClient.shared }\n+}\n",
        ] {
            XCTAssertTrue(dryRun.stdout.contains(line), "missing:\n\(line)\nin:\n\(dryRun.stdout)")
        }
        XCTAssertFalse(dryRun.stdout.contains("SettingsViewModel(client:"), "a high-level call site was given the live value:\n\(dryRun.stdout)")

        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// High-level code that builds a fixed type keeps compiling through defaults, which name a
    /// container of the type's own (a composition root) in the folder of the module's entry point
    /// (`main.swift` here, not `AppContainer`, a root by name only): no `concrete-default-argument`
    /// finding is added and the note still says what is left to do.
    func testDefaultsNameAContainerInTheEntryPointsFolder() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("firebreak-fix-\(UUID().uuidString)")
        copies.append(root)
        let files = [
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/Clients.swift": Self.apiClientAndTracker,
            "Sources/App/Features/ProfileViewModel.swift": """
                final class ProfileViewModel {
                    func title() -> String {
                        Tracker.shared.track("title")
                        return APIClient.shared.fetch()
                    }
                }
                """,
            "Sources/App/Features/SettingsViewModel.swift": """
                final class SettingsViewModel {
                    func makeProfile() -> ProfileViewModel { ProfileViewModel() }
                }
                """,
            "Sources/App/Root/AppContainer.swift": """
                enum AppContainer {
                    static func makeSettings() -> SettingsViewModel { SettingsViewModel() }
                }
                """,
            "Sources/App/main.swift": "print(AppContainer.makeSettings().makeProfile().title())\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let before = try FirebreakProcess.run(["lint", "--no-cache", "--format", "json"], in: root)
        let beforeFindings = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        XCTAssertEqual(beforeFindings.compactMap { $0["rule"] as? String }.sorted(), ["singleton-access", "singleton-access"], before.stdout)

        let dryRun = try fix(in: root)
        XCTAssertTrue(dryRun.stderr.contains("note: Sources/App/Features/SettingsViewModel.swift:2:46 builds ProfileViewModel in high-level code"), dryRun.stderr)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let container = try String(contentsOf: root.appendingPathComponent("Sources/App/ProfileViewModelContainer.swift"), encoding: .utf8)
        XCTAssertEqual(container, """
            /// The live dependencies ProfileViewModel defaults to where high-level code builds it without
            /// passing them: a composition root, so the defaults name no concrete type in ProfileViewModel.
            enum ProfileViewModelContainer {
                static var tracker: any Tracking { Tracker.shared }
                static var apiClient: any APIFetching { APIClient.shared }
            }

            """)
        let model = try String(contentsOf: root.appendingPathComponent("Sources/App/Features/ProfileViewModel.swift"), encoding: .utf8)
        XCTAssertTrue(model.contains("""
                init(
                    tracker: any Tracking = ProfileViewModelContainer.tracker,
                    apiClient: any APIFetching = ProfileViewModelContainer.apiClient
                ) {
            """), model)
        XCTAssertFalse(model.contains("APIClient.shared") || model.contains("Tracker.shared"), model)
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// CodeEdit's nested `Coordinator`s each wrote a `CoordinatorContainer` into one path: the
    /// second was dropped, and its defaults named members the container did not have.
    func testNestedTypesOfOneNameEachGetTheirOwnContainer() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("firebreak-fix-\(UUID().uuidString)")
        copies.append(root)
        let coordinator = { (view: String, call: String) in
            "final class \(view) {\n    final class Coordinator {\n        func run() -> String { \(call) }\n    }\n}\n"
        }
        let files = [
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/Clients.swift": Self.apiClientAndTracker,
            "Sources/App/Features/ListPanel.swift": coordinator("ListPanel", "APIClient.shared.fetch()"),
            "Sources/App/Features/DetailPanel.swift": coordinator("DetailPanel", "Tracker.shared.track(\"open\"); return \"\""),
            "Sources/App/Features/Screens.swift": """
                final class Screens {
                    func open() -> String { ListPanel.Coordinator().run() + DetailPanel.Coordinator().run() }
                }
                """,
            "Sources/App/main.swift": "print(Screens().open())\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        for container in ["ListPanelCoordinatorContainer", "DetailPanelCoordinatorContainer"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/App/\(container).swift").path), container)
        }
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// Overloads of one name with other labels each serve the calls they match: a call of one
    /// overload no longer stops the fix because another overload's parameters do not fit it.
    func testOverloadsWithOtherLabelsServeTheirOwnCalls() throws {
        let root = try fixture([
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/Toaster.swift": """
                final class Toaster: @unchecked Sendable {
                    static let shared = Toaster()
                    private var shown: [String] = []
                    func show(_ text: String, duration: Double = 3) { shown.append(text) }
                    func show(resource: Int, operation: Int, duration: Double = 3) { shown.append("\\(resource)") }
                }
                """,
            "Sources/App/Features/FriendsViewModel.swift": """
                final class FriendsViewModel {
                    func accepted() { Toaster.shared.show("Accepted") }
                    func sent() { Toaster.shared.show(resource: 1, operation: 2) }
                }
                """,
            "Sources/App/main.swift": "FriendsViewModel().sent()\n",
        ])
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let features = root.appendingPathComponent("Sources/App/Features")
        let protocolText = try FileManager.default.contentsOfDirectory(atPath: features.path)
            .map { try String(contentsOf: features.appendingPathComponent($0), encoding: .utf8) }
            .first { $0.contains("protocol ") } ?? ""
        XCTAssertTrue(protocolText.contains("func show(_ text: String, duration: Double)"), protocolText)
        XCTAssertTrue(protocolText.contains("func show(resource: Int, operation: Int, duration: Double)"), protocolText)
    }

    /// An `override init` that takes the dependency overrides nothing any more, so it loses
    /// `override`; a `required init?(coder:)` that only traps is left as it is.
    func testOverridingInitsLoseOverrideAndTrappingCoderInitsAreLeftAlone() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Sources/App/Infrastructure/APIClient.swift": "final class APIClient {\n    static let shared = APIClient()\n    func fetch() -> String { \"\" }\n}\n",
            "Sources/App/Features/BannerView.swift": """
                import Foundation

                final class BannerView: NSObject {
                    override init() {
                        super.init()
                    }

                    @available(*, unavailable)
                    required init?(coder: NSCoder) {
                        fatalError("init(coder:) has not been implemented")
                    }

                    func title() -> String { APIClient.shared.fetch() }
                }
                """,
            "Sources/App/App/AppMain.swift": "@main\nenum AppMain {\n    static func main() {\n        print(BannerView().title())\n    }\n}\n",
        ])
        copies.append(root)
        let result = try fix(in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("-    override init() {\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("+    init(apiClient: any APIFetching) {\n+        self.apiClient = apiClient\n         super.init()\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("coder: NSCoder) {\n+"), "the trapping coder init was changed:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.contains("+        print(BannerView(apiClient: APIClient.shared).title())\n"), result.stdout)
    }

    /// A subclass that inherits its only init declares it again, taking the dependency and passing
    /// the rest to `super.init`; one whose superclass is fixed too is refused with that reason.
    func testSubclassesWithoutInitsDeclareTheInheritedOneAgain() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/APIClient.swift": "final class APIClient: Sendable {\n    static let shared = APIClient()\n    func fetch() -> String { \"\" }\n}\n",
            "Sources/App/Features/Fetchers.swift": """
                class BaseFetcher {
                    let id: String
                    init(_ id: String, retries: Int = 2) throws { self.id = id }
                }

                final class FeedFetcher: BaseFetcher {
                    var page = 0
                    func load() -> String { APIClient.shared.fetch() + id }
                }

                class TrackedFetcher {
                    init() {}
                    func ping() -> String { APIClient.shared.fetch() }
                }

                final class InboxFetcher: TrackedFetcher {
                    func load() -> String { APIClient.shared.fetch() }
                }
                """,
            "Sources/App/App/AppMain.swift": "@main\nenum AppMain {\n    static func main() throws {\n        print(try FeedFetcher(\"a\").load())\n    }\n}\n",
        ])
        copies.append(root)
        let dryRun = try fix(["--type", "FeedFetcher", "--type", "InboxFetcher"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("""
             final class FeedFetcher: BaseFetcher {
            +    private let apiClient: any APIFetching
                 var page = 0
            -    func load() -> String { APIClient.shared.fetch() + id }
            +
            +    init(apiClient: any APIFetching, _ id: String, retries: Int = 2) throws {
            +        self.apiClient = apiClient
            +        try super.init(id, retries: retries)
            +    }
            +
            """), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("+        print(try FeedFetcher(apiClient: APIClient.shared, \"a\").load())\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stderr.contains("  InboxFetcher (1): InboxFetcher subclasses TrackedFetcher and has no init of its own, and TrackedFetcher has findings of its own whose fix changes the init it inherits; write one, then run fix again\n"), dryRun.stderr)

        XCTAssertEqual(try fix(["--type", "FeedFetcher", "--apply"], in: root).status, 0)
        try assertBuilds(root)
        let tree = try snapshot(root)
        XCTAssertEqual(try fix(["--type", "FeedFetcher", "--apply"], in: root).status, 0)
        XCTAssertEqual(try snapshot(root), tree, "a second --apply changed files")
    }

    /// A class's new init parameter reaches its subclasses: `super.init(…)` in their inits, the
    /// constructions and `self.init(…)` of those that inherit the init (not of their own convenience
    /// inits), `override`s that no longer override anything; a high-level subclass keeps compiling
    /// through the default, written `super.init(…)` or not, and an implicit `super.init()` elsewhere
    /// is refused. The result builds.
    func testSubclassesPassTheNewParameterToTheirSuperclass() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/Clients.swift": Self.apiClientAndTracker,
            "Sources/App/Features/Features.swift": """
                class BaseFeature {
                    let name: String
                    init(name: String) { self.name = name }
                    func load() -> String { APIClient.shared.fetch() + name }
                }

                final class ProfileViewModel: BaseFeature {
                    override init(name: String) {
                        super.init(name: name)
                    }
                    func open() { Tracker.shared.track(name) }
                }

                class Ticker {
                    init() {}
                    func tick() -> String { APIClient.shared.fetch() }
                }

                class Clock {
                    init() {}
                    func now() -> String { APIClient.shared.fetch() }
                }

                final class ClockViewModel: Clock {
                    let zone: String
                    init(zone: String) {
                        self.zone = zone
                    }
                }
                """,
            "Sources/App/Support/Subclasses.swift": """
                final class CachedFeature: BaseFeature {
                    override init(name: String) {
                        super.init(name: name)
                    }
                }

                class PlainFeature: BaseFeature {
                    convenience init() {
                        self.init(name: "plain")
                    }
                }

                final class LocalFeature: PlainFeature {
                    init() {
                        super.init(name: "local")
                    }
                }

                final class FastTicker: Ticker {
                    var rate: Int { 2 }
                    init(rate: Int) {
                        _ = rate
                    }
                }
                """,
            "Sources/App/App/AppMain.swift": """
                @main
                enum AppMain {
                    static func main() {
                        print(CachedFeature(name: "a").load(), PlainFeature().load(), LocalFeature().load())
                        print(PlainFeature(name: "b").load())
                        ProfileViewModel(name: "c").open()
                        print(FastTicker(rate: 2).tick(), ClockViewModel(zone: "UTC").now())
                    }
                }
                """,
        ])
        copies.append(root)
        let dryRun = try fix(in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("""
             final class CachedFeature: BaseFeature {
            -    override init(name: String) {
            -        super.init(name: name)
            +    init(name: String) {
            +        super.init(apiClient: APIClient.shared, name: name)
                 }
             }
             
             class PlainFeature: BaseFeature {
                 convenience init() {
            -        self.init(name: "plain")
            +        self.init(apiClient: APIClient.shared, name: "plain")
                 }
             }
             
             final class LocalFeature: PlainFeature {
                 init() {
            -        super.init(name: "local")
            +        super.init(apiClient: APIClient.shared, name: "local")
                 }
             }
            """), dryRun.stdout)
        // `PlainFeature()` is its own convenience init, which passes the argument itself.
        XCTAssertTrue(dryRun.stdout.contains("         print(CachedFeature(name: \"a\").load(), PlainFeature().load(), LocalFeature().load())\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("+        print(PlainFeature(apiClient: APIClient.shared, name: \"b\").load())\n"), dryRun.stdout)
        // The high-level subclass relies on the default, and its own fix drops the same `override`.
        XCTAssertTrue(dryRun.stdout.contains("+    init(apiClient: any APIFetching = BaseFeatureContainer.apiClient, name: String) {"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("-    override init(name: String) {\n+    private let tracker: any Tracking\n+\n+    init(tracker: any Tracking, name: String) {\n+        self.tracker = tracker\n         super.init(name: name)\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stderr.contains("note: Sources/App/Features/Features.swift:9:9: ProfileViewModel calls BaseFeature's init in high-level code (view model by name), which compiles through the default argument; give ProfileViewModel's init the parameter too and pass APIClient.shared from the composition root to take it out of ProfileViewModel's closure\n"), dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  ProfileViewModel: Tracking through init\n"), dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  Ticker (1): Sources/App/Support/Subclasses.swift:21:5: FastTicker's init calls Ticker's init implicitly; write super.init() there, then run fix again\n"), dryRun.stderr)
        // Where the subclass is high-level, Swift's implicit `super.init()` takes the default.
        XCTAssertTrue(dryRun.stdout.contains("+    init(apiClient: any APIFetching = ClockContainer.apiClient) {"), dryRun.stdout)
        XCTAssertTrue(dryRun.stderr.contains("note: Sources/App/Features/Features.swift:26:5: ClockViewModel calls Clock's init in high-level code (view model by name), which compiles through the default argument; give ClockViewModel's init the parameter too and pass APIClient.shared from the composition root to take it out of ClockViewModel's closure\n"), dryRun.stderr)

        XCTAssertEqual(try fix(["--apply"], in: root).status, 0)
        try assertBuilds(root)
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// Two modules that each declare a type of one name (an app and its watch app): the type the
    /// owner's module declares is the one that conforms, with its own members. The result builds.
    func testASameNamedTypeInAnotherModuleIsNotTheOneThatConforms() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Apps", targets: [.executableTarget(name: "Phone"), .executableTarget(name: "Watch")])
                """,
            "Sources/Phone/Infrastructure/NavigationManager.swift": """
                final class NavigationManager: Sendable {
                    static let shared = NavigationManager()
                    func push(_ screen: String) {}
                }
                """,
            "Sources/Phone/main.swift": "NavigationManager.shared.push(\"home\")\n",
            "Sources/Watch/Infrastructure/NavigationManager.swift": """
                final class NavigationManager: Sendable {
                    static let shared = NavigationManager()
                    func show(_ page: Int) {}
                }
                """,
            "Sources/Watch/Features/PagesViewModel.swift": """
                final class PagesViewModel {
                    func open() { NavigationManager.shared.show(1) }
                }
                """,
            "Sources/Watch/App/WatchMain.swift": "@main\nenum WatchMain {\n    static func main() {\n        PagesViewModel().open()\n    }\n}\n",
        ])
        copies.append(root)
        let dryRun = try fix(in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("+++ b/Sources/Watch/Infrastructure/NavigationManager.swift\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("+final class NavigationManager: Sendable, NavigationManagerProviding {\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("+    func show(_ page: Int)\n"), dryRun.stdout)
        XCTAssertFalse(dryRun.stdout.contains("Sources/Phone/"), dryRun.stdout)
        XCTAssertEqual(try fix(["--apply"], in: root).status, 0)
        try assertBuilds(root)
    }

    /// A one-line init the new parameter would take past 120 columns gets one parameter per line.
    func testLongInitsAreWrappedOneParameterPerLine() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Sources/App/Infrastructure/APIClient.swift": "final class APIClient {\n    static let shared = APIClient()\n    func fetch() -> String { \"\" }\n}\n",
            "Sources/App/Features/ReportViewModel.swift": """
                final class ReportViewModel {
                    let title: String
                    init(title: String, subtitle: String, footnote: String, headline: String, retries: Int = 3) {
                        self.title = title + subtitle + footnote + headline + "\\(retries)"
                    }

                    func load() -> String { APIClient.shared.fetch() }
                }
                """,
        ])
        copies.append(root)
        let result = try fix(in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("""
            +    init(
            +        apiClient: any APIFetching,
            +        title: String,
            +        subtitle: String,
            +        footnote: String,
            +        headline: String,
            +        retries: Int = 3
            +    ) {
            +        self.apiClient = apiClient

            """), result.stdout)
    }

    /// A one-line call that the new arguments would take past 120 columns gets one argument per
    /// line; a call inside it that is fixed too keeps its own edit on one line, and it builds.
    func testLongCallSitesAreWrappedOneArgumentPerLine() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/Clients.swift": Self.apiClientAndTracker,
            "Sources/App/Features/Report.swift": """
                struct ReportViewModel {
                    let title: String
                    let subtitle: String
                    func load() -> String { title + subtitle + APIClient.shared.fetch() }
                }

                struct ReportScreen {
                    let model: ReportViewModel
                    let footnote: String
                    func show() { Tracker.shared.track(model.load() + footnote) }
                }
                """,
            "Sources/App/App/AppMain.swift": """
                @main
                enum AppMain {
                    static func main() {
                        ReportScreen(model: ReportViewModel(title: "A quarterly report", subtitle: "for the board"), footnote: "draft").show()
                        print(ReportViewModel(title: "Short", subtitle: "one").load())
                    }
                }
                """,
        ])
        copies.append(root)
        let result = try fix(in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("""
            -        ReportScreen(model: ReportViewModel(title: "A quarterly report", subtitle: "for the board"), footnote: "draft").show()
            -        print(ReportViewModel(title: "Short", subtitle: "one").load())
            +        ReportScreen(
            +            tracker: Tracker.shared,
            +            model: ReportViewModel(apiClient: APIClient.shared, title: "A quarterly report", subtitle: "for the board"),
            +            footnote: "draft"
            +        ).show()
            +        print(ReportViewModel(apiClient: APIClient.shared, title: "Short", subtitle: "one").load())

            """), result.stdout)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// A type with a singleton read and a concrete default: the first run fixes the read and
    /// leaves the default, the second moves the default, the third changes nothing, and it builds.
    func testATypeWithOtherFindingsHasItsDefaultsFixedInASecondRun() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/Clients.swift": Self.apiClientAndTracker,
            "Sources/App/Features/FeedViewModel.swift": """
                final class FeedViewModel {
                    private let tracker: Tracker

                    init(tracker: Tracker = .shared) {
                        self.tracker = tracker
                    }

                    func load() -> String {
                        tracker.track("load")
                        return APIClient.shared.fetch()
                    }
                }
                """,
            "Sources/App/App/AppMain.swift": "@main\nenum AppMain {\n    static func main() {\n        print(FeedViewModel().load())\n    }\n}\n",
        ])
        copies.append(root)
        let first = try fix(["--apply"], in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("firebreak fix: fixed 1 of 2 singleton-access, concrete-instantiation and concrete-default-argument findings in 1 type"), first.stdout)
        XCTAssertTrue(first.stdout.contains("  FeedViewModel: APIFetching through init\n"), first.stdout)
        XCTAssertTrue(first.stdout.contains("  FeedViewModel (1): its concrete default arguments are left for a second run, after its other findings are fixed\n"), first.stdout)
        let second = try fix(["--apply"], in: root)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("  FeedViewModel: Tracking through init, the default of tracker moved to the call sites\n"), second.stdout)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// A `Tracker` that tracks is `Tracking`; a `Syncer` that syncs would be `Syncing`, which is the
    /// name of a module the code imports, so the owner's stem goes in front.
    func testCapabilityNamesDropTheAgentNounAndAvoidImportedModules() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Sources/App/Infrastructure/Tracker.swift": "final class Tracker {\n    static let shared = Tracker()\n    func track(_ event: String) {}\n}\n",
            "Sources/App/Infrastructure/Syncer.swift": "final class Syncer {\n    static let shared = Syncer()\n    func sync(_ line: String) {}\n}\n",
            "Sources/App/Features/FeedViewModel.swift": """
                import Syncing

                final class FeedViewModel {
                    init() {}

                    func open() {
                        Tracker.shared.track("open")
                        Syncer.shared.sync("opened")
                    }
                }
                """,
        ])
        let result = try fix(in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        // In the order the type first reads them: Tracker, then Syncer.
        XCTAssertTrue(result.stderr.contains("  FeedViewModel: Tracking, FeedSyncing through init\n"), result.stderr)
        XCTAssertTrue(result.stdout.contains("protocol Tracking"), result.stdout)
        XCTAssertTrue(result.stdout.contains("protocol FeedSyncing"), result.stdout)
        XCTAssertFalse(result.stdout.contains("protocol Syncing"), result.stdout)
    }

    /// A package module of features has no composition root: the container goes beside the type,
    /// where its name makes it one, and is public when the init is (a public init's defaults name
    /// only public declarations). The app's own call sites pass the live instance.
    func testDefaultsGoInAContainerBesideTheTypeInAModuleWithoutACompositionRoot() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "App", targets: [
                    .target(name: "Core"),
                    .target(name: "Feature", dependencies: ["Core"]),
                    .executableTarget(name: "App", dependencies: ["Core", "Feature"]),
                ])
                """,
            "Sources/Core/APIClient.swift": "public final class APIClient: Sendable {\n    public static let shared = APIClient()\n    public func logout() {}\n}\n",
            "Sources/Feature/AccountViewModel.swift": """
                import Core

                public final class AccountViewModel {
                    let settings = SettingsViewModel()
                    let profile = ProfileViewModel()
                    public init() {}
                }

                public final class SettingsViewModel {
                    private let client: APIClient
                    public init(client: APIClient = APIClient.shared) { self.client = client }
                    public func signOut() { client.logout() }
                }

                public final class ProfileViewModel {
                    public init() {}
                    public func leave() { APIClient.shared.logout() }
                }
                """,
            "Sources/App/AppMain.swift": """
                import Feature

                @main
                enum AppMain {
                    static func main() {
                        _ = AccountViewModel()
                        SettingsViewModel().signOut()
                        ProfileViewModel().leave()
                    }
                }
                """,
        ])
        copies.append(root)
        let dryRun = try fix(in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.hasPrefix("firebreak fix: would fix 2 of 2 "), dryRun.stderr)
        for line in [
            "+++ b/Sources/Feature/SettingsViewModelContainer.swift\n",
            "+public enum SettingsViewModelContainer {\n+    public static var client: any APIClientProviding { APIClient.shared }\n+}\n",
            "+    public init(client: any APIClientProviding = SettingsViewModelContainer.client) { self.client = client }\n",
            "+++ b/Sources/Feature/ProfileViewModelContainer.swift\n",
            "+public enum ProfileViewModelContainer {\n+    public static var apiClient: any APIClientProviding { APIClient.shared }\n+}\n",
            "+    public init(apiClient: any APIClientProviding = ProfileViewModelContainer.apiClient) {\n",
            "+        SettingsViewModel(client: APIClient.shared).signOut()\n",
            "+        ProfileViewModel(apiClient: APIClient.shared).leave()\n",
        ] {
            XCTAssertTrue(dryRun.stdout.contains(line), "missing:\n\(line)\nin:\n\(dryRun.stdout)")
        }
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// Two view models in other folders each need a protocol of other members of one client, and
    /// both signatures name `Session`, declared in the client's file: it moves out once, beside
    /// the first protocol, and the second protocol sees it there (it was written twice, and the
    /// module declared it twice).
    func testATypeTwoProtocolsNameMovesOutOfTheInfrastructureFileOnce() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/APIClient.swift": """
                struct Session: Sendable {
                    var token: String
                }

                final class APIClient: Sendable {
                    static let shared = APIClient()
                    func current() -> Session { Session(token: "") }
                    func refresh(_ session: Session) -> Session { session }
                }
                """,
            "Sources/App/Feed/FeedViewModel.swift": """
                final class FeedViewModel {
                    func token() -> String { APIClient.shared.current().token }
                }
                """,
            "Sources/App/Profile/ProfileViewModel.swift": """
                final class ProfileViewModel {
                    func renew(_ old: Session) -> Session { APIClient.shared.refresh(old) }
                }
                """,
            "Sources/App/main.swift": "print(FeedViewModel().token())\nprint(ProfileViewModel().renew(Session(token: \"a\")).token)\n",
        ])
        let dryRun = try fix(in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertEqual(dryRun.stdout.components(separatedBy: "+struct Session: Sendable {").count, 2, dryRun.stdout)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// A default whose parameter's type becomes a protocol changes the init's signature: a
    /// subclass's `override init(client: APIClient)` overrides nothing any more, so it loses
    /// `override` and stays an init of its own. The result builds.
    func testADefaultsNewParameterTypeTakesOverrideOffTheSubclassesInits() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Package.swift": Self.executablePackage,
            "Sources/App/Infrastructure/APIClient.swift": "final class APIClient: Sendable {\n    static let shared = APIClient()\n    func fetch() -> String { \"\" }\n}\n",
            "Sources/App/Features/FeedViewModel.swift": """
                class FeedViewModel {
                    let client: APIClient
                    init(client: APIClient = .shared) { self.client = client }
                    func load() -> String { client.fetch() }
                }

                final class NewsViewModel: FeedViewModel {
                    override init(client: APIClient) {
                        super.init(client: client)
                    }
                }
                """,
            "Sources/App/main.swift": "print(FeedViewModel().load(), NewsViewModel(client: .shared).load())\n",
        ])
        copies.append(root)
        let dryRun = try fix(in: root)
        XCTAssertTrue(dryRun.stdout.contains("-    override init(client: APIClient) {\n+    init(client: APIClient) {\n"), dryRun.stdout)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// Where a configured layer makes the type's folder high-level, a container there would not be
    /// a composition root, and a default naming the live instance would be a finding: a type that
    /// high-level code builds without passing the dependency is left as it is, whether the default
    /// is there already or the fix would write it.
    func testDefaultsHighLevelCodeReliesOnAreRefusedWhereALayerMakesTheFolderHighLevel() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\nlayers:\n  - { role: high-level, paths: [\"Sources/App/Features/**\"] }\n",
            "Sources/App/Infrastructure/APIClient.swift": "final class APIClient: Sendable {\n    static let shared = APIClient()\n    func logout() {}\n}\n",
            "Sources/App/Features/SettingsView.swift": Self.settingsViewRelyingOnADefault,
            "Sources/App/Features/ProfileView.swift": """
                final class ProfileScreen {
                    let model = ProfileViewModel()
                }

                final class ProfileViewModel {
                    func leave() { APIClient.shared.logout() }
                }
                """,
        ])
        let result = try fix(in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "", result.stdout)
        let container = "cannot be written as a composition root: Sources/App/Features/%@Container.swift would be high-level code (configured layer for Sources/App/Features/%@Container.swift)"
        XCTAssertTrue(result.stderr.contains("  SettingsViewModel (1): Sources/App/Features/SettingsView.swift:2:17 builds SettingsViewModel in high-level code (configured layer for Sources/App/Features/SettingsView.swift) and relies on the default APIClient.shared, and SettingsViewModelContainer "
                                             + String(format: container, "SettingsViewModel", "SettingsViewModel") + "; pass it there from a composition root, then run fix again\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains("  ProfileViewModel (1): Sources/App/Features/ProfileView.swift:2:17 builds ProfileViewModel in high-level code (configured layer for Sources/App/Features/ProfileView.swift), which would compile only through a default naming APIClient.shared, and ProfileViewModelContainer "
                                             + String(format: container, "ProfileViewModel", "ProfileViewModel") + "; pass it there from a composition root, then run fix again\n"), result.stderr)
    }

    func testRefusedTypesAreNamedWithTheirReasonAndLeftUnchanged() throws {
        let root = try copy("FixRefusals")
        // PartialViewModel's other dependency can be cut: testADependencyNoProtocolCanStandForLeavesTheOthersFixed.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/App/PartialViewModel.swift"))
        let result = try fix(in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "", "a refused type was changed:\n\(result.stdout)")
        for line in [
            "  ArchivedViewModel (1): Sources/App/ArchivedViewModel.swift:10:5: a required init (called by NSCoding, storyboards or a protocol) cannot be given the dependency",
            "  BrokenViewModel (1): Sources/App/Broken.swift has syntax errors; fix leaves it alone",
            "  ObservedView (1): Sources/App/ObservedView.swift:4:5: @ObservedObject client observes the concrete object, and a protocol's existential cannot be observed; make the type generic over it or read it from the environment by hand"
                + " (from the environment: App has no SwiftUI App with a WindowGroup, Window or DocumentGroup to set the live instances on; without one, the app would run on the preview doubles)",
            "  PreferencesViewModel (1): PreferencesViewModel is Codable, which Swift synthesises from its stored properties, and a dependency is not one of its values; keep the dependency out of the value type and pass it where it is used",
            "  PlatformViewModel (1): UserDefaults.addSuite is not in firebreak's table of platform members, so its signature is unknown",
            "  SetterViewModel (1): the type assigns FileManager.delegate; only a class's properties can be set through a protocol",
            "  StaticViewModel (1): Sources/App/StaticViewModel.swift:4:9 reads APIClient.shared in a static member or a nested type, which has no instance to hold it",
            "  ValueViewModel (1): Sources/App/ValueViewModel.swift:4:18 uses APIClient.shared as a value, not through its members",
            "  WeakSelfViewModel (1): Sources/App/WeakSelfViewModel.swift:8:21 reads APIClient.shared in closures nested inside each other that each capture self weakly",
        ] {
            XCTAssertTrue(result.stderr.contains(line + "\n"), "missing: \(line)\n\(result.stderr)")
        }
        XCTAssertTrue(result.stderr.contains("firebreak fix: would fix 0 of 9 singleton-access and concrete-instantiation findings in 0 types (0 files)\n"), result.stderr)
    }

    /// A third-party SDK firebreak has no signatures of cannot go behind a protocol; the type's
    /// other dependency still can, and the summary names the one left with its reason.
    func testADependencyNoProtocolCanStandForLeavesTheOthersFixed() throws {
        let root = try copy("FixRefusals")
        let result = try fix(["--type", "PartialViewModel"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("firebreak fix: would fix 1 of 2 singleton-access and concrete-instantiation findings in 1 type"), result.stderr)
        XCTAssertTrue(result.stderr.contains("  PartialViewModel → Purchases (1): Purchases is declared outside the scanned sources (a framework or SDK type) and is not in firebreak's table of platform services, so its members' signatures are unknown\n"), result.stderr)
        // The SDK's read stays as it was: a context line of the diff, not an edited one.
        XCTAssertTrue(result.stdout.contains("\n         Purchases.shared.logIn(\"user\")\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("+        Store.shared"), result.stdout)
        XCTAssertTrue(result.stdout.contains("+protocol Saving {"), result.stdout)

        let applied = try fix(["--type", "PartialViewModel", "--apply"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let lint = try FirebreakProcess.run(["lint", "--no-cache", "--format", "json"], in: root)
        let findings = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.filter { $0["type"] as? String == "PartialViewModel" }.compactMap { $0["symbol"] as? String }, ["Purchases.shared"])
    }

    func testTypeAndFindingNarrowTheFix() throws {
        let root = try copy("FixPackage")
        let gallery = try fix(["--type", "GalleryViewModel"], in: root)
        let changed = gallery.stdout.split(separator: "\n").filter { $0.hasPrefix("+++ ") }
        XCTAssertEqual(changed, ["+++ b/Sources/Shop/App/ShopApp.swift", "+++ b/Sources/Shop/Features/Gallery/GalleryViewModel.swift",
                                 "+++ b/Sources/Shop/Features/Gallery/ImageCacheProviding.swift",
                                 "+++ b/Sources/Shop/Infrastructure/ImageCache.swift"], gallery.stdout)

        let lint = try FirebreakProcess.run(["lint", "--no-cache", "--format", "json"], in: root)
        let findings = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let session = try XCTUnwrap(findings.first { $0["symbol"] as? String == "SessionStore.shared" })
        let narrowed = try fix(["--finding", try XCTUnwrap(session["fingerprint"] as? String), "--name", "SessionReading"], in: root)
        XCTAssertTrue(narrowed.stdout.contains("+protocol SessionReading: Sendable {"), narrowed.stdout)
        XCTAssertFalse(narrowed.stdout.contains("Analytics"), "--finding fixed another dependency:\n\(narrowed.stdout)")
    }

    /// An Xcode project's classic groups list their files, so a new file there is compiled by no
    /// target: the protocol, the key and the double go into the view's own file, the conformance
    /// into the concrete type's, and no file is left that no target compiles. Views read the
    /// protocol from the environment by default.
    func testInAClassicXcodeGroupTheNewDeclarationsGoIntoFilesTheTargetCompiles() throws {
        let root = try copy("XcodeApp")
        try Data("import Foundation\n\nfinal class ProfileStore {\n    static let shared = ProfileStore()\n    var names: [String] = []\n}\n".utf8)
            .write(to: root.appendingPathComponent("App/Services/ProfileStore.swift"))
        try Data("""
            import Networking
            import SwiftUI

            struct ProfileView: View {
                @State private var name = ""

                var body: some View {
                    Text(name).task { name = ProfileStore.shared.names.first ?? formattedToday() }
                }
            }

            """.utf8).write(to: root.appendingPathComponent("App/Views/ProfileView.swift"))
        let before = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        let applied = try fix(["--apply"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertTrue(applied.stdout.contains("  ProfileView: ProfileStoreProviding from the environment\n"), applied.stdout)
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted(), before)
        let view = try String(contentsOf: root.appendingPathComponent("App/Views/ProfileView.swift"), encoding: .utf8)
        XCTAssertTrue(view.contains("protocol ProfileStoreProviding {"), view)
        XCTAssertTrue(view.contains("struct PreviewProfileStore: ProfileStoreProviding"), view)
        let store = try String(contentsOf: root.appendingPathComponent("App/Services/ProfileStore.swift"), encoding: .utf8)
        XCTAssertTrue(store.contains("final class ProfileStore: ProfileStoreProviding {"), store)
        let modules = try FirebreakProcess.run(["modules", "--no-cache"], in: root)
        XCTAssertTrue(modules.stdout.contains("In no target (not compiled, left out of the graph): 2 Swift files"), modules.stdout)
        let again = try fix(["--apply"], in: root)
        XCTAssertTrue(again.stdout.hasPrefix("firebreak fix: nothing to fix"), again.stdout)
    }

    /// Codeapp's views in `Views/` read `NotificationCenter.default`: beside the view the adapter
    /// was high-level by its folder, and lint reported the fix's own default argument.
    func testInAClassicXcodeGroupAPlatformAdapterJoinsTheEntryPointAndIsNotReported() throws {
        let root = try copy("XcodeApp")
        try Data("""
            import SwiftUI

            struct ProfileView: View {
                var body: some View {
                    Button("Refresh") { NotificationCenter.default.post(name: Notification.Name("refresh"), object: nil) }
                }
            }

            """.utf8).write(to: root.appendingPathComponent("App/Views/ProfileView.swift"))
        let applied = try fix(["--apply"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertTrue(applied.stdout.contains("  ProfileView: NotificationCenterProviding from the environment\n"), applied.stdout)
        let app = try String(contentsOf: root.appendingPathComponent("App/ClinicApp.swift"), encoding: .utf8)
        let view = try String(contentsOf: root.appendingPathComponent("App/Views/ProfileView.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains("struct LiveNotificationCenter: NotificationCenterProviding, @unchecked Sendable {"), app)
        XCTAssertFalse(view.contains("struct Live"), view)
        let lint = try FirebreakProcess.run(["lint", "--no-cache"], in: root)
        XCTAssertFalse(lint.stdout.contains("Live"), lint.stdout)
        XCTAssertFalse(lint.stdout.contains("NotificationCenter"), lint.stdout)
    }

    /// The window group passes a platform adapter its instance (`LiveUserDefaults(UserDefaults.standard)`):
    /// an App file that imports only SwiftUI gains the platform module's import and still builds.
    func testTheWindowGroupPassingAPlatformInstanceImportsItsModule() throws {
        let root = try copy("FixEnvironment")
        try Data("""
            import SwiftUI

            struct OnboardingView: View {
                var body: some View { Text(UserDefaults.standard.bool(forKey: "onboarded") ? "Welcome back" : "Welcome") }
            }

            """.utf8).write(to: root.appendingPathComponent("Sources/Journal/Features/Settings/OnboardingView.swift"))
        try Data("""
            import SwiftUI

            @main
            struct JournalApp: App {
                var body: some Scene {
                    WindowGroup { OnboardingView() }
                }
            }

            """.utf8).write(to: root.appendingPathComponent("Sources/Journal/App/JournalApp.swift"))
        let findings = try applyAndBuild(style: "environment", in: root)
        XCTAssertFalse(findings.contains { ($0["message"] as? String)?.contains("UserDefaults") == true }, "\(findings)")
        let app = try String(contentsOf: root.appendingPathComponent("Sources/Journal/App/JournalApp.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains("import Foundation"), app)
        XCTAssertTrue(app.contains("LiveUserDefaults(UserDefaults.standard)"), app)
        try assertSecondApplyChangesNothing(style: "environment", in: root)
    }

    /// mlem's window group set `BackendClient.main`, a type of a package its App file did not
    /// import: the root imports the concrete type's module as every other site does.
    func testTheWindowGroupImportsTheModuleOfAnotherModulesLiveInstance() throws {
        let root = try journalPackage([
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Journal", targets: [
                    .target(name: "SwiftUI", path: "Stubs/SwiftUI"),
                    .target(name: "Backend"),
                    .executableTarget(name: "Journal", dependencies: ["SwiftUI", "Backend"]),
                ])
                """,
            "Sources/Backend/BackendClient.swift": """
                import Foundation

                public final class BackendClient: Sendable {
                    public static let main = BackendClient()
                    public func status() -> String { (try? String(contentsOfFile: "/tmp/status", encoding: .utf8)) ?? "" }
                }
                """,
            "Sources/Journal/Features/StatusView.swift": """
                import Backend
                import SwiftUI

                struct StatusView: View {
                    var body: some View { Text(BackendClient.main.status()) }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "StatusView"),
        ])
        let findings = try applyAndBuild(style: "environment", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let app = try String(contentsOf: root.appendingPathComponent("Sources/Journal/App/JournalApp.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains("import Backend"), app)
        try assertSecondApplyChangesNothing(style: "environment", in: root)
    }

    /// A defaults container the fix writes enters the closure of a view that builds the type, but
    /// carries in only what the view compiled before (the default it relied on): the fix is kept,
    /// and the note says how to take the concrete type out of the view too.
    func testADefaultsContainerThatBringsNothingNewIntoAViewIsKept() throws {
        let root = try copy("FixEnvironment")
        try write([
            "Sources/Journal/Features/Sync/SyncModel.swift": """
                final class SyncModel {
                    private let client: SyncClient
                    init(client: SyncClient = .shared) { self.client = client }
                    func label() -> String { client.lastSync() }
                }
                """,
            "Sources/Journal/Features/Sync/SyncBadge.swift": """
                import SwiftUI

                struct SyncBadge: View {
                    private let model = SyncModel()
                    var body: some View { Text(model.label()) }
                }
                """,
        ], into: root)
        let dryRun = try fix(["--type", "SyncModel"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  SyncModel: SyncClientProviding through init, the default of client moved to the call sites and SyncModelContainer\n"),
                      dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("builds SyncModel in high-level code (view (conforms to View)), which compiles through the default argument; "
                                             + "pass SyncClient.shared from the composition root"), dryRun.stderr)
        XCTAssertFalse(dryRun.stderr.contains("would reach"), dryRun.stderr)

        let applied = try fix(["--type", "SyncModel", "--apply"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        try assertBuilds(root)
        let container = try String(contentsOf: root.appendingPathComponent("Sources/Journal/App/SyncModelContainer.swift"), encoding: .utf8)
        XCTAssertTrue(container.contains("static var client: any SyncClientProviding { SyncClient.shared }"), container)
    }

    /// A fix that turns another type into infrastructure (a live instance passed in a neutral
    /// coordinator's file) gives the types that build it a finding: that fix is refused, not the
    /// fixes of the types that build it, which had no part in it (on Aidoku, a reader's 29 findings
    /// were refused with the popup that caused it).
    func testANewFindingIsBlamedOnTheFixThatCausedItAlone() throws {
        let root = try copy("FixEnvironment")
        try write([
            "Sources/Journal/Lookup/LookupCoordinator.swift": """
                import SwiftUI

                final class LookupCoordinator {
                    func popup(word: String) -> LookupPopup { LookupPopup(word: word) }
                }

                struct LookupPopup: View {
                    let word: String
                    var body: some View { Text("\\(word): \\(EntryStore.shared.count())") }
                }
                """,
            "Sources/Journal/Features/Reader/ReaderViewModel.swift": """
                final class ReaderViewModel {
                    private let coordinator = LookupCoordinator()
                    func title() -> String { SyncClient.shared.lastSync() }
                }
                """,
        ], into: root)
        let dryRun = try fix(["--type", "LookupPopup", "--type", "ReaderViewModel", "--style", "init"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  ReaderViewModel: SyncClientProviding through init\n"), dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  LookupPopup (1): ReaderViewModel would get a finding it did not have (concrete-instantiation, LookupCoordinator)"),
                      dryRun.stderr)
    }

    /// A concrete type declared once per platform in `#if` branches has no one set of members: its
    /// protocol would repeat the requirements both declare. The fix is refused and says why.
    func testAConcreteTypeDeclaredOncePerPlatformIsRefused() throws {
        let root = try copy("FixEnvironment")
        try write([
            "Sources/Journal/Infrastructure/WindowManager.swift": """
                #if os(macOS)
                final class WindowManager {
                    static let shared = WindowManager()
                    var isPresented = false
                    func close() { isPresented = false }
                }
                #else
                final class WindowManager {
                    static let shared = WindowManager()
                    var isPresented = false
                }
                #endif
                """,
            "Sources/Journal/Features/Player/PlayerViewModel.swift": """
                final class PlayerViewModel {
                    func isVisible() -> Bool { WindowManager.shared.isPresented }
                }
                """,
        ], into: root)
        let dryRun = try fix(["--type", "PlayerViewModel"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("PlayerViewModel (1): WindowManager is declared more than once in one module "
                                             + "(Sources/Journal/Infrastructure/WindowManager.swift), "
                                             + "in branches of `#if` for different platforms"), dryRun.stderr)
        XCTAssertEqual(dryRun.stdout, "")
    }

    /// A class's closure that named no `self` captures the injected constant rather than `self`
    /// (a handler the instance stores would otherwise keep it alive); a `[weak self]` one captures
    /// it beside self, a local holder's read included; one that names `self` already reads it
    /// through `self.`. It builds.
    func testAClassesClosuresCaptureTheDependencyWithoutKeepingSelfAlive() throws {
        let root = try copy("FixEnvironment")
        try write([
            "Sources/Journal/Features/Sync/SyncFormModel.swift": """
                final class SyncFormModel {
                    var onSave: (() -> String)?
                    var onClose: (() -> Void)?
                    var title = "Sync"

                    lazy var handler: () -> String = {
                        SyncClient.shared.lastSync()
                    }

                    func attach() {
                        onSave = { SyncClient.shared.lastSync() }
                        onClose = { [weak self] in
                            let client = SyncClient.shared
                            self?.title = client.lastSync()
                        }
                        let labels = ["a"].map { name in self.title + name + SyncClient.shared.lastSync() }
                        title = labels.joined()
                        let summary: @Sendable () -> String = { @Sendable in "\\(EntryStore.shared.count()) " + SyncClient.shared.lastSync() }
                        title += summary()
                    }
                }
                """,
        ], into: root)
        let applied = try fix(["--type", "SyncFormModel", "--apply"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let model = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/Sync/SyncFormModel.swift"), encoding: .utf8)
        XCTAssertTrue(model.contains("lazy var handler: () -> String = { [syncClient = self.syncClient] in\n        syncClient.lastSync()"), model)
        XCTAssertTrue(model.contains("onSave = { [syncClient = self.syncClient] in syncClient.lastSync() }"), model)
        XCTAssertTrue(model.contains("onClose = { [weak self, syncClient = self.syncClient] in\n            let client = syncClient"), model)
        XCTAssertTrue(model.contains("self.title + name + self.syncClient.lastSync()"), model)
        // Two dependencies read in one closure share one capture list, after its attributes.
        XCTAssertTrue(model.contains("= { @Sendable [") && model.contains("entryStore = self.entryStore")
                      && model.contains("] in \"\\(entryStore.count()) \" + syncClient.lastSync() }"), model)
        XCTAssertEqual(model.components(separatedBy: "] [").count, 1, model)
        try assertBuilds(root)
    }

    /// A stateless type with a shared instance is not a service a view may not read; its fix
    /// stores the injected client, so it would keep state and the view reading it would get a
    /// `singleton-access` finding it did not have: the fix is refused, and the check names it.
    func testAFixThatWouldGiveAnotherTypeAFindingIsRefused() throws {
        let root = try copy("FixEnvironment")
        try write([
            "Sources/Journal/Features/Share/ShareService.swift": """
                import SwiftUI

                final class ShareService: ObservableObject {
                    static let shared = ShareService()

                    private init() {}

                    func share(_ text: String) -> String { SyncClient.shared.lastSync() + text }
                }
                """,
            "Sources/Journal/Features/Share/ShareButton.swift": """
                import SwiftUI

                struct ShareButton: View {
                    var body: some View { Text(ShareService.shared.share("x")) }
                }
                """,
        ], into: root)
        let dryRun = try fix(["--type", "ShareService"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  ShareService (1): ShareButton would get a finding it did not have (singleton-access, ShareService.shared) "
                                             + "(Sources/Journal/Features/Share/ShareButton.swift:4)\n"), dryRun.stderr)
        XCTAssertEqual(dryRun.stdout, "")
    }

    /// A view of a test target may build the live instances: its closure slows no preview and no
    /// app build, so what it reaches after the fix (the `Live…` adapter its call site now passes)
    /// does not refuse the fix.
    func testATestTargetsViewDoesNotHoldBackAFix() throws {
        let root = try copy("FixEnvironment")
        try write([
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Journal", targets: [
                    .target(name: "SwiftUI", path: "Stubs/SwiftUI"),
                    .executableTarget(name: "Journal", dependencies: ["SwiftUI"]),
                    .testTarget(name: "JournalTests", dependencies: ["Journal", "SwiftUI"]),
                ])
                """,
            "Sources/Journal/Features/TickerViewModel.swift": """
                import Foundation

                final class TickerViewModel {
                    private let center: NotificationCenter
                    init(center: NotificationCenter = .default) { self.center = center }
                    func name() -> String {
                        center.post(name: .init("ticker"), object: nil)
                        return "ticker"
                    }
                }
                """,
            "Sources/Journal/App/Ticking.swift": """
                /// Started by the app at launch.
                enum Ticking {
                    static func start() -> String { TickerViewModel().name() }
                }
                """,
            "Tests/JournalTests/TickerHarness.swift": """
                import SwiftUI
                @testable import Journal

                struct TickerHarness: View {
                    var body: some View { Text(TickerViewModel().name()) }
                }
                """,
        ], into: root)
        let dryRun = try fix(["--type", "TickerViewModel"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  TickerViewModel: NotificationCenterProviding through init, the default of center moved to the call sites"), dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("+    var body: some View { Text(TickerViewModel(center: LiveNotificationCenter(NotificationCenter.default)).name()) }"),
                      dryRun.stdout)
        XCTAssertFalse(dryRun.stderr.contains("TickerHarness's closure"), dryRun.stderr)
    }

    /// A view that builds its model in a property's initial value takes it through its init (its
    /// own, or the memberwise one), and whoever builds the view builds the model: the composition
    /// root with the live instances, a parent view with what it reads from the environment, a
    /// preview with doubles. A default argument would
    /// have brought the concrete types back into the view. A dependency an extension in another
    /// file reads is not stored `private`.
    /// The SwiftUI stub is analysed too (no configuration excludes it), as in a package a team
    /// writes to build on Linux: its `Environment` is the framework's, which a view reaching it
    /// after the fix does not grow by.
    func testAViewThatBuildsItsModelTakesItAndItsBuildersPassIt() throws {
        let root = try copy("FixEnvironment")
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/Journal"))
        try FileManager.default.removeItem(at: root.appendingPathComponent(".firebreak.yml"))
        let files = [
            "Stubs/SwiftUI/StateObject.swift": """
                public protocol ObservableObject: AnyObject {}

                @propertyWrapper
                public struct StateObject<ObjectType: ObservableObject> {
                    let make: () -> ObjectType
                    public init(wrappedValue: @autoclosure @escaping () -> ObjectType) { make = wrappedValue }
                    public var wrappedValue: ObjectType { make() }
                }

                @MainActor
                public protocol PreviewProvider {
                    associatedtype Previews: View
                    static var previews: Previews { get }
                }
                """,
            "Sources/Journal/Infrastructure/Services.swift": Self.apiClientAndTracker,
            "Sources/Journal/Features/FeedModel.swift": """
                import SwiftUI

                final class FeedModel: ObservableObject {
                    func load() -> String { APIClient.shared.fetch() }
                }
                """,
            "Sources/Journal/Features/FeedModel+Tracking.swift": """
                extension FeedModel {
                    func opened() { Tracker.shared.track("feed") }
                }
                """,
            "Sources/Journal/Features/ProfileModel.swift": """
                final class ProfileModel {
                    func name() -> String { APIClient.shared.fetch() }
                }
                """,
            "Sources/Journal/Features/Views.swift": """
                import SwiftUI

                struct FeedView: View {
                    @StateObject private var model = FeedModel()
                    let title: String

                    init(title: String) {
                        self.title = title
                    }

                    var body: some View { Text(title + model.load()) }
                }

                struct ProfileView: View {
                    private let profile: ProfileModel = .init()

                    var body: some View { Text(profile.name()) }
                }

                struct HomeView: View {
                    var body: some View { FeedView(title: "Feed") }
                }

                // Its memberwise init takes `model` first, where the property is declared.
                struct DetailView: View {
                    @StateObject private var model = FeedModel()
                    let title: String
                    var subtitle: String?

                    var body: some View { Text(title + model.load()) }
                }

                struct FeedView_Previews: PreviewProvider {
                    static var previews: some View { FeedView(title: "Preview") }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": """
                import SwiftUI

                @main
                struct JournalApp: App {
                    var body: some Scene {
                        WindowGroup { HomeView() }
                    }
                }

                @MainActor
                enum Screens {
                    static func profile() -> ProfileView { ProfileView() }
                    static func detail() -> DetailView { DetailView(title: "Detail", subtitle: nil) }
                }
                """,
        ]
        try write(files, into: root)
        let dryRun = try fix([], in: root)
        XCTAssertTrue(dryRun.stderr.contains("fix 3 of 3 singleton-access"), dryRun.stderr)
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let views = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/Views.swift"), encoding: .utf8)
        XCTAssertTrue(views.contains("    @StateObject private var model: FeedModel\n"), views)
        XCTAssertTrue(views.contains("    init(model: @autoclosure @escaping () -> FeedModel, title: String) {\n        _model = StateObject(wrappedValue: model())\n"), views)
        XCTAssertTrue(views.contains("    let profile: ProfileModel\n"), views)
        XCTAssertTrue(views.contains("FeedView(model: FeedModel(tracker: tracker, apiClient: apiClient), title: \"Feed\")"), views)
        // A preview in the view's own file passes doubles: the live instances would stay in the view's closure.
        XCTAssertTrue(views.contains("        model: FeedModel(tracker: PreviewTracking(), apiClient: PreviewAPIFetching()),\n        title: \"Preview\""), views)
        let app = try String(contentsOf: root.appendingPathComponent("Sources/Journal/App/JournalApp.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains("ProfileView(profile: ProfileModel(apiClient: APIClient.shared))"), app)
        XCTAssertTrue(app.contains("DetailView(\n        model: FeedModel(tracker: Tracker.shared, apiClient: APIClient.shared),\n        title: \"Detail\","), app)
        let model = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/FeedModel.swift"), encoding: .utf8)
        XCTAssertTrue(model.contains("    let tracker: any "), model)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// Views in packages of features, whose modules have no App: the app module's window group,
    /// which imports them (one through the other), sets the keys. Where the protocol's module (the
    /// concrete type's) imports SwiftUI, one public key there serves every module; otherwise each
    /// module declares its own, public and named after it, so the app never sees two of one name.
    func testTheAppModuleSetsTheKeysOfTheFeatureModulesItImports() throws {
        for backendImportsSwiftUI in [false, true] {
            let root = try featurePackages(backendImportsSwiftUI: backendImportsSwiftUI)
            let findings = try applyAndBuild(style: "auto", in: root)
            XCTAssertEqual(findings.count, 0, "\(findings)")
            let app = try String(contentsOf: root.appendingPathComponent("Sources/Journal/App/JournalApp.swift"), encoding: .utf8)
            let view = try String(contentsOf: root.appendingPathComponent("Sources/Feature/StatusView.swift"), encoding: .utf8)
            XCTAssertTrue(app.contains("LiveUserDefaults(UserDefaults.standard))"), app)
            if backendImportsSwiftUI {
                XCTAssertEqual(app.components(separatedBy: ".environment(").count, 3, "backendClient once, and the defaults: \(app)")
                XCTAssertTrue(app.contains(".environment(\\.backendClient, BackendClient.main)"), app)
                XCTAssertTrue(view.contains("@Environment(\\.backendClient) private var backendClient"), view)
            } else {
                for expected in ["import Backend", "import Settings", ".environment(\\.featureBackendClient, BackendClient.main)",
                                 ".environment(\\.settingsBackendClient, BackendClient.main)"] {
                    XCTAssertTrue(app.contains(expected), "\(expected)\n\(app)")
                }
                XCTAssertTrue(view.contains("@Environment(\\.featureBackendClient) private var backendClient"), view)
            }
            try assertSecondApplyChangesNothing(style: "auto", in: root)
        }
    }

    /// An app's view and its package's view both read `FileManager.default`: each module writes
    /// its own `LiveFileManager`, and the window group, where the app's shadows the package's,
    /// names the package's by its module (MoeMemos's shape; unqualified, it does not compile).
    func testTheWindowGroupQualifiesAPackagesAdapterThatTheAppsOwnShadows() throws {
        let root = try journalPackage([
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Journal", targets: [
                    .target(name: "SwiftUI", path: "Stubs/SwiftUI"),
                    .target(name: "Feature", dependencies: ["SwiftUI"]),
                    .executableTarget(name: "Journal", dependencies: ["SwiftUI", "Feature"]),
                ])
                """,
            "Sources/Feature/StatusView.swift": """
                import Foundation
                import SwiftUI

                public struct StatusView: View {
                    public init() {}
                    public var body: some View { Text(String(FileManager.default.fileExists(atPath: "/tmp/a"))) }
                }
                """,
            "Sources/Journal/Views/LocalView.swift": """
                import Feature
                import Foundation
                import SwiftUI

                struct LocalView: View {
                    var status: StatusView { StatusView() }
                    var body: some View { Text(String(FileManager.default.fileExists(atPath: "/tmp/b"))) }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "LocalView"),
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let app = try String(contentsOf: root.appendingPathComponent("Sources/Journal/App/JournalApp.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains(".environment(\\.featureFileManager, Feature.LiveFileManager(FileManager.default))"), app)
        XCTAssertTrue(app.contains(".environment(\\.fileManager, LiveFileManager(FileManager.default))"), app)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// A service two types call different members of (Harbour's `PortainerStore`): one protocol
    /// with every member either calls, and one preview double that has them all, whether the
    /// double is first written for a preview's arguments or for the environment's default.
    func testOnePreviewDoubleServesEveryUserOfASharedProtocol() throws {
        let root = try journalPackage([
            "Stubs/SwiftUI/PreviewProvider.swift": """
                @MainActor
                public protocol PreviewProvider {
                    associatedtype Previews: View
                    static var previews: Previews { get }
                }
                """,
            "Sources/Journal/Infrastructure/PhotoStore.swift": """
                final class PhotoStore: Sendable {
                    static let shared = PhotoStore()
                    func load(_ id: String) async throws -> String { id }
                    func count() -> Int { 0 }
                    var name: String { "" }
                }
                """,
            "Sources/Journal/Features/AlbumViewModel.swift": """
                final class AlbumViewModel {
                    let title: String
                    init(title: String) { self.title = title }
                    func cover() async -> String { (try? await PhotoStore.shared.load(title)) ?? PhotoStore.shared.name }
                }
                """,
            "Sources/Journal/Features/CounterView.swift": """
                import SwiftUI

                struct CounterView: View {
                    var album: AlbumView { AlbumView(model: AlbumViewModel(title: "Album")) }
                    var body: some View { Text(String(PhotoStore.shared.count()) + PhotoStore.shared.name) }
                }

                struct AlbumView: View {
                    let model: AlbumViewModel
                    var body: some View { Text(model.title) }
                }

                struct AlbumPreviews: PreviewProvider {
                    static var previews: some View { AlbumView(model: AlbumViewModel(title: "Preview")) }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "CounterView"),
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let double = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/PreviewPhotoStore.swift"), encoding: .utf8)
        for member in ["func load(_ id: String) async throws -> String", "var name: String", "func count() -> Int"] {
            XCTAssertTrue(double.contains(member), double)
        }
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// A service isolated to the main actor, in a Swift 5 package (Basic-Car-Maintenance's
    /// `UIApplication`): the environment key's nonisolated `defaultValue` builds the double, so the
    /// double's `init()` must not be isolated, which it would be were it `@MainActor` or declared
    /// conforming to the `@MainActor` protocol.
    func testAMainActorServicesDoubleIsTheEnvironmentsDefaultInSwift5Mode() throws {
        let root = try journalPackage([
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Journal", platforms: [.macOS(.v13)], targets: [
                    .target(name: "SwiftUI", path: "Stubs/SwiftUI"),
                    .executableTarget(name: "Journal", dependencies: ["SwiftUI"], swiftSettings: [.swiftLanguageMode(.v5)]),
                ])
                """,
            "Sources/Journal/Infrastructure/Launcher.swift": """
                @MainActor
                final class Launcher {
                    static let shared = Launcher()
                    var badge: String? = nil
                    func open(_ link: String) async -> Bool { !link.isEmpty }
                    func canOpen(_ link: String) -> Bool { !link.isEmpty }
                }
                """,
            "Sources/Journal/Features/LinkView.swift": """
                import SwiftUI

                struct LinkView: View {
                    var body: some View { Text(Launcher.shared.canOpen("a") ? Launcher.shared.badge ?? "" : "") }
                    func tapped() async -> Bool { await Launcher.shared.open("a") }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "LinkView"),
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let double = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/PreviewLauncher.swift"), encoding: .utf8)
        XCTAssertTrue(double.contains("struct PreviewLauncher {\n"), double)
        XCTAssertTrue(double.contains("extension PreviewLauncher: LauncherProviding {}"), double)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// A parameter, a closure's parameter or a local named like the injected property would
    /// shadow it where the reads are rewritten (ACHNBrowserUI's `.sink { items in … }` beside an
    /// injected `items`): the property takes another name.
    func testTheInjectedPropertyIsNotShadowedByALocalOfItsName() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Catalog.swift": Self.catalog,
            "Sources/Journal/Features/ShelfView.swift": """
                import SwiftUI

                final class ShelfViewModel {
                    func refresh(_ catalog: [String]) -> Int {
                        catalog.count + Catalog.shared.categories().count
                    }

                    func names() -> [String] {
                        [1, 2].map { catalog in "\\(catalog)" + Catalog.shared.categories().joined() }
                    }
                }

                struct ShelfView: View {
                    let model: ShelfViewModel
                    var body: some View {
                        let catalog = model.names()
                        return Text(catalog.joined() + Catalog.shared.categories().joined())
                    }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": "import SwiftUI\n\n@main\nstruct JournalApp: App {\n    var body: some Scene {\n        WindowGroup { ShelfView(model: ShelfViewModel()) }\n    }\n}",
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let shelf = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/ShelfView.swift"), encoding: .utf8)
        XCTAssertTrue(shelf.contains("catalog.count + catalogProvider.categories().count"), shelf)
        XCTAssertTrue(shelf.contains("@Environment(\\.catalog) private var catalogProvider"), shelf)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// 49EuroTravel's `ContentView`: a folder no target compiles (here the spec's excluded
    /// `Legacy/`) declares a second view of the same name. The one the target compiles is fixed;
    /// the leftover is neither a reason to refuse nor a file to edit.
    func testATypeDeclaredAgainInAFileNoTargetCompilesIsFixed() throws {
        let root = try copy("XcodeGenApp")
        let leftover = """
            import SwiftUI

            struct WordView: View {
                var body: some View { Text(Lookup.shared.define("old")) }
            }

            """
        try write([
            "Diary/Services/Lookup.swift": """
                final class Lookup {
                    static let shared = Lookup()
                    func define(_ word: String) -> String { word }
                }
                """,
            "Diary/Views/WordView.swift": """
                import SwiftUI

                struct WordView: View {
                    var body: some View { Text(Lookup.shared.define("firebreak")) }
                }
                """,
        ], into: root)
        try Data(leftover.utf8).write(to: root.appendingPathComponent("Diary/Legacy/WordView.swift"))
        let result = try fix(["."], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("  WordView: LookupProviding from the environment\n"), result.stderr)
        XCTAssertFalse(result.stderr.contains("declared more than once"), result.stderr)
        XCTAssertTrue(result.stdout.contains("+++ b/Diary/Views/WordView.swift\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("+++ b/Diary/Legacy/"), result.stdout)
    }

    /// HDrezka's one target builds `iOS/` files for iOS only and `macOS/` files for macOS only
    /// (`platformFilter`). A fix of an iOS-only view would hand files every platform compiles what
    /// only iOS has: firebreak cannot build the other platforms here, so it leaves the view as it is.
    func testAFixAcrossFilesOfDifferentPlatformsIsRefused() throws {
        let root = try copy("XcodeApp")
        let project = root.appendingPathComponent("XcodeApp.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: project, encoding: .utf8)
        let filtered = text.replacingOccurrences(of: "fileRef = F0000000000000000000A002 /* ProfileView.swift */; };",
                                                 with: "fileRef = F0000000000000000000A002 /* ProfileView.swift */; platformFilter = ios; };")
        XCTAssertNotEqual(filtered, text)
        try Data(filtered.utf8).write(to: project)
        let result = try fix(["."], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        // No new file can be compiled for iOS alone, so the declarations would go into the view's
        // own file, which the scene and the package, compiled for every platform, would name.
        XCTAssertTrue(result.stderr.contains("  ProfileView (1): its declarations would go into App/Views/ProfileView.swift, compiled for ios only, and "),
                      result.stderr)
        XCTAssertFalse(result.stdout.contains("+++ b/App/Views/ProfileView.swift"), result.stdout)

        // A new file is compiled for every platform: an adapter of a macOS-only service there is not.
        try write(["Widgets/OpenerView.swift": """
            import AppKit
            import SwiftUI

            struct OpenerView: View {
                var body: some View {
                    Button("Open") { NSWorkspace.shared.open(URL(fileURLWithPath: "/")) }
                }
            }
            """], into: root)
        let opener = try fix(["."], in: root)
        XCTAssertTrue(opener.stderr.contains("  OpenerView (1): Widgets/LiveNSWorkspace.swift, compiled for every platform, would name NSWorkspace, which only macos has"),
                      opener.stderr)
    }

    /// 49EuroTravel's `SearchStopsView`: extensions in other files read the singleton. The
    /// environment property they read instead cannot be `private`.
    func testAnEnvironmentPropertyReadByAnExtensionInAnotherFileIsNotPrivate() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Catalog.swift": Self.catalog,
            "Sources/Journal/Features/ShelfView.swift": """
                import SwiftUI

                struct ShelfView: View {
                    var body: some View { Text(label()) }
                }
                """,
            "Sources/Journal/Features/ShelfView+Label.swift": """
                extension ShelfView {
                    func label() -> String { Catalog.shared.categories().joined() }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "ShelfView"),
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let shelf = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/ShelfView.swift"), encoding: .utf8)
        XCTAssertTrue(shelf.contains("    @Environment(\\.catalog) var catalog\n"), shelf)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// Harbour's `ViewForIOS`: a parent view builds two views whose models are nested types named
    /// `ViewModel`. It reads the dependency both models take once, and spells each model by its
    /// outer type, since a bare `ViewModel` is visible only inside the view that declares it.
    func testAParentBuildingTwoNestedModelsReadsTheirDependencyOnceAndQualifiesThem() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Store.swift": """
                final class Store: Sendable {
                    static let shared = Store()
                    func items() -> [String] { [] }
                    func count() -> Int { 0 }
                }
                """,
            "Sources/Journal/Features/Lists.swift": """
                import SwiftUI

                struct ListsView: View {
                    let viewModel = ViewModel()
                    var body: some View { Text(viewModel.title()) }

                    final class ViewModel {
                        func title() -> String { Store.shared.items().joined() + String(Store.shared.count()) }
                    }
                }

                struct CountView: View {
                    let viewModel = ViewModel()
                    var body: some View { Text(viewModel.title()) }

                    final class ViewModel {
                        func title() -> String { String(Store.shared.count()) }
                    }
                }

                struct HomeView: View {
                    var lists: ListsView { ListsView() }
                    var body: some View { CountView() }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "HomeView"),
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let lists = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/Lists.swift"), encoding: .utf8)
        XCTAssertEqual(lists.components(separatedBy: "@Environment(\\.store) private var store").count, 2, lists)
        XCTAssertTrue(lists.contains("CountView(viewModel: CountView.ViewModel(store: store))"), lists)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// enchanted's `ConversationStore`: properties isolated to the main actor in a class that is
    /// not. The protocol's requirements are isolated as they are, since a nonisolated requirement
    /// cannot be witnessed by them (Swift 6 mode says the conformance crosses into main
    /// actor-isolated code).
    func testAMainActorPropertyIsAMainActorRequirement() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/ChatStore.swift": """
                final class ChatStore: @unchecked Sendable {
                    static let shared = ChatStore()
                    @MainActor var messages: [String] = []
                    @MainActor var selected: String? = nil
                    func send(_ text: String) {}
                }
                """,
            "Sources/Journal/Features/ChatView.swift": """
                import SwiftUI

                struct ChatView: View {
                    var body: some View { Text(ChatStore.shared.messages.joined() + (ChatStore.shared.selected ?? "")) }
                    func tapped() {
                        ChatStore.shared.selected = "a"
                        ChatStore.shared.send("a")
                    }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "ChatView"),
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let requirements = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/ChatStoreProviding.swift"), encoding: .utf8)
        XCTAssertTrue(requirements.contains("    @MainActor var selected: String? { get set }\n    func send(_ text: String)\n"), requirements)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// enchanted's `CompletionsEditor` passes `$completionsStore.completions`, a binding through
    /// its `@State` holder's projection: neither a protocol nor the environment has one, so that
    /// dependency is left as it is, and says why.
    func testAHolderWhoseProjectionIsUsedIsLeftAsItIs() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Sources/App/Infrastructure/Store.swift": """
                final class Store {
                    static let shared = Store()
                    var items: [String] = []
                    func save() {}
                }
                """,
            "Sources/App/Features/EditorView.swift": """
                import SwiftUI
                struct EditorView: View {
                    @State private var store = Store.shared
                    var body: some View {
                        ItemsEditor(items: $store.items, onSave: store.save)
                    }
                }
                """,
        ])
        let result = try fix([], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("EditorView.swift:5:28 uses $store, the projection of its property wrapper"), result.stderr)
    }

    /// Two defaults that would not work (Maccy): one reading a shared instance whose own
    /// initialisation builds the type (`AppState.shared` builds `History`, whose default would read
    /// `AppState.shared` inside its own initialiser and trap at launch), and one isolated to the
    /// main actor in the init of a type that is not (SE-0411). Both are left, saying why; the same
    /// type isolated to the main actor takes the default.
    func testDefaultsThatWouldRecurseOrCrossIsolationAreNotWritten() throws {
        let models = """
            final class AppViewModel {
                static let shared = AppViewModel()
                let history = HistoryViewModel()
                lazy var later = LaterViewModel()
                var title = ""
            }

            // Built at its first read, after `shared` is set.
            final class LaterViewModel {
                func label() -> String { AppViewModel.shared.title }
            }

            final class HistoryViewModel {
                func label() -> String { AppViewModel.shared.title }
            }

            final class SettingsViewModel {
                @MainActor func open() { Storage.shared.save() }
            }

            final class ScreenViewModel {
                let settings = SettingsViewModel()
            }
            """
        let storage = """
            import Foundation

            @MainActor
            final class Storage {
                static let shared = Storage()
                func save() { try? Data().write(to: URL(fileURLWithPath: "/tmp/x")) }
            }
            """
        let root = try fixture([".firebreak.yml": "version: 1\n", "Sources/App/Features/Models.swift": models,
                                "Sources/App/Infrastructure/Storage.swift": storage])
        let result = try fix([], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("building AppViewModel.shared builds HistoryViewModel (AppViewModel → HistoryViewModel), so a default reading AppViewModel.shared in HistoryViewModel's init would run inside its own initialisation"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Storage.shared is isolated to MainActor: a default argument isolated to it compiles only in Swift 6 mode (SE-0411), in an init isolated to it; SettingsViewModel's code builds in Swift 5 mode"), result.stderr)
        XCTAssertTrue(result.stderr.contains("LaterViewModel: AppViewModelProviding through init"), result.stderr)

        // Isolated to the main actor, in a Swift 6 package: the default compiles there; in a
        // package that keeps Swift 5 mode, it does not.
        let isolatedModels = models.replacingOccurrences(of: "final class SettingsViewModel", with: "@MainActor\nfinal class SettingsViewModel")
        for (manifest, fixes) in [(Self.executablePackage, true),
                                  (Self.executablePackage.replacingOccurrences(of: "swift-tools-version:6.0", with: "swift-tools-version:5.10"), false)] {
            let root = try fixture([".firebreak.yml": "version: 1\n", "Package.swift": manifest, "Sources/App/Features/Models.swift": isolatedModels,
                                    "Sources/App/Infrastructure/Storage.swift": storage])
            let planned = try fix([], in: root)
            XCTAssertEqual(planned.stderr.contains("SettingsViewModel: StorageSaving through init"), fixes, planned.stderr)
        }
    }

    /// Backyard Birds' `BirdBrain`: a `@ModelActor` (a macro, not a global actor) whose shared
    /// instance is an implicitly unwrapped `static var` a view modifier sets in a task. The window
    /// group would read it before it is set, so the read is left, saying why; and no protocol
    /// is ever marked `@ModelActor`.
    func testASharedInstanceSetAfterLaunchIsLeftAsItIs() throws {
        let root = try fixture([
            ".firebreak.yml": "version: 1\n",
            "Sources/App/Shop/BirdBrain.swift": """
                import Foundation

                @ModelActor
                actor BirdBrain {
                    private(set) static var shared: BirdBrain!
                    static func createSharedInstance() { shared = BirdBrain() }
                    func observeTransactionUpdates() async { _ = try? Data(contentsOf: URL(fileURLWithPath: "/tmp/t")) }
                }
                """,
            "Sources/App/Shop/ShopModifier.swift": """
                import SwiftUI
                struct ShopModifier: ViewModifier {
                    func body(content: Content) -> some View {
                        content.task {
                            BirdBrain.createSharedInstance()
                            await BirdBrain.shared.observeTransactionUpdates()
                        }
                    }
                }
                """,
            "Sources/App/App/BirdsApp.swift": """
                import SwiftUI
                @main
                struct BirdsApp: App {
                    var body: some Scene { WindowGroup { Text("Birds").modifier(ShopModifier()) } }
                }
                """,
        ])
        let result = try fix([], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("ShopModifier (1): BirdBrain.shared is an optional static property set after launch"), result.stderr)

        // Set when the type loads, the instance is injected, and the protocol is no `@ModelActor`.
        let brain = root.appendingPathComponent("Sources/App/Shop/BirdBrain.swift")
        let text = try String(contentsOf: brain, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "private(set) static var shared: BirdBrain!", with: "static let shared = BirdBrain()").utf8).write(to: brain)
        let injected = try fix([], in: root)
        XCTAssertTrue(injected.stdout.contains("+protocol BirdBrainProviding: Sendable {"), injected.stdout)
        XCTAssertFalse(injected.stdout.contains("@ModelActor\n+protocol"), injected.stdout)
    }

    /// A multiplatform app (Kiwix's shape): the App is declared once per platform under `#if
    /// os(…)`, and both get the live instances; a UIKit type read under `#if os(iOS)` is refused,
    /// since what fix writes outside the `#if` would not build for the other platforms (this
    /// Linux build is one); a type aligned under its name indents by its members' unit, not by
    /// the continuation line's.
    func testAMultiplatformAppKeepsEveryPlatformBuilding() throws {
        let root = try copy("FixEnvironment")
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/Journal"))
        let app = { (platform: String) in
            "@main\nstruct JournalApp: App {\n    var body: some Scene {\n        WindowGroup { StatusView() }\n    }\n}\n// \(platform)"
        }
        let files = [
            "Sources/Journal/App/JournalApp.swift": "import SwiftUI\n\n#if os(iOS)\n\(app("iOS"))\n#else\n\(app("others"))\n#endif",
            "Sources/Journal/Features/StatusView.swift": """
                import Foundation
                import SwiftUI
                #if os(iOS)
                import UIKit
                #endif

                struct StatusView: View {
                    var body: some View { Text(String(FileManager.default.fileExists(atPath: "/tmp/a"))) }

                    func open(_ url: URL) {
                        #if os(iOS)
                        UIApplication.shared.open(url)
                        #endif
                    }
                }
                """,
            "Sources/Journal/Features/FeedViewModel.swift": """
                import Foundation

                final class FeedViewModel: Identifiable,
                                           CustomStringConvertible {
                    var description: String { "feed" }

                    func load() -> Bool { FileManager.default.fileExists(atPath: "/tmp/feed") }
                }
                """,
        ]
        try write(files, into: root)
        let dryRun = try fix(in: root)
        XCTAssertTrue(dryRun.stderr.contains("reads UIApplication.shared under `#if os(iOS)`, and UIApplication is a type of UIKit"), dryRun.stderr)
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.map { $0["symbol"] as? String }, ["UIApplication.shared"], "\(findings)")
        let appText = try String(contentsOf: root.appendingPathComponent("Sources/Journal/App/JournalApp.swift"), encoding: .utf8)
        XCTAssertEqual(appText.components(separatedBy: ".environment(\\.fileManager, LiveFileManager(FileManager.default))").count, 3, appText)
        let model = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/FeedViewModel.swift"), encoding: .utf8)
        XCTAssertTrue(model.contains("{\n    private let fileManager: any FileManagerProviding\n"), model)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// Backend's client, read by a view in each of two feature modules (one imports the other, and
    /// reads `UserDefaults` too), shown by an app module that imports only the first.
    private func featurePackages(backendImportsSwiftUI: Bool) throws -> URL {
        let root = try copy("FixEnvironment")
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/Journal"))
        let status = { (view: String) in
            "import Backend\nimport SwiftUI\n\npublic struct \(view): View {\n    public init() {}\n    public var body: some View { Text(BackendClient.main.status()) }\n}\n"
        }
        let files = [
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription
                let package = Package(name: "Journal", targets: [
                    .target(name: "SwiftUI", path: "Stubs/SwiftUI"),
                    .target(name: "Backend"\(backendImportsSwiftUI ? ", dependencies: [\"SwiftUI\"]" : "")),
                    .target(name: "Settings", dependencies: ["SwiftUI", "Backend"]),
                    .target(name: "Feature", dependencies: ["SwiftUI", "Backend", "Settings"]),
                    .executableTarget(name: "Journal", dependencies: ["SwiftUI", "Backend", "Feature", "Settings"]),
                ])
                """,
            "Sources/Backend/BackendClient.swift": """
                import Foundation
                \(backendImportsSwiftUI ? "import SwiftUI\n" : "")
                public final class BackendClient: Sendable {
                    public static let main = BackendClient()
                    public func status() -> String { (try? String(contentsOfFile: "/tmp/status", encoding: .utf8)) ?? "" }
                }
                """,
            "Sources/Settings/SettingsStatusView.swift": status("SettingsStatusView"),
            // A platform singleton too: its protocol and live adapter are public, for the app to build the adapter.
            "Sources/Feature/StatusView.swift": status("StatusView").replacingOccurrences(
                of: "Text(BackendClient.main.status())", with: "Text(BackendClient.main.status() + String(UserDefaults.standard.integer(forKey: \"n\")))")
                .replacingOccurrences(of: "import Backend\n", with: "import Backend\nimport Foundation\n"),
            "Sources/Feature/HomeView.swift": """
                import Settings
                import SwiftUI

                public struct HomeView: View {
                    public init() {}
                    public var body: some View { SettingsStatusView() }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": """
                import Feature
                import SwiftUI

                @main
                struct JournalApp: App {
                    var body: some Scene {
                        WindowGroup { HomeView() }
                    }
                }
                """,
        ]
        try write(files, into: root)
        return root
    }

    /// A root view that already has modifiers on lines of their own gets the new ones level with them.
    func testNewModifiersLineUpWithTheRootViewsOwn() throws {
        let root = try featurePackages(backendImportsSwiftUI: true)
        try write(["Sources/Journal/App/JournalApp.swift": """
            import Feature
            import SwiftUI

            @main
            struct JournalApp: App {
                var body: some Scene {
                    WindowGroup {
                        HomeView()
                        .tinted()
                    }
                }
            }

            extension View {
                func tinted() -> some View { self }
            }
            """], into: root)
        let result = try fix([], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("             .tinted()\n+            .environment(\\.backendClient, BackendClient.main)\n"), result.stdout)
    }

    func testBadOptionsExitTwoWithAReason() throws {
        let root = try copy("FixPackage")
        let cases: [([String], String)] = [
            (["--style", "magic"], "firebreak: unknown --style 'magic'; expected one of auto, init, environment, closures\n"),
            (["--finding", "0123456789abcdef"], "firebreak: --finding 0123456789abcdef: no finding has this fingerprint (`firebreak lint --format json` lists them)\n"),
            (["--name", "not a name"], "firebreak: --name 'not a name' is not a Swift type name\n"),
        ]
        for (arguments, message) in cases {
            let result = try fix(arguments, in: root)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, message, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    /// Cisum's `RootView` read its provider manager in `init`, and its `FileSizeView` read the file
    /// manager in `Task.detached`: a view's environment is not there yet in an init, and its
    /// wrapper is isolated to the main actor. Neither view takes the dependency from the
    /// environment; each takes it through its init instead.
    func testAViewReadingTheSingletonInItsInitOrADetachedTaskTakesItThroughItsInit() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Catalog.swift": Self.catalog,
            "Sources/Journal/Features/ShelfView.swift": """
                import SwiftUI

                struct ShelfView: View {
                    let names: [String]

                    init() {
                        names = Catalog.shared.categories()
                    }

                    var body: some View { Text(names.joined()) }
                }
                """,
            "Sources/Journal/Features/SizeView.swift": """
                import SwiftUI

                struct SizeView: View {
                    var body: some View { Text("size") }

                    func measure() {
                        Task.detached { _ = Catalog.shared.categories() }
                    }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "ShelfView"),
        ])
        let dryRun = try fix(["--style", "environment"], in: root)
        XCTAssertTrue(dryRun.stderr.contains("  ShelfView (1): Sources/Journal/Features/ShelfView.swift:7:17 reads Catalog.shared in an init, where a view's environment cannot be read; pass it in by hand\n"),
                      dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  SizeView (1): Sources/Journal/Features/SizeView.swift:7:29 reads Catalog.shared in Task.detached, where a view's environment cannot be read; pass it in by hand\n"),
                      dryRun.stderr)
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        for view in ["ShelfView", "SizeView"] {
            let text = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/\(view).swift"), encoding: .utf8)
            XCTAssertFalse(text.contains("@Environment"), text)
        }
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// Namo, a Tuist project, keeps its error handler in a shared-utilities target below the app:
    /// read as one module, fix put the handler's conformance there, beside a protocol only the
    /// app target declared. Tuist's manifests are Swift that Tuist runs, so fix writes nothing
    /// unless `modules:` says which target compiles which file. A file named `Project.swift` that
    /// declares the app's own `Project` is code, not a manifest.
    func testATuistProjectIsNotFixedUnlessModulesDescribeIt() throws {
        let manifest = "import ProjectDescription\n\nlet project = Project(name: \"App\", targets: [])\n"
        let root = try fixture([
            "Workspace.swift": "import ProjectDescription\n\nlet workspace = Workspace(name: \"App\", projects: [\"Projects/**\"])\n",
            "Projects/App/Project.swift": manifest,
            "Projects/Shared/Project.swift": manifest,
            "Tuist/ProjectDescriptionHelpers/Project+Module.swift": "import ProjectDescription\n\nextension Project {}\n",
            "Projects/Shared/Sources/ErrorHandler.swift": """
                import Foundation

                public final class ErrorHandler {
                    public static let shared = ErrorHandler()
                    public func report(_ message: String) { UserDefaults.standard.set(message, forKey: "last") }
                }
                """,
            "Projects/App/Sources/Models/Project.swift": "struct Project {\n    let name: String\n}\n",
            "Projects/App/Sources/Features/HomeView.swift": """
                import SwiftUI

                struct HomeView: View {
                    var body: some View { Button("Fail") { ErrorHandler.shared.report("failed") } }
                }
                """,
        ])
        let refused = try fix([], in: root)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertTrue(refused.stderr.contains("Workspace.swift: a Tuist project, whose targets firebreak cannot read"), refused.stderr)
        let lint = try FirebreakProcess.run(["lint", "--no-cache"], in: root)
        XCTAssertTrue((lint.stdout + lint.stderr).contains("Workspace.swift: warning: Tuist project not read (3 manifests)"), lint.stdout + lint.stderr)
        XCTAssertTrue(lint.stdout.contains("HomeView reads the shared instance ErrorHandler.shared"), lint.stdout)
        let modules = try FirebreakProcess.run(["modules"], in: root)
        // The four manifests belong to no module; the app's own `Project` is code.
        XCTAssertTrue(modules.stdout.contains("3 Swift files"), modules.stdout)
        try "modules:\n  - name: App\n    paths: [\"Projects/**\"]\n".write(to: root.appendingPathComponent(".firebreak.yml"), atomically: true, encoding: .utf8)
        let described = try fix([], in: root)
        XCTAssertEqual(described.status, 0, described.stderr)
        XCTAssertTrue(described.stdout.contains("+++ b/Projects/App/Sources/Features/HomeView.swift"), described.stdout)
    }

    /// Kiwix's navigation model declares its init under `#if os(iOS)`. A new init beside it would
    /// leave that one setting none of the new properties (and the iOS app, calling the new one,
    /// would skip its start-up work): the type is refused, and the platform protocols are
    /// `Sendable`, as their SDK types are, with adapters that say so.
    func testAnInitUnderIfIsRefusedAndPlatformProtocolsAreSendable() throws {
        let root = try journalPackage([
            "Sources/Journal/Features/NavigationViewModel.swift": """
                import Foundation

                final class NavigationViewModel {
                    var tabs = 0
                    func reset() { UserDefaults.standard.set(0, forKey: "tabs") }

                    #if os(iOS)
                    init() { tabs = 1 }
                    #endif
                }
                """,
            "Sources/Journal/Features/LibraryViewModel.swift": """
                import Foundation

                final class LibraryViewModel {
                    func clear() { try? FileManager.default.removeItem(atPath: "/tmp/library") }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": """
                import SwiftUI

                @main
                struct JournalApp: App {
                    var body: some Scene {
                        WindowGroup { Text(String(describing: [NavigationViewModel(), LibraryViewModel()])) }
                    }
                }
                """,
        ])
        let dryRun = try fix(["--style", "init"], in: root)
        XCTAssertTrue(dryRun.stderr.contains("  NavigationViewModel (1): Sources/Journal/Features/NavigationViewModel.swift:8:5: an init under #if would need the dependency too; give NavigationViewModel one init outside it\n"),
                      dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("+protocol FileManagerProviding: Sendable {\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("+struct LiveFileManager: FileManagerProviding, @unchecked Sendable {\n"), dryRun.stdout)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.compactMap { $0["type"] as? String }, ["NavigationViewModel"], "\(findings)")
    }

    /// Element X's shapes, in a module whose declarations are isolated to the main actor by
    /// default (Xcode 26's new apps): a protocol over a Sendable platform type is `nonisolated`,
    /// so a detached task still calls it; a composition root that passes its own instance of the
    /// platform type passes it through the adapter; and a type whose init is passed as a
    /// function (`map(RowModel.init)`) is refused, since the new parameter's default would not
    /// reach that reference.
    func testMainActorByDefaultPlatformProtocolsAreNonisolatedAndPassedInstancesAdapted() throws {
        let root = try journalPackage([
            "Sources/Journal/Features/LibraryViewModel.swift": """
                import Foundation

                final class LibraryViewModel {
                    func clear() {
                        Task.detached { try? FileManager.default.removeItem(atPath: "/tmp/library") }
                    }
                }
                """,
            "Sources/Journal/Features/ActivityViewModel.swift": """
                import Foundation

                final class ActivityViewModel {
                    private let center: NotificationCenter
                    init(center: NotificationCenter = .default) { self.center = center }
                    func start() { center.post(name: Notification.Name("start"), object: nil) }
                }
                """,
            "Sources/Journal/Features/RowViewModel.swift": """
                import Foundation

                nonisolated final class RowViewModel {
                    let title: String
                    init(title: String) { self.title = title + (UserDefaults.standard.string(forKey: "suffix") ?? "") }
                }

                nonisolated final class ListViewModel {
                    let rows = ["a", "b"].map(RowViewModel.init)
                }
                """,
            "Sources/Journal/App/JournalApp.swift": """
                import Foundation
                import SwiftUI

                @main
                struct JournalApp: App {
                    var body: some Scene {
                        WindowGroup { Text(String(describing: [LibraryViewModel(), ActivityViewModel(center: NotificationCenter()), ListViewModel()])) }
                    }
                }
                """,
        ])
        let manifest = root.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "swift-tools-version:6.0", with: "swift-tools-version:6.2")
            .replacingOccurrences(of: #".executableTarget(name: "Journal", dependencies: ["SwiftUI"])"#,
                                  with: #".executableTarget(name: "Journal", dependencies: ["SwiftUI"], swiftSettings: [.defaultIsolation(MainActor.self)])"#)
        try Data(text.utf8).write(to: manifest)
        try assertBuilds(root)
        let dryRun = try fix(["--style", "init"], in: root)
        XCTAssertTrue(dryRun.stdout.contains("+nonisolated protocol FileManagerProviding: Sendable {\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("+nonisolated struct LiveFileManager: FileManagerProviding, @unchecked Sendable {\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("ActivityViewModel(center: LiveNotificationCenter(NotificationCenter()))"), dryRun.stdout)
        XCTAssertTrue(dryRun.stderr.contains("  RowViewModel (1): Sources/Journal/Features/RowViewModel.swift:9:31 passes RowViewModel.init as a function, which a new parameter's default does not reach; call it in a closure there, then run fix again\n"),
                      dryRun.stderr)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertEqual(findings.compactMap { $0["type"] as? String }, ["RowViewModel"], "\(findings)")
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// Cider's shape: a view built through its memberwise init by another view that does not
    /// pass the dependency, in `--style init` (an AppKit app has no scene to set the environment
    /// on). The property is a `var` whose initial value is the container's member, the only
    /// default a memberwise init takes; an existing `let` holder becomes one too, and the new one
    /// is declared beside it (Enchanted's `Settings`, whose preview passed them out of order).
    func testAMemberwiseViewBuiltByAnotherViewKeepsADefaultFromTheContainer() throws {
        let root = try journalPackage([
            "Sources/Journal/Features/AboutView.swift": """
                import SwiftUI

                struct AboutView: View {
                    let title: String
                    private let catalog = Catalog.shared

                    var body: some View { Text(title + Updater.shared.version() + String(catalog.categories().count)) }
                }
                """,
            "Sources/Journal/Features/HomeView.swift": """
                import SwiftUI

                struct HomeView: View {
                    var body: some View { AboutView(title: "About") }
                }
                """,
            "Sources/Journal/Infrastructure/Updater.swift": """
                final class Updater: Sendable {
                    static let shared = Updater()
                    func version() -> String { "1" }
                }
                """,
            "Sources/Journal/Features/CounterView.swift": """
                import SwiftUI

                struct CounterView: View {
                    private var step = 1
                    var body: some View { Text(Updater.shared.version() + String(step)) }
                }
                """,
            "Sources/Journal/Infrastructure/Catalog.swift": Self.catalog,
            "Sources/Journal/App/JournalApp.swift": """
                import SwiftUI

                @main
                struct JournalApp: App {
                    init() { _ = (CounterView(), AboutView(title: "Launch")) }
                    var body: some Scene {
                        WindowGroup { HomeView() }
                    }
                }
                """,
        ])
        let dryRun = try fix(["--style", "init"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        // `private var step` makes the memberwise init private to its file, where the app's
        // scene could not pass the updater.
        XCTAssertTrue(dryRun.stderr.contains("  CounterView (1): Sources/Journal/Features/CounterView.swift:4:5: a private stored property makes CounterView's memberwise init private to its file, and code in other files would pass it the dependency; give CounterView an init, then run fix again\n"),
                      dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("+    var updater: any UpdaterProviding = AboutViewContainer.updater\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains("+    var catalog: any CatalogProviding = AboutViewContainer.catalog\n"), dryRun.stdout)
        // The new holder is declared just before the existing one, so the app's call passes both
        // after `title`, in the order the memberwise init takes them.
        XCTAssertTrue(dryRun.stdout.contains("AboutView(title: \"Launch\", updater: Updater.shared, catalog: Catalog.shared)"), dryRun.stdout)
        XCTAssertEqual(try applyAndBuild(style: "init", in: root).compactMap { $0["type"] as? String }, ["CounterView"])
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// Enchanted's prompt panel: a view an AppKit host shows, and the views it builds, do not
    /// inherit the environment the scenes set, so `--style auto` injects them through `init`
    /// (the live instance, not the preview double, at run time). A view in a window group still
    /// reads the environment. (Linux has no AppKit: the result is read, not built.)
    func testAViewAHostShowsIsInjectedThroughInitNotTheEnvironment() throws {
        let root = try journalPackage([
            "Sources/Journal/Features/PanelView.swift": """
                import SwiftUI

                struct PanelView: View {
                    var body: some View { PanelField().padding() }
                }

                struct PanelField: View {
                    var body: some View { Text(String(Catalog.shared.categories().count)) }
                }

                struct BadgeView: View {
                    var body: some View { Text(String(Catalog.shared.categories().count)) }
                }
                """,
            "Sources/Journal/Features/EntriesView.swift": """
                import SwiftUI

                struct EntriesView: View {
                    var body: some View { Text(String(Catalog.shared.categories().count)) }
                }
                """,
            "Sources/Journal/Features/PanelManager.swift": """
                import AppKit
                import SwiftUI

                final class PanelManager {
                    func show() {
                        let content = PanelView()
                        let host = NSHostingView(rootView: content)
                        _ = (host, NSHostingController<BadgeView>(rootView: badge()))
                    }

                    func badge() -> BadgeView { BadgeView() }
                }
                """,
            "Sources/Journal/Infrastructure/Catalog.swift": Self.catalog,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "EntriesView"),
        ])
        let dryRun = try fix([], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  EntriesView: CatalogProviding from the environment\n"), dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("+    var catalog: any CatalogProviding = PanelFieldContainer.catalog\n"), dryRun.stdout)
        XCTAssertTrue(dryRun.stderr.contains("  PanelField: CatalogProviding through init\n"), dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  BadgeView: CatalogProviding through init\n"), dryRun.stderr)
    }

    /// Minty's and dime's shape: a method keeps the shared instance in a local named as the new
    /// property would be (`let notificationCenter = NotificationCenter.default`). The statement
    /// goes, not left as `let notificationCenter = notificationCenter`; a local a closure uses
    /// stays, since the closure would need `self.` to read the property.
    func testALocalNamedAsTheNewPropertyGoes() throws {
        let root = try journalPackage([
            "Sources/Journal/Features/SyncViewModel.swift": """
                import Foundation

                final class SyncViewModel {
                    func finish() {
                        let notificationCenter = NotificationCenter.default

                        notificationCenter.post(name: Notification.Name("synced"), object: nil)
                    }

                    func later() {
                        let notificationCenter = NotificationCenter.default
                        DispatchQueue.global().async { notificationCenter.post(name: Notification.Name("later"), object: nil) }
                    }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": """
                import SwiftUI

                @main
                struct JournalApp: App {
                    var body: some Scene {
                        WindowGroup { Text(String(describing: SyncViewModel())) }
                    }
                }
                """,
        ])
        let dryRun = try fix(["--style", "init"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertEqual(try applyAndBuild(style: "init", in: root).count, 0)
        let text = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/SyncViewModel.swift"), encoding: .utf8)
        XCTAssertTrue(text.contains("""
                func finish() {
                    notificationCenter.post(name: Notification.Name("synced"), object: nil)
                }
            """), text)
        XCTAssertTrue(text.contains("""
                    let notificationCenter = notificationCenter
                    DispatchQueue.global().async {
            """), text)
    }

    /// MoweeSwiftUI's `PagedDataSource<Item>` defaults to `SetBasedDeduplication<Item>()`: the
    /// default is found through its generic arguments, and refused with the reason, since no
    /// call site can write the type's own generic parameter.
    func testADefaultNamingTheTypesGenericParameterIsRefusedWithTheReason() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Deduplication.swift": """
                import Foundation

                final class Deduplication<Element: Hashable> {
                    init() {}
                    func isNew(_ element: Element) -> Bool { !FileManager.default.fileExists(atPath: "\\(element)") }
                }
                """,
            "Sources/Journal/Features/PageModel.swift": """
                final class PageModel<Item: Hashable> {
                    private let deduplication: Deduplication<Item>
                    init(deduplication: Deduplication<Item> = Deduplication<Item>()) { self.deduplication = deduplication }
                    func accept(_ item: Item) -> Bool { deduplication.isNew(item) }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": """
                import SwiftUI

                @main
                struct JournalApp: App {
                    var body: some Scene {
                        WindowGroup { Text(String(describing: PageModel<Int>())) }
                    }
                }
                """,
        ])
        let dryRun = try fix(["--style", "init"], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  PageModel (1): Sources/Journal/Features/PageModel.swift:3:47: Deduplication<Item>() names the generic parameter Item, which the call sites cannot write; pass it at them by hand\n"),
                      dryRun.stderr)
    }

    /// Kiwix's and dime's views keep a notification publisher in a stored property, whose initial
    /// value cannot read an injected centre: it becomes a computed property that reads it, as the
    /// publisher written in `body` does. A stored value that is not a publisher still refuses the
    /// fix. (Linux has no Combine: the result is read, not built.)
    func testAStoredNotificationPublisherBecomesAComputedProperty() throws {
        let root = try journalPackage([
            "Sources/Journal/Features/InboxView.swift": """
                import Foundation
                import SwiftUI

                struct InboxView: View {
                    private let refresh = NotificationCenter.default.publisher(for: Notification.Name("refresh"))
                    private var saved: NotificationCenter.Publisher = NotificationCenter.default.publisher(for: Notification.Name("saved"))

                    var body: some View {
                        Text("inbox").onReceive(refresh) { _ in }.onReceive(saved) { _ in }
                            .onReceive(NotificationCenter.default.publisher(for: Notification.Name("inbox"))) { _ in }
                    }
                }
                """,
            "Sources/Journal/Features/CountView.swift": """
                import Foundation
                import SwiftUI

                struct CountView: View {
                    private let observer = NotificationCenter.default.addObserver(forName: nil, object: nil, queue: nil) { _ in }
                    var body: some View { Text("count") }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "InboxView"),
        ])
        let dryRun = try fix([], in: root)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  InboxView: NotificationCenterProviding from the environment\n"), dryRun.stderr)
        XCTAssertTrue(dryRun.stdout.contains("""
            +    private var refresh: NotificationCenter.Publisher { notificationCenter.publisher(for: Notification.Name("refresh")) }
            +    private var saved: NotificationCenter.Publisher { notificationCenter.publisher(for: Notification.Name("saved")) }
            """), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.contains(".onReceive(notificationCenter.publisher(for: Notification.Name(\"inbox\")))"), dryRun.stdout)
        XCTAssertTrue(dryRun.stderr.contains("  CountView (1): Sources/Journal/Features/CountView.swift:5:28 reads NotificationCenter.default in a stored property's initial value"),
                      dryRun.stderr)
    }

    /// MoweeSwiftUI extends one specialisation of its generic data source
    /// (`extension PagedDataSource<Media>: …`): the extension names the type with its generic
    /// arguments, and fix looked for a declaration of that name, found none, and refused the type.
    /// A view that builds the model with its arguments spelled (`ListModel<String>()`) is one of
    /// its construction sites: missed, it kept the old init and did not compile.
    func testAParameterizedExtensionIsAnExtensionOfItsType() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Catalog.swift": Self.catalog,
            "Sources/Journal/Features/ListModel.swift": """
                final class ListModel<Item> {
                    var items: [Item] = []
                    func titles() -> [String] { Catalog.shared.categories() }
                }

                extension ListModel<String> {
                    var joined: String { items.joined() }
                }
                """,
            "Sources/Journal/Features/ShelfView.swift": """
                import SwiftUI

                struct ShelfView: View {
                    let model = ListModel<String>()
                    var body: some View { Text(model.joined + model.titles().joined()) }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "ShelfView"),
        ])
        let dryRun = try fix(["--style", "init"], in: root)
        XCTAssertFalse(dryRun.stderr.contains("cannot find the declaration"), dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("  ListModel: CatalogProviding through init\n"), dryRun.stderr)
        let findings = try applyAndBuild(style: "init", in: root)
        XCTAssertFalse(findings.contains { $0["type"] as? String == "ListModel" }, "\(findings)")
        try assertSecondApplyChangesNothing(style: "init", in: root)
    }

    /// SwiftUI-Enterprise-App's root view configured shared stores in a `Task` its init starts
    /// before its other properties are set. Read through `self.`, the injected store would be
    /// captured with a `self` not yet initialised, which does not compile: the closure reads the
    /// init's parameter instead.
    func testAClosureInAnInitReadsTheInjectedParameterNotSelf() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Catalog.swift": Self.catalog,
            "Sources/Journal/Features/ShelfView.swift": """
                import SwiftUI

                struct ShelfView: View {
                    let names: [String]
                    let title: String

                    init() {
                        Task { @MainActor in _ = Catalog.shared.categories() }
                        names = Catalog.shared.categories()
                        title = "Shelf"
                    }

                    var body: some View { Text(title + names.joined()) }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "ShelfView"),
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let text = try String(contentsOf: root.appendingPathComponent("Sources/Journal/Features/ShelfView.swift"), encoding: .utf8)
        XCTAssertTrue(text.contains("Task { @MainActor in _ = catalog.categories() }"), text)
        XCTAssertFalse(text.contains("self.catalog.categories()"), text)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// SwiftUI-SotkaApp's app builds its sync service as `progressSyncService: .init(client: client)`,
    /// an argument of another type's init: the call never spells the type. A fix that moves the
    /// service's default argument to the call sites passes it there too.
    func testAnImplicitInitPassedToAnotherTypesInitGetsTheNewArgument() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/PhotoDownloader.swift": """
                final class PhotoDownloader: Sendable {
                    func fetch() -> Int { 1 }
                }
                """,
            "Sources/Journal/Features/FeedViewModel.swift": """
                final class FeedViewModel {
                    let title: String
                    private let photos: PhotoDownloader

                    init(title: String, photos: PhotoDownloader = PhotoDownloader()) {
                        self.title = title
                        self.photos = photos
                    }

                    func count() -> Int { photos.fetch() }
                }
                """,
            "Sources/Journal/Features/FeedView.swift": """
                import SwiftUI

                struct FeedView: View {
                    let viewModel: FeedViewModel
                    var body: some View { Text(viewModel.title) }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": """
                import SwiftUI

                @main
                struct JournalApp: App {
                    var body: some Scene {
                        WindowGroup { FeedView(viewModel: .init(title: "Feed")) }
                    }
                }
                """,
        ])
        let findings = try applyAndBuild(style: "auto", in: root)
        XCTAssertEqual(findings.count, 0, "\(findings)")
        let app = try String(contentsOf: root.appendingPathComponent("Sources/Journal/App/JournalApp.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains(".init(title: \"Feed\", photos: PhotoDownloader())"), app)
        try assertSecondApplyChangesNothing(style: "auto", in: root)
    }

    /// Cisum's `AudioPlayModeRepo` is an actor whose method takes a package's enum that is not
    /// `Sendable`: a protocol's requirement would pass it across the actor's isolation, and the
    /// conformance would not compile in Swift 6 mode. The fix is refused, and says why.
    func testAnActorWhoseRequirementsPassANonSendableTypeIsRefused() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/ModeStore.swift": """
                final class Mode {
                    var name = "loop"
                }

                actor ModeStore {
                    static let shared = ModeStore()
                    func store(_ mode: Mode) {}
                }
                """,
            "Sources/Journal/Features/ModeView.swift": """
                import SwiftUI

                struct ModeView: View {
                    var body: some View { Text("mode") }

                    func save() async {
                        await ModeStore.shared.store(Mode())
                    }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "ModeView"),
        ])
        let result = try fix(["."], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("  ModeView (1): ModeStore is an actor, and its requirements would pass Mode across its isolation, which firebreak does not know to be Sendable; declare Mode Sendable, then run fix again\n"),
                      result.stderr)
        XCTAssertEqual(result.stdout, "", result.stdout)
    }

    /// SwiftUI-SotkaApp's workout model built its own audio player. From the environment, the
    /// player would be one the app's body builds again at every evaluation, shared by every
    /// screen, and outliving each: the model is left as it is, and says why.
    func testAModelThatBuildsItsOwnServiceIsNotGivenOneFromTheEnvironment() throws {
        let root = try journalPackage([
            "Sources/Journal/Infrastructure/Player.swift": """
                final class Player {
                    var volume = 1.0
                    func play() {}
                }
                """,
            "Sources/Journal/Features/WorkoutViewModel.swift": """
                final class WorkoutViewModel {
                    private let player = Player()
                    func finish() { player.play() }
                }
                """,
            "Sources/Journal/Features/WorkoutView.swift": """
                import SwiftUI

                struct WorkoutView: View {
                    let viewModel = WorkoutViewModel()
                    var body: some View { Text("workout") }
                }

                struct StartView: View {
                    var body: some View { WorkoutView() }
                }
                """,
            "Sources/Journal/App/JournalApp.swift": Self.journalApp(showing: "StartView"),
        ])
        let result = try fix(["."], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("  WorkoutViewModel (1): Sources/Journal/Features/WorkoutView.swift:9:27 builds WorkoutViewModel, which makes its own Player; from the environment it would share one the app builds again with its body: pass one in by hand"),
                      result.stderr)
        XCTAssertFalse(result.stdout.contains(".environment(\\.player"), result.stdout)
    }
}
