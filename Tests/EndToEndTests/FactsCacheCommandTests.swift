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

        // Nothing changed: the findings themselves come back, and no file's facts are decoded.
        let warm = try FirebreakProcess.run(["lint", "--format", "json", "App"], in: root, environment: timings)
        XCTAssertTrue(warm.stderr.contains("timing: findings (from cache)"), warm.stderr)
        XCTAssertNil(scanLine(warm.stderr), warm.stderr)
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
        let root = try copiedFixture("XcodeApp")
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

    private func lintFindingsAreReused(_ result: FirebreakProcess.Result) -> Bool {
        result.stderr.contains("timing: findings (from cache)")
    }

    /// Appends `text` to the file at `path` under `root`, in place.
    private func append(_ text: String, to path: String, in root: URL) throws {
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// The path of the fixture's `project.pbxproj` under `root`.
    private func xcodeProject(in root: URL) throws -> String {
        try XCTUnwrap(FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }
            .first { $0.hasSuffix(".xcodeproj/project.pbxproj") })
    }

    private func copiedFixture(_ name: String) throws -> URL {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-cache-\(UUID().uuidString)")
        cleanup.append(scratch)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let root = scratch.appendingPathComponent(name)
        try FileManager.default.copyItem(at: FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/" + name), to: root)
        return root
    }

    private func lint(_ extra: [String] = [], in root: URL) throws -> FirebreakProcess.Result {
        let result = try FirebreakProcess.run(["lint", "--format", "json"] + extra, in: root, environment: timings)
        XCTAssertLessThan(result.status, 2, result.stderr)
        return result
    }

    /// The next run finds again, printing what `--no-cache` prints, and the run after reuses that.
    private func expectRecomputed(_ extra: [String] = [], in root: URL, _ message: String, line: UInt = #line) throws {
        let first = try lint(extra, in: root)
        XCTAssertFalse(lintFindingsAreReused(first), message, line: line)
        XCTAssertEqual(first.stdout, try lint(extra + ["--no-cache"], in: root).stdout, message, line: line)
        let again = try lint(extra, in: root)
        XCTAssertTrue(lintFindingsAreReused(again), message, line: line)
        XCTAssertEqual(again.stdout, first.stdout, message, line: line)
        XCTAssertEqual(again.status, first.status, message, line: line)
    }

    /// `lint`'s findings are given again only while every input is unchanged: sources, the
    /// configuration, the Xcode project, the paths and `--target`; the baseline is applied to them
    /// afresh; a damaged record is ignored. Each time the output is what `--no-cache` prints.
    func testLintFindingsAreReusedOnlyWhileEveryInputIsUnchanged() throws {
        let root = try copiedFixture("XcodeApp")
        func lint(_ extra: [String] = []) throws -> FirebreakProcess.Result { try self.lint(extra, in: root) }
        func expectRecomputed(_ extra: [String] = [], _ message: String, line: UInt = #line) throws {
            try self.expectRecomputed(extra, in: root, message, line: line)
        }

        try expectRecomputed([], "first run")
        let unchanged = try lint()

        // A baseline of today's findings hides them all, on a reused record too.
        let baseline = root.appendingPathComponent("baseline.json").path
        _ = try lint(["--no-cache", "--write-baseline", baseline])
        let baselined = try lint(["--baseline", baseline])
        XCTAssertTrue(lintFindingsAreReused(baselined), baselined.stderr)
        XCTAssertEqual(baselined.stdout, try lint(["--baseline", baseline, "--no-cache"]).stdout)
        XCTAssertEqual(baselined.status, 0, baselined.stderr)

        try append("\nfinal class AddedByTheTestViewModel: ObservableObject { let defaults = UserDefaults.standard }\n",
                   to: "App/Views/ProfileView.swift", in: root)
        try expectRecomputed([], "a Swift file edited")
        XCTAssertNotEqual(try lint().stdout, unchanged.stdout)

        try append("\nseverity:\n  singleton-access: note\n", to: ".firebreak.yml", in: root)
        try expectRecomputed([], "the configuration changed")

        // The project is read only after the key is made: the record names it with its hash.
        try append("\n", to: try xcodeProject(in: root), in: root)
        try expectRecomputed([], "the Xcode project changed")

        let modules = try FirebreakProcess.run(["modules", "--format", "json"], in: root)
        let names = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(modules.stdout.utf8)) as? [String: Any])
        let target = try XCTUnwrap((names["modules"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.first, modules.stdout)
        try expectRecomputed(["--target", target], "--target")
        XCTAssertFalse(lintFindingsAreReused(try lint()), "another --target's record replaced the last one")

        let records = try XCTUnwrap(FileManager.default.enumerator(atPath: root.appendingPathComponent(".build/firebreak-cache").path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix("/lint.record") })
        XCTAssertEqual(records.count, 1, "\(records)")
        try Data("damaged".utf8).write(to: root.appendingPathComponent(".build/firebreak-cache/" + records[0]))
        try expectRecomputed([], "a damaged record")
    }

    /// `analyze --output FILE` is noted; a run with the same input and report options finds FILE
    /// up to date (or copies it to another destination) without analysing, and every change of
    /// input, options or the file itself (replaced, or written in place at the same size) makes
    /// the report again, as `--no-cache` writes it.
    func testAnAnalysisWrittenToAFileIsGivenAgainOnlyWhileItsInputAndTheFileAreUnchanged() throws {
        let root = try copiedFixture("XcodeApp")
        let report = root.appendingPathComponent("analysis.json")
        func analyze(_ extra: [String] = [], output: String? = "analysis.json") throws -> FirebreakProcess.Result {
            let result = try FirebreakProcess.run(["analyze", "--format", "json"] + (output.map { ["--output", $0] } ?? []) + extra,
                                                  in: root, environment: timings)
            XCTAssertEqual(result.status, 0, result.stderr)
            return result
        }
        func recalled(_ result: FirebreakProcess.Result) -> Bool { result.stderr.contains("timing: report (from cache)") }
        func reportText() throws -> String { try String(contentsOf: report, encoding: .utf8) }
        /// The next run analyses and writes what `--no-cache` writes; the run after recalls it.
        func expectRecomputed(_ extra: [String] = [], _ message: String, line: UInt = #line) throws {
            XCTAssertFalse(recalled(try analyze(extra)), message, line: line)
            let written = try reportText()
            XCTAssertEqual(written, try analyze(extra + ["--no-cache"], output: nil).stdout, message, line: line)
            let again = try analyze(extra)
            XCTAssertTrue(recalled(again), "\(message)\n\(again.stderr)", line: line)
            XCTAssertTrue(again.stderr.contains("timing: report up to date in analysis.json"), again.stderr, line: line)
            XCTAssertEqual(try reportText(), written, message, line: line)
        }

        try expectRecomputed([], "first run")
        // To standard output, the recorded file is copied.
        let toStandardOutput = try analyze(output: nil)
        XCTAssertTrue(recalled(toStandardOutput), toStandardOutput.stderr)
        XCTAssertEqual(toStandardOutput.stdout, try reportText())

        // The file changed since: the report is made again, not taken from it.
        try (try reportText() + "\n").write(to: report, atomically: true, encoding: .utf8)
        try expectRecomputed([], "the report file replaced")
        // Written in place, at the same size.
        let inPlace = try FileHandle(forWritingTo: report)
        try inPlace.write(contentsOf: Data(" ".utf8))
        try inPlace.close()
        try expectRecomputed([], "the report file edited in place")
        try FileManager.default.removeItem(at: report)
        try expectRecomputed([], "the report file removed")

        try expectRecomputed(["--top", "3"], "another --top")
        try expectRecomputed(["--seconds-per-kloc", "0.5"], "another cost model")
        let markdown = try analyze(["--format", "markdown"], output: nil)
        XCTAssertFalse(recalled(markdown), "another format")

        try append("\nfinal class AddedByTheTestViewModel: ObservableObject { let defaults = UserDefaults.standard }\n",
                   to: "App/Views/ProfileView.swift", in: root)
        try expectRecomputed([], "a Swift file edited")

        try append("\nsingletons:\n  extra: [\"AnalyticsBackend.main\"]\n", to: ".firebreak.yml", in: root)
        try expectRecomputed([], "the configuration changed")

        try append("\n", to: try xcodeProject(in: root), in: root)
        try expectRecomputed([], "the Xcode project changed")

        // Measured statistics are a directory the key does not cover: neither recalled nor recorded.
        let stats = FirebreakProcess.packageRoot.appendingPathComponent("Tests/FirebreakAnalysisTests/Fixtures/BuildStats").path
        XCTAssertFalse(recalled(try analyze(["--build-stats", stats])), "--build-stats")
        XCTAssertFalse(recalled(try analyze(["--build-stats", stats])), "--build-stats recorded")
    }

    /// An XcodeGen spec's included file is read after the key is made: the record names it.
    func testLintFindingsAreFoundAgainWhenAnIncludedSpecChanges() throws {
        let root = try copiedFixture("XcodeGenApp")
        try expectRecomputed(in: root, "first run")
        let included = root.appendingPathComponent("widget.yml")
        let text = try String(contentsOf: included, encoding: .utf8)
        try (text + "\n# edited by the test\n").write(to: included, atomically: true, encoding: .utf8)
        try expectRecomputed(in: root, "the included spec changed")
        try FileManager.default.removeItem(at: included)
        try expectRecomputed(in: root, "the included spec is gone")
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
