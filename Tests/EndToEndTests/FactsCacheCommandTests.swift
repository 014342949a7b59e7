import Foundation
import XCTest

/// The facts cache through the binary: warm runs read it, an edit re-scans one file, results never
/// depend on it, and a cache that cannot be used only costs speed.
final class FactsCacheCommandTests: XCTestCase {
    private var cleanup: [URL] = []

    override func tearDown() {
        for url in cleanup { try? FileManager.default.removeItem(at: url) }
        cleanup = []
    }

    private func tree() throws -> URL {
        var files: [String: String] = [:]
        for index in 0..<6 {
            files["App/Features/Screen\(index)ViewModel.swift"] = """
                import UserNotifications
                final class Screen\(index)ViewModel: ObservableObject {
                    let session = URLSession.shared
                    func load() { UNUserNotificationCenter.current().removeAllDeliveredNotifications() }
                }
                """
        }
        let root = try FirebreakProcess.fixture(files)
        cleanup.append(root)
        return root
    }

    private let timings = ["FIREBREAK_TIMINGS": "1"]

    private func scanLine(_ stderr: String) -> String? {
        stderr.split(separator: "\n").first { $0.hasPrefix("timing: scan") }.map { String($0.dropFirst("timing: ".count)) }
            .map { String($0.prefix { $0 != ")" }) + ")" }
    }

    func testWarmRunsReadTheCacheAndAnEditRescansOneFile() throws {
        let root = try tree()
        let cold = try FirebreakProcess.run(["lint", "--format", "json", "App"], in: root, environment: timings)
        XCTAssertEqual(cold.status, 1, cold.stderr)
        XCTAssertEqual(scanLine(cold.stderr), "scan (6 parsed, 0 from cache)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".build/firebreak-cache/.gitignore").path))

        let warm = try FirebreakProcess.run(["lint", "--format", "json", "App"], in: root, environment: timings)
        XCTAssertEqual(scanLine(warm.stderr), "scan (0 parsed, 6 from cache)")
        XCTAssertEqual(warm.stdout, cold.stdout)

        let edited = root.appendingPathComponent("App/Features/Screen3ViewModel.swift")
        try Data("final class Screen3ViewModel: ObservableObject {\n    let defaults = UserDefaults.standard\n}\n".utf8).write(to: edited)
        let afterEdit = try FirebreakProcess.run(["lint", "--format", "json", "App"], in: root, environment: timings)
        XCTAssertEqual(scanLine(afterEdit.stderr), "scan (1 parsed, 5 from cache)")
        let uncached = try FirebreakProcess.run(["lint", "--format", "json", "--no-cache", "App"], in: root, environment: timings)
        XCTAssertEqual(scanLine(uncached.stderr), "scan (6 parsed, 0 from cache)")
        XCTAssertEqual(afterEdit.stdout, uncached.stdout)
        XCTAssertTrue(afterEdit.stdout.contains("UserDefaults.standard"))

        // analyze shares the cache, and its report does not depend on it either.
        let analyzed = try FirebreakProcess.run(["analyze", "--format", "json", "App"], in: root, environment: timings)
        XCTAssertEqual(scanLine(analyzed.stderr), "scan (0 parsed, 6 from cache)")
        let analyzedUncached = try FirebreakProcess.run(["analyze", "--format", "json", "--no-cache", "App"], in: root)
        XCTAssertEqual(analyzed.stdout, analyzedUncached.stdout)
    }

    private func graphLine(_ stderr: String) -> String {
        stderr.split(separator: "\n").first { $0.hasPrefix("timing: graph") }.map(String.init) ?? "no graph timing in:\n\(stderr)"
    }

    /// The graph is read back when nothing it is built from changed, and built again when a file
    /// or the configuration changed or the record is damaged; the report never depends on it.
    /// The Xcode fixture has files that several targets compile, whose copies the graph holds.
    func testTheGraphIsReadBackOnlyWhenWhatItIsBuiltFromIsUnchanged() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-graph-\(UUID().uuidString)")
        cleanup.append(scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let root = scratch.appendingPathComponent("XcodeApp")
        try FileManager.default.copyItem(
            at: FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/XcodeApp"), to: root)
        func analyze(_ extra: [String] = []) throws -> FirebreakProcess.Result {
            let result = try FirebreakProcess.run(["analyze", "--format", "json"] + extra, in: root, environment: timings)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result
        }
        let built = try analyze()
        XCTAssertFalse(graphLine(built.stderr).contains("from cache"), graphLine(built.stderr))
        let reused = try analyze()
        XCTAssertTrue(graphLine(reused.stderr).contains("from cache"), graphLine(reused.stderr))
        XCTAssertEqual(reused.stdout, built.stdout)
        XCTAssertEqual(reused.stdout, try analyze(["--no-cache"]).stdout)

        let shared = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
            .first { $0.hasPrefix("Shared/") && $0.hasSuffix(".swift") })
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(shared))
        handle.seekToEndOfFile()
        handle.write(Data("\nstruct AddedByTheTest {}\n".utf8))
        try handle.close()
        let afterEdit = try analyze()
        XCTAssertFalse(graphLine(afterEdit.stderr).contains("from cache"), graphLine(afterEdit.stderr))
        XCTAssertEqual(afterEdit.stdout, try analyze(["--no-cache"]).stdout)
        XCTAssertNotEqual(afterEdit.stdout, built.stdout)
        XCTAssertTrue(graphLine(try analyze().stderr).contains("from cache"))

        let configuration = root.appendingPathComponent(".firebreak.yml")
        let text = try String(contentsOf: configuration, encoding: .utf8)
        try (text + "\nview_protocols: [\"UIViewController\"]\n").write(to: configuration, atomically: true, encoding: .utf8)
        let reconfigured = try analyze()
        XCTAssertFalse(graphLine(reconfigured.stderr).contains("from cache"), graphLine(reconfigured.stderr))
        XCTAssertEqual(reconfigured.stdout, try analyze(["--no-cache"]).stdout)

        let records = try XCTUnwrap(FileManager.default.enumerator(atPath: root.appendingPathComponent(".build/firebreak-cache").path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix("/graph.record") })
        XCTAssertEqual(records.count, 1, "\(records)")
        try Data("damaged".utf8).write(to: root.appendingPathComponent(".build/firebreak-cache/" + records[0]))
        let afterDamage = try analyze()
        XCTAssertFalse(graphLine(afterDamage.stderr).contains("from cache"), graphLine(afterDamage.stderr))
        XCTAssertEqual(afterDamage.stdout, reconfigured.stdout)
    }

    func testCacheDirectoryOptionAndItsMisuse() throws {
        let root = try tree()
        let custom = try FirebreakProcess.run(["lint", "--cache-dir", "elsewhere/cache", "App"], in: root, environment: timings)
        XCTAssertEqual(custom.status, 1, custom.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("elsewhere/cache/.gitignore").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".build").path))

        let both = try FirebreakProcess.run(["lint", "--no-cache", "--cache-dir", "x", "App"], in: root)
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("--no-cache and --cache-dir"), both.stderr)

        // A file where the cache directory should be: a warning, then the same result without a cache.
        try Data("not a directory".utf8).write(to: root.appendingPathComponent("blocked"))
        let blocked = try FirebreakProcess.run(["lint", "--cache-dir", "blocked/cache", "App"], in: root, environment: timings)
        XCTAssertEqual(blocked.status, 1, blocked.stderr)
        XCTAssertTrue(blocked.stderr.contains("warning: facts cache unavailable at"), blocked.stderr)
        XCTAssertEqual(scanLine(blocked.stderr), "scan (6 parsed, 0 from cache)")
        XCTAssertEqual(blocked.stdout, custom.stdout)
    }

    func testNoProgressLineWhenStandardErrorIsNotATerminal() throws {
        let root = try tree()
        let result = try FirebreakProcess.run(["analyze", "App"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("\r"))
        XCTAssertFalse(result.stderr.contains("scanning"))
    }
}
