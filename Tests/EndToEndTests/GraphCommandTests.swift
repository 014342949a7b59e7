import Foundation
import XCTest

/// `firebreak graph` on the example app, through the built binary.
final class GraphCommandTests: XCTestCase {
    private static let goldenDirectory = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden")

    func testGoldenDOT() throws {
        let cases: [(String, [String])] = [
            ("ClinicApp.ProfileView.dot", ["--view", "ProfileView"]),
            ("ClinicApp.ProfileView-firewalled.dot", ["--view", "ProfileView", "--firewalled"]),
            ("ClinicApp.WatchlistView-files.dot", ["--view", "WatchlistView", "--collapse", "files"]),
            ("ClinicApp.modules.dot", ["--modules"]),
        ]
        for (name, arguments) in cases {
            let result = try FirebreakProcess.run(["graph", "Examples/ClinicApp"] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, try FirebreakProcess.run(["graph", "Examples/ClinicApp"] + arguments).stdout,
                           "DOT differs between runs")
            let golden = Self.goldenDirectory.appendingPathComponent(name)
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try Data(result.stdout.utf8).write(to: golden)
                continue
            }
            XCTAssertEqual(result.stdout, try String(contentsOf: golden, encoding: .utf8),
                           "\(name) differs; rerun with UPDATE_GOLDEN=1 if intended")
        }
    }

    func testProfileViewDrawsItsViolationsAndCuts() throws {
        let dot = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView"]).stdout
        for target in ["t_APIClient", "t_RealmManager", "t_AnalyticsTracker"] {
            XCTAssertTrue(dot.contains("\"t_ProfileViewModel\" -> \"\(target)\" [color=\"#dc2626\", fontcolor=\"#dc2626\", penwidth=1.6, label=\"singleton-access\", style=\"dashed\"];"), target)
        }
        let firewalled = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView", "--firewalled"]).stdout
        XCTAssertFalse(firewalled.contains("\"t_APIClient\""))
        XCTAssertTrue(firewalled.contains("protocol for APIClient"))
    }

    /// A finding's line that names two types: only the edge to the type the finding names is red.
    func testAViolationEdgeEndsAtTheTypeTheFindingNames() throws {
        let root = try FirebreakProcess.fixture([
            "App/Backend.swift": """
                import Foundation
                final class ImageService {
                    enum Size { case small, big }
                    func fetch() async throws -> Data { try await URLSession.shared.data(from: URL(fileURLWithPath: "/")).0 }
                }
                final class LoaderCache {
                    static let shared = LoaderCache()
                    var loaders: [String: Int] = [:]
                    func loader(size: ImageService.Size) -> Int { 0 }
                }
                """,
            "App/PosterView.swift": """
                import SwiftUI
                struct PosterView: View {
                    var body: some View { Text("\\(LoaderCache.shared.loader(size: ImageService.Size.big))") }
                }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try FirebreakProcess.run(["lint", "--no-cache"], in: root)
        XCTAssertTrue(lint.stdout.contains("PosterView reads the shared instance LoaderCache.shared [singleton-access]"), lint.stdout)
        let dot = try FirebreakProcess.run(["graph", "--view", "PosterView", "--no-cache"], in: root).stdout
        XCTAssertTrue(dot.contains("\"t_PosterView\" -> \"t_LoaderCache\" [color=\"#dc2626\""), dot)
        let toService = dot.split(separator: "\n").filter { $0.contains("\"t_PosterView\" -> \"t_ImageService") }
        XCTAssertFalse(toService.isEmpty, dot)
        XCTAssertFalse(toService.contains { $0.contains("#dc2626") }, dot)
    }

    func testRendersPNGSVGAndPDFInProcess() throws {
        let directory = try FirebreakProcess.fixture([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        for (format, magic) in [("png", "\u{89}PNG"), ("svg", "<?xml"), ("pdf", "%PDF-")] {
            let output = directory.appendingPathComponent("profile.\(format)").path
            let result = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView", "--format", format, "--output", output])
            XCTAssertEqual(result.status, 0, result.stderr)
            let data = try Data(contentsOf: URL(fileURLWithPath: output))
            let prefix = format == "png" ? String(decoding: data.prefix(4).dropFirst(), as: UTF8.self) : String(decoding: data.prefix(magic.count), as: UTF8.self)
            XCTAssertEqual(prefix, format == "png" ? "PNG" : magic, format)
        }
    }

    func testAllViewsWritesOneFilePerViewAndAnIndex() throws {
        let directory = try FirebreakProcess.fixture([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--all-views", "--format", "svg", "--output-dir", directory.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        XCTAssertEqual(files, [
            "ClinicMapView.svg", "ProfileScreen.svg", "ProfileView.svg", "ReminderScheduleView.svg", "ReminderView.svg",
            "SearchView.svg", "WatchlistView.svg", "index.html",
        ])
        let index = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(index.contains("<a href=\"ProfileView.svg\">ProfileView</a>"))
        // A sortable, filterable table: sizes and violation counts per view, largest closure first.
        XCTAssertTrue(index.contains(#"<tr data-name="profileview" data-lines="70" data-nodes="8" data-violations="3">"#), index)
        let rows = index.components(separatedBy: "<tr data-name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertEqual(rows.count, 7)
        XCTAssertEqual(rows.first, "profileview", "largest closure first")
        XCTAssertTrue(index.contains(#"<input id="filter" type="search""#))
        XCTAssertTrue(index.contains(#"aria-sort="descending"><button type="button" data-key="lines">"#))
        XCTAssertFalse(index.contains("http"), "works offline: nothing is fetched")
    }

    /// The diagrams are written beside the folder and moved in whole: an existing folder keeps its
    /// other files, a new one appears complete, a file in the way is refused, nothing is left over.
    func testOutputDirIsWrittenWholeOrNotAtAll() throws {
        let root = try FirebreakProcess.fixture([:])
        defer { try? FileManager.default.removeItem(at: root) }
        let existing = root.appendingPathComponent("existing")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: existing.appendingPathComponent("notes.txt"))
        try Data("old".utf8).write(to: existing.appendingPathComponent("ProfileView.svg"))
        let fresh = root.appendingPathComponent("new/diagrams")
        for directory in [existing, fresh] {
            let result = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--all-views", "--format", "svg", "--output-dir", directory.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            XCTAssertTrue(files.contains("index.html") && files.contains("SearchView.svg"), "\(files)")
        }
        XCTAssertEqual(try String(contentsOf: existing.appendingPathComponent("notes.txt"), encoding: .utf8), "mine")
        XCTAssertNotEqual(try String(contentsOf: existing.appendingPathComponent("ProfileView.svg"), encoding: .utf8), "old")
        let file = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let refused = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--all-views", "--output-dir", file.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("it exists and is not a directory"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), ["existing", "file", "new"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("new").path), ["diagrams"])
    }

    func testLargeDrawingsKeepTheRootsNeighboursAndCollapseTheFarSide() throws {
        let result = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView", "--max-nodes", "6"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("the root and what its findings name; farther code collapsed to modules: 8 types exceed the limit of 6"),
                      result.stderr)
        XCTAssertTrue(result.stdout.contains("\"t_ProfileView\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("label=\"ClinicApp (farther code)\\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\"t_APIClient\""), result.stdout)
        // When not even the root fits, the whole drawing collapses, and says so.
        let tiny = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView", "--max-nodes", "3"])
        XCTAssertEqual(tiny.status, 0, tiny.stderr)
        XCTAssertTrue(tiny.stderr.contains("collapsed from types to files"), tiny.stderr)
        XCTAssertTrue(tiny.stderr.contains("collapsed from files to modules"), tiny.stderr)
        XCTAssertFalse(tiny.stdout.contains("\"t_ProfileViewModel\""))
    }

    /// A finding near the view is drawn as reported (its edge, red, to the type it names) at any
    /// depth and whatever farther code collapses: the drawing is asked for because of it.
    func testAFindingsEdgeIsDrawnWhateverTheDepthOrTheLimit() throws {
        var files = [
            "App/FeedView.swift": """
                import SwiftUI
                struct FeedView: View {
                    @StateObject var model = FeedViewModel()
                    var body: some View { Text(model.title) }
                }
                """,
            "App/FeedViewModel.swift": """
                import Foundation
                final class FeedViewModel: ObservableObject {
                    var title: String { FeedClient.shared.name + Formatter0().text }
                }
                """,
            "App/FeedClient.swift": """
                import Foundation
                final class FeedClient {
                    static let shared = FeedClient()
                    let name = "feed"
                    func load() async throws -> Data { try await URLSession.shared.data(from: URL(fileURLWithPath: "/")).0 }
                }
                """,
        ]
        // A chain of helpers behind the view model: the far side that collapses.
        for index in 0..<12 {
            let next = index < 11 ? "Formatter\(index + 1)().text" : "\"\""
            files["App/Formatter\(index).swift"] = "struct Formatter\(index) { var text: String { \(next) } }\n"
        }
        let root = try FirebreakProcess.fixture(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let edge = "\"t_FeedViewModel\" -> \"t_FeedClient\" [color=\"#dc2626\""
        for arguments in [["--depth", "1"], ["--max-nodes", "6"], []] {
            let result = try FirebreakProcess.run(["graph", "--view", "FeedView", "--no-cache"] + arguments, in: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains(edge), "\(arguments): \(result.stderr)\n\(result.stdout)")
        }
        let limited = try FirebreakProcess.run(["graph", "--view", "FeedView", "--no-cache", "--max-nodes", "6"], in: root)
        XCTAssertTrue(limited.stderr.contains("of the root; farther code collapsed to modules: 15 types exceed the limit of 6"), limited.stderr)
        XCTAssertFalse(limited.stdout.contains("\"t_Formatter11\""), limited.stdout)
    }

    /// A rendered drawing fits --max-pixels: the node limit is lowered first, and the stderr says so.
    func testARenderedDrawingFitsThePixelBudget() throws {
        let directory = try FirebreakProcess.fixture([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("profile.png")
        let result = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView", "--format", "png",
                                               "--output", output.path, "--max-pixels", "400"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let data = try Data(contentsOf: output)
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertLessThanOrEqual(max(width, height), 400, "\(width)x\(height)")
        XCTAssertTrue(result.stderr.contains("to fit 400 pixels"), result.stderr)
        let invalid = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView", "--max-pixels", "50"])
        XCTAssertEqual(invalid.status, 2)
        XCTAssertTrue(invalid.stderr.contains("--max-pixels must be 0 (no limit) or at least 100"), invalid.stderr)
    }

    func testPreviewsAndMocksAreLeftOutUnlessAsked() throws {
        let plain = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stdout.contains("#Preview"), plain.stdout)
        XCTAssertTrue(plain.stderr.contains("1 preview or mock left out (--include-previews draws them)"), plain.stderr)
        let all = try FirebreakProcess.run(["graph", "Examples/ClinicApp", "--view", "ProfileView", "--include-previews"])
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertTrue(all.stdout.contains("label=\"#Preview\\n"), all.stdout)
        XCTAssertFalse(all.stderr.contains("left out"), all.stderr)
    }

    func testAPreviewProviderShowingTheViewIsLeftOutUnlessAsked() throws {
        let root = try FirebreakProcess.fixture([
            "App/ProfileView.swift": """
                import SwiftUI
                struct ProfileView: View {
                    var body: some View { Text("Profile") }
                }
                struct ProfileView_Previews: PreviewProvider {
                    static var previews: some View { ProfileView().environment(\\.locale, PreviewLocale.french) }
                }
                """,
            "App/PreviewLocale.swift": """
                import Foundation
                enum PreviewLocale { static let french = Locale(identifier: "fr") }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try FirebreakProcess.run(["graph", "App", "--view", "ProfileView"], in: root)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("\"t_ProfileView\""), plain.stdout)
        XCTAssertFalse(plain.stdout.contains("ProfileView_Previews"), "the preview provider is a root, left out like other previews")
        XCTAssertTrue(plain.stderr.contains("left out (--include-previews draws them)"), plain.stderr)
        let all = try FirebreakProcess.run(["graph", "App", "--view", "ProfileView", "--include-previews"], in: root)
        XCTAssertTrue(all.stdout.contains("ProfileView_Previews"), all.stdout)
    }

    func testTheModuleGraphLeavesTestTargetsOutUnlessAsked() throws {
        let root = try FirebreakProcess.fixture([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Shop", targets: [
                    .target(name: "Catalog"),
                    .target(name: "Checkout", dependencies: ["Catalog"]),
                    .testTarget(name: "CheckoutTests", dependencies: ["Checkout", "Catalog"]),
                ])
                """,
            "Sources/Catalog/Item.swift": "public struct Item { public init() {} }\n",
            "Sources/Checkout/Cart.swift": "import Catalog\npublic struct Cart { public var items: [Item] = [] }\n",
            "Tests/CheckoutTests/CartTests.swift": "import Catalog\nimport Checkout\nstruct CartTests { let cart = Cart(); let item = Item() }\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = try FirebreakProcess.run(["graph", "--modules"], in: root)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("label=\"Checkout\\n"), plain.stdout)
        XCTAssertFalse(plain.stdout.contains("CheckoutTests"), plain.stdout)
        XCTAssertTrue(plain.stdout.contains("1 test target left out (--include-tests draws them)"), plain.stdout)
        let all = try FirebreakProcess.run(["graph", "--modules", "--include-tests"], in: root)
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertTrue(all.stdout.contains("label=\"CheckoutTests\\n"), all.stdout)
        XCTAssertFalse(all.stdout.contains("left out"), all.stdout)
    }

    func testBadRequestsAreClearErrors() throws {
        for (arguments, message) in [
            (["graph", "Examples/ClinicApp"], "choose exactly one of --view, --all-views, --type and --modules"),
            (["graph", "Examples/ClinicApp", "--view", "Nope"], "firebreak: no view named 'Nope' in the analysed files"),
            (["graph", "Examples/ClinicApp", "--modules", "--format", "gif"], "unknown format 'gif'"),
            (["graph", "Examples/ClinicApp", "--all-views"], "--all-views needs --output-dir"),
            (["graph", "Examples/ClinicApp", "--view", "ProfileView", "--collapse", "lines"], "--collapse must be types, files or modules"),
            (["graph", "Examples/ClinicApp", "--view", "ProfileView", "--include-tests"], "--include-tests is only for --modules"),
            (["graph", "Examples/ClinicApp", "--modules", "--include-previews"], "--include-previews is for closures"),
        ] {
            let result = try FirebreakProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stdout.isEmpty, "\(arguments) wrote output")
        }
    }
}
