import FirebreakModel
import Foundation
import XCTest

/// `firebreak diff` and `graph --diff` on the seed's refactor: the naive ProfileViewModel (three
/// singletons) and the same app with a UserRepository protocol injected through init.
final class DiffCommandTests: XCTestCase {
    static let pair = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/ProfileRefactor")
    static let goldenDirectory = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden")
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = try FirebreakProcess.fixture([:])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// before.json and after.json in the scratch directory, analysed the way a user would.
    func writeReports() throws {
        for side in ["before", "after"] {
            let result = try FirebreakProcess.run(
                // The cache goes to the scratch directory: fixtures stay as committed.
                ["analyze", "ProfileApp", "--format", "json", "--output", scratch.appendingPathComponent("\(side).json").path,
                 "--cache-dir", scratch.appendingPathComponent("cache").path],
                in: Self.pair.appendingPathComponent(side))
            XCTAssertEqual(result.status, 0, result.stderr)
        }
    }

    func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func testTheRefactorFixesTheSingletonsAndShrinksTheProfileView() throws {
        try writeReports()
        let result = try FirebreakProcess.run(
            ["diff", "before.json", "after.json", "--format", "json", "--fail-on", "new-findings", "--fail-on", "closure-growth:0"], in: scratch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let diff = try json(result.stdout)
        XCTAssertEqual(diff["kind"] as? String, "diff")
        let fixed = try XCTUnwrap(diff["fixed"] as? [[String: Any]])
        XCTAssertEqual(fixed.map { $0["symbol"] as? String }, ["APIClient.shared", "RealmManager.shared", "AnalyticsTracker.shared"])
        XCTAssertEqual(Set(fixed.map { $0["rule"] as? String }), ["singleton-access"])
        XCTAssertEqual((diff["new"] as? [Any])?.count, 0)
        let summary = try XCTUnwrap(diff["summary"] as? [String: Any])
        XCTAssertEqual(summary["unchangedFindings"] as? Int, 1, "SettingsView's UserDefaults.standard stays")
        let improved = try XCTUnwrap(diff["improved"] as? [[String: Any]])
        XCTAssertEqual(improved.map { $0["view"] as? String }, ["ProfileApp.ProfileView"])
        let profile = improved[0]
        XCTAssertEqual((profile["before"] as? [String: Any])?["lines"] as? Int, 86)
        XCTAssertEqual((profile["after"] as? [String: Any])?["lines"] as? Int, 47)
        XCTAssertEqual(profile["frameworksDropped"] as? [String], ["Alamofire", "FirebaseAnalytics", "RealmSwift"])
        XCTAssertEqual((diff["regressed"] as? [Any])?.count, 0)
        let refactored = try XCTUnwrap(diff["refactored"] as? [[String: Any]])
        XCTAssertEqual(refactored.first?["estimatedLines"] as? Int, 48)
        XCTAssertEqual(refactored.first?["realisedLines"] as? Int, 39)
        XCTAssertEqual((diff["checks"] as? [[String: Any]])?.map { $0["failed"] as? Bool }, [false, false])
    }

    func testGoldenTextAndMarkdown() throws {
        try writeReports()
        for format in ["text", "markdown"] {
            let result = try FirebreakProcess.run(["diff", "before.json", "after.json", "--format", format, "--fail-on", "new-findings"], in: scratch)
            XCTAssertEqual(result.status, 0, result.stderr)
            try assertGolden(result.stdout, "ProfileRefactor.diff.\(format)")
        }
    }

    func testHTMLPageHoldsTheChecksFindingsAndViews() throws {
        try writeReports()
        let result = try FirebreakProcess.run(["diff", "before.json", "after.json", "--format", "html", "--fail-on", "new-findings"], in: scratch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = result.stdout
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"), html)
        XCTAssertTrue(html.contains("<strong>Checks passed:</strong> <code>new-findings</code>"), html)
        XCTAssertTrue(html.contains("<h2>Fixed findings ("), html)
        XCTAssertTrue(html.contains(#"data-change="smaller""#), "a view whose closure shrank has a row")
        XCTAssertFalse(html.contains(#"data-change="larger""#), html)
        XCTAssertTrue(html.contains("<h2>Refactored views: estimated against realised (1)</h2>"), html)
        // The changed view drawn before and after, inline.
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, 1)
        XCTAssertTrue(html.contains("<figcaption>ProfileApp.ProfileView</figcaption>"), html)
        XCTAssertFalse(html.contains("<?xml"), "inline SVG has no XML declaration")
        XCTAssertFalse(html.replacingOccurrences(of: "http://www.w3.org/", with: "").contains("http"), "works offline: nothing is fetched")
    }

    func testGoldenComparisonDrawing() throws {
        try writeReports()
        let result = try FirebreakProcess.run(["graph", "--diff", "before.json", "after.json", "--view", "ProfileView"], in: scratch)
        XCTAssertEqual(result.status, 0, result.stderr)
        try assertGolden(result.stdout, "ProfileRefactor.ProfileView-diff.dot")
        let png = try FirebreakProcess.run(
            ["graph", "--diff", "before.json", "after.json", "--view", "ProfileApp.ProfileView", "--format", "png", "--output", "diff.png"], in: scratch)
        XCTAssertEqual(png.status, 0, png.stderr)
        let bytes = try Data(contentsOf: scratch.appendingPathComponent("diff.png"))
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testGraphDiffRefusesWhatItCannotDraw() throws {
        try writeReports()
        let lint = try FirebreakProcess.run(["lint", "ProfileApp", "--format", "json", "--output", scratch.appendingPathComponent("lint.json").path,
                                             "--no-cache"],
                                            in: Self.pair.appendingPathComponent("before"))
        XCTAssertEqual(lint.status, 1, lint.stderr)
        let cases: [([String], String)] = [
            (["graph", "--diff", "before.json", "lint.json", "--view", "ProfileView"], "lint.json is a lint report"),
            (["graph", "--diff", "before.json", "after.json", "--view", "NoSuchView"], "no view named 'NoSuchView' in either report"),
            (["graph", "--diff", "before.json", "--view", "ProfileView"], "--diff takes two analysis reports"),
            (["graph", "--diff", "before.json", "after.json", "--modules"], "--diff draws one view"),
            (["graph", "--diff", "before.json", "after.json", "--view", "ProfileView", "--firewalled"], "--firewalled does not apply"),
        ]
        for (arguments, message) in cases {
            let result = try FirebreakProcess.run(arguments, in: scratch)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
    }

    func testRegressionsFailTheChecks() throws {
        try writeReports()
        let result = try FirebreakProcess.run(
            ["diff", "after.json", "before.json", "--fail-on", "new-findings", "--fail-on", "closure-growth:50", "--output", "diff.txt"], in: scratch)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("--fail-on new-findings: 3 new findings"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--fail-on closure-growth:50: 1 view grew by more than 50%: ProfileApp.ProfileView +83%"), result.stderr)
        let text = try String(contentsOf: scratch.appendingPathComponent("diff.txt"), encoding: .utf8)
        XCTAssertTrue(text.contains("FAILED  new-findings"), text)
        let lenient = try FirebreakProcess.run(["diff", "after.json", "before.json", "--fail-on", "closure-growth:90"], in: scratch)
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
    }

    func testVersion1ReportsAreMigrated() throws {
        // Recorded with firebreak 0.1.0 (schema 1, model 1) on the example app.
        let recorded = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/Reports")
        let analysis = recorded.appendingPathComponent("ClinicApp.v1.analysis.json").path
        let lint = recorded.appendingPathComponent("ClinicApp.v1.lint.json").path
        // Both read and migrated, and compared with each other: the same model.
        let result = try FirebreakProcess.run(["diff", lint, analysis, "--format", "json", "--fail-on", "new-findings"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let summary = try XCTUnwrap(try json(result.stdout)["summary"] as? [String: Any])
        XCTAssertEqual(summary["fixedFindings"] as? Int, 0)
        XCTAssertEqual(summary["newFindings"] as? Int, 0)
        XCTAssertEqual(summary["unchangedFindings"] as? Int, 8)
        let text = try FirebreakProcess.run(["diff", lint, analysis])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("(lint, firebreak 0.1.0, schema v1 migrated)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Findings: 0 fixed, 0 new, 8 unchanged"), text.stdout)

        // Against a report of today's model (2) they are refused: the numbers are not comparable.
        let current = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json", "--output", scratch.appendingPathComponent("now.json").path])
        XCTAssertEqual(current.status, 0, current.stderr)
        let refused = try FirebreakProcess.run(["diff", analysis, scratch.appendingPathComponent("now.json").path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("was written by model 1 (firebreak 0.1.0)"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("firebreak diff --base REV"), refused.stderr)
    }

    func testVersion3ReportsAreReadButNotComparedWithTheCurrentModel() throws {
        // Recorded with firebreak 0.3.0 (schema 3, model 2) on the example app.
        let recorded = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/Reports/ClinicApp.v3.analysis.json").path
        let same = try FirebreakProcess.run(["diff", recorded, recorded, "--format", "json"])
        XCTAssertEqual(same.status, 0, same.stderr)
        let diff = try json(same.stdout)
        XCTAssertNil(diff["rebuilds"], "schema 3 has no rebuilds to compare")
        XCTAssertEqual((diff["before"] as? [String: Any])?["schemaVersion"] as? Int, 3)

        let now = scratch.appendingPathComponent("now.json").path
        let current = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json", "--output", now])
        XCTAssertEqual(current.status, 0, current.stderr)
        let refused = try FirebreakProcess.run(["diff", recorded, now])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("was written by model 2 (firebreak 0.3.0)"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("by model \(FirebreakVersion.model) (firebreak \(FirebreakVersion.current))"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("firebreak diff --base REV"), refused.stderr)
    }

    func testSchema4ReportsCompareTheirRebuilds() throws {
        try writeReports()
        let result = try FirebreakProcess.run(["diff", "before.json", "after.json", "--format", "json"], in: scratch)
        XCTAssertEqual(result.status, 0, result.stderr)
        let rebuilds = try XCTUnwrap(try json(result.stdout)["rebuilds"] as? [[String: Any]])
        // The refactor stops ProfileViewModel naming the three clients: no high-level code does now.
        XCTAssertEqual(Set(rebuilds.compactMap { $0["type"] as? String }), ["APIClient", "AnalyticsTracker", "RealmManager"])
        for rebuild in rebuilds {
            XCTAssertEqual((rebuild["before"] as? [String: Any])?["files"] as? Int, 2, "\(rebuild)")
            XCTAssertNil(rebuild["after"])
            XCTAssertGreaterThan(rebuild["estimatedSecondsSaved"] as? Double ?? 0, 0)
        }
    }

    func testBadInputsAreUsageErrors() throws {
        try writeReports()
        try Data("{\"schemaVersion\": 99, \"tool\": {\"name\": \"firebreak\"}, \"findings\": []}".utf8).write(to: scratch.appendingPathComponent("future.json"))
        let before = try String(contentsOf: scratch.appendingPathComponent("before.json"), encoding: .utf8)
        let huge = try XCTUnwrap(before.range(of: #""line" : \d+"#, options: .regularExpression))
        try Data(before.replacingCharacters(in: huge, with: "\"line\" : 1e30").utf8).write(to: scratch.appendingPathComponent("huge.json"))
        let cases: [([String], String)] = [
            (["diff", "before.json"], "diff needs two reports"),
            (["diff", "before.json", "missing.json"], "missing.json: cannot read report"),
            (["diff", "before.json", "future.json"], "schemaVersion 99 is not supported"),
            (["diff", "before.json", "huge.json"], ".line is 1e+30, a number no report field can hold)"),
            (["diff", "before.json", "after.json", "--fail-on", "growth"], "unknown --fail-on condition 'growth'"),
            (["diff", "before.json", "after.json", "--format", "pdf"], "unknown format 'pdf'"),
            (["diff", "before.json", "after.json", "--config", "x.yml"], "--config applies only with --base"),
        ]
        for (arguments, message) in cases {
            let result = try FirebreakProcess.run(arguments, in: scratch)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    // MARK: - --base

    /// A repository whose first commit is the naive app and whose second is the refactor.
    func makeRepository() throws -> URL {
        let repository = scratch.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: repository)
        try git(["config", "user.email", "test@example.com"], in: repository)
        try git(["config", "user.name", "Test"], in: repository)
        for side in ["before", "after"] {
            let target = repository.appendingPathComponent("ProfileApp")
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: Self.pair.appendingPathComponent(side).appendingPathComponent("ProfileApp"), to: target)
            try git(["add", "-A"], in: repository)
            try git(["commit", "-q", "-m", side], in: repository)
        }
        return repository
    }

    /// A clean tree compared with its own HEAD reports nothing, whatever describes its modules: an
    /// Xcode project, an XcodeGen spec, a package, or none; run from the top or from a subfolder.
    func testBaseHEADOnACleanTreeReportsNoChangeForEveryProjectKind() throws {
        let fixtures = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures")
        let trees: [(URL, String)] = [
            (fixtures.appendingPathComponent("XcodeApp"), "."), (fixtures.appendingPathComponent("XcodeGenApp"), "."),
            (fixtures.appendingPathComponent("FixPackage"), "Sources"), (FirebreakProcess.packageRoot.appendingPathComponent("Examples/ClinicApp"), "."),
        ]
        for (tree, folder) in trees {
            // Another folder name than the fixture's: nothing may depend on where the tree lives.
            let repository = scratch.appendingPathComponent("clone-of-\(tree.lastPathComponent)")
            try FileManager.default.copyItem(at: tree, to: repository)
            try git(["init", "-q"], in: repository)
            try git(["-c", "user.email=t@example.com", "-c", "user.name=T", "add", "-A"], in: repository)
            try git(["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-q", "-m", "tree"], in: repository)
            let result = try FirebreakProcess.run(["diff", "--base", "HEAD", "--no-cache", "--format", "json"],
                                                  in: repository.appendingPathComponent(folder),
                                                  environment: ["TMPDIR": try privateTemporary().path])
            XCTAssertEqual(result.status, 0, "\(tree.lastPathComponent): \(result.stderr)")
            let diff = try json(result.stdout)
            let summary = try XCTUnwrap(diff["summary"] as? [String: Any])
            for key in ["fixedFindings", "newFindings", "movedFindings", "viewsImproved", "viewsRegressed", "viewsAdded", "viewsRemoved"] {
                XCTAssertEqual(summary[key] as? Int, 0, "\(tree.lastPathComponent): \(key)")
            }
            XCTAssertEqual(summary["closureLinesBefore"] as? Int, summary["closureLinesAfter"] as? Int, tree.lastPathComponent)
            XCTAssertEqual(summary["estimatedSecondsSaved"] as? Double, 0, tree.lastPathComponent)
            for key in ["fixed", "new", "moved", "improved", "regressed", "addedViews", "removedViews", "refactored", "rebuilds"] {
                XCTAssertEqual((diff[key] as? [Any])?.count ?? 0, 0, "\(tree.lastPathComponent): \(key)")
            }
            XCTAssertGreaterThan(summary["viewsCompared"] as? Int ?? 0, 0, tree.lastPathComponent)
        }
    }

    @discardableResult
    func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }

    /// A temporary folder of the test's own for `--base`'s checkouts (`TMPDIR`): the system's is
    /// shared with every other process, and a suite run beside this one made checkouts appear there.
    func privateTemporary() throws -> URL {
        let folder = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func temporaryCheckouts(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("firebreak-base-") }
    }

    func testBaseComparesARevisionWithTheWorkingTreeAndTouchesNothing() throws {
        let repository = try makeRepository()
        // A dirty tree: a staged edit, an unstaged edit, an untracked file and a stash.
        try Data("// stashed\n".utf8).write(to: repository.appendingPathComponent("notes.swift"))
        try git(["add", "notes.swift"], in: repository)
        try git(["stash", "-q"], in: repository)
        let settings = repository.appendingPathComponent("ProfileApp/Features/Settings/SettingsView.swift")
        try (String(contentsOf: settings, encoding: .utf8) + "// staged\n").write(to: settings, atomically: true, encoding: .utf8)
        try git(["add", "ProfileApp/Features/Settings/SettingsView.swift"], in: repository)
        try ("// unstaged\n" + String(contentsOf: settings, encoding: .utf8)).write(to: settings, atomically: true, encoding: .utf8)
        try Data("struct Scratch {}\n".utf8).write(to: repository.appendingPathComponent("ProfileApp/Scratch.swift"))
        let status = try git(["status", "--porcelain"], in: repository)
        let stashes = try git(["stash", "list"], in: repository)
        let index = try Data(contentsOf: repository.appendingPathComponent(".git/index"))
        let head = try git(["rev-parse", "HEAD"], in: repository)
        let temporary = try privateTemporary()

        let result = try FirebreakProcess.run(["diff", "--base", "HEAD~1", "ProfileApp", "--format", "json", "--fail-on", "new-findings"], in: repository,
                                              environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let diff = try json(result.stdout)
        XCTAssertEqual((diff["fixed"] as? [[String: Any]])?.map { $0["symbol"] as? String },
                       ["APIClient.shared", "RealmManager.shared", "AnalyticsTracker.shared"])
        XCTAssertEqual((diff["new"] as? [Any])?.count, 0)
        let improved = try XCTUnwrap(diff["improved"] as? [[String: Any]])
        XCTAssertEqual(improved.map { $0["view"] as? String }, ["ProfileApp.ProfileView"])
        XCTAssertEqual((improved[0]["before"] as? [String: Any])?["lines"] as? Int, 86)
        XCTAssertEqual((improved[0]["after"] as? [String: Any])?["lines"] as? Int, 47)
        // The unstaged edit moved SettingsView's finding down a line: still unchanged.
        XCTAssertEqual((diff["summary"] as? [String: Any])?["unchangedFindings"] as? Int, 1)

        // The whole repository: its root module is named after the folder on both sides.
        let whole = try FirebreakProcess.run(["diff", "--base", "HEAD~1", "--format", "json"], in: repository, environment: ["TMPDIR": temporary.path])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let wholeImproved = try XCTUnwrap(try json(whole.stdout)["improved"] as? [[String: Any]])
        XCTAssertEqual(wholeImproved.map { $0["view"] as? String }, ["repo.ProfileView"])
        XCTAssertNil(wholeImproved.first?["movedFrom"] as? String)

        XCTAssertEqual(try git(["status", "--porcelain"], in: repository), status)
        XCTAssertEqual(try git(["stash", "list"], in: repository), stashes)
        XCTAssertEqual(try Data(contentsOf: repository.appendingPathComponent(".git/index")), index)
        XCTAssertEqual(try git(["rev-parse", "HEAD"], in: repository), head)
        XCTAssertEqual(try git(["worktree", "list", "--porcelain"], in: repository).components(separatedBy: "worktree ").count, 2)
        XCTAssertEqual(try temporaryCheckouts(in: temporary), [])
    }

    /// Sources git ignores (a generated `R.generated.swift`, a folder of SwiftGen output) are build
    /// inputs of both sides, not part of the change: the base is analysed with the working tree's copies.
    func testBaseAnalysesTheFilesGitIgnoresOnBothSides() throws {
        let repository = try makeRepository()
        try Data("*.generated.swift\nGenerated/\n".utf8).write(to: repository.appendingPathComponent(".gitignore"))
        try git(["add", ".gitignore"], in: repository)
        try git(["commit", "-q", "-m", "ignore"], in: repository)
        let generated = repository.appendingPathComponent("ProfileApp/Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try Data("enum Strings {\n    static let title = \"Profile\"\n    static let done = \"Done\"\n}\n".utf8)
            .write(to: generated.appendingPathComponent("Strings.swift"))
        try Data("struct R {\n    static let name = \"R\"\n}\n".utf8).write(to: repository.appendingPathComponent("ProfileApp/R.generated.swift"))
        let profile = repository.appendingPathComponent("ProfileApp/Features/Profile/ProfileView.swift")
        try String(contentsOf: profile, encoding: .utf8).replacingOccurrences(of: "\"Loading…\"", with: "Strings.title")
            .write(to: profile, atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "generated strings"], in: repository)
        XCTAssertEqual(try git(["status", "--porcelain"], in: repository), "")

        let result = try FirebreakProcess.run(["diff", "--base", "HEAD", "--no-cache", "--format", "json"], in: repository,
                                              environment: ["TMPDIR": try privateTemporary().path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let summary = try XCTUnwrap(try json(result.stdout)["summary"] as? [String: Any])
        XCTAssertEqual(summary["estimatedSecondsSaved"] as? Double, 0, result.stdout)
        XCTAssertEqual(summary["closureLinesBefore"] as? Int, summary["closureLinesAfter"] as? Int)
        XCTAssertEqual(summary["viewsRegressed"] as? Int, 0)
        XCTAssertEqual(summary["viewsImproved"] as? Int, 0)
    }

    func testBaseFromASubdirectoryAndWithWrittenReports() throws {
        let repository = try makeRepository()
        let subdirectory = repository.appendingPathComponent("ProfileApp")
        let reports = scratch.appendingPathComponent("reports/not-yet-created")
        let result = try FirebreakProcess.run(["diff", "--base", "main~1", "--write-reports", reports.path], in: subdirectory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Findings: 3 fixed, 0 new, 1 unchanged"), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: reports.appendingPathComponent("before.json").path), "--write-reports creates its directory")
        XCTAssertTrue(result.stdout.contains("before: main~1 (analysis"), result.stdout)
        let drawing = try FirebreakProcess.run(["graph", "--diff", "before.json", "after.json", "--view", "ProfileView"], in: reports)
        XCTAssertEqual(drawing.status, 0, drawing.stderr)
        XCTAssertTrue(drawing.stdout.contains("closure before → after (86 → 47 lines)"), drawing.stdout)
    }

    func testBaseChecksOutOnlySwiftFilesSoMissingBlobsDoNotMatter() throws {
        // A partial clone lacks the blobs of large assets; firebreak never needs them.
        let repository = try makeRepository()
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try Data(repeating: 7, count: 4096).write(to: repository.appendingPathComponent("Assets/logo.png"))
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", "asset"], in: repository)
        let blob = try git(["rev-parse", "HEAD:Assets/logo.png"], in: repository).trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.removeItem(at: repository.appendingPathComponent(".git/objects/\(blob.prefix(2))/\(blob.dropFirst(2))"))

        let result = try FirebreakProcess.run(["diff", "--base", "HEAD", "--fail-on", "new-findings"], in: repository)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Findings: 0 fixed, 0 new, 1 unchanged"), result.stdout)
        // A directory without Swift files exists at the revision: analysed, and empty.
        let assets = try FirebreakProcess.run(["diff", "--base", "HEAD", "Assets"], in: repository)
        XCTAssertEqual(assets.status, 0, assets.stderr)
        XCTAssertTrue(assets.stdout.contains("Findings: 0 fixed, 0 new, 0 unchanged"), assets.stdout)
    }

    func testBaseErrorsLeaveNothingBehind() throws {
        let repository = try makeRepository()
        let temporary = try privateTemporary()
        let cases: [([String], URL, String)] = [
            (["diff", "--base", "no-such-branch"], repository, "unknown git revision 'no-such-branch'"),
            (["diff", "--base", "HEAD~1", "Missing"], repository, "Missing does not exist at HEAD~1"),
            (["diff", "--base", "HEAD"], scratch, "is not inside one"),
            (["diff", "--base", ""], repository, "needs a git revision"),
        ]
        for (arguments, directory, message) in cases {
            let result = try FirebreakProcess.run(arguments, in: directory, environment: ["TMPDIR": temporary.path])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try temporaryCheckouts(in: temporary), [])
    }

    func testInterruptRemovesTheTemporaryCheckout() throws {
        // A tree big enough that the debug binary is still scanning the checkout when interrupted.
        let repository = try makeRepository()
        let generator = FirebreakProcess.packageRoot.appendingPathComponent("benchmarks/generate_app.py")
        let generate = Process()
        generate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generate.arguments = ["python3", generator.path, repository.appendingPathComponent("Generated").path, "--files", "1500", "--seed", "3"]
        generate.standardOutput = FileHandle.nullDevice
        try generate.run()
        generate.waitUntilExit()
        XCTAssertEqual(generate.terminationStatus, 0)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", "generated"], in: repository)

        let temporary = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let (process, errors) = try startDiffBase(in: repository, temporary: temporary)
        // Wait for the checkout to appear, then interrupt as Ctrl-C would.
        XCTAssertTrue(waitForCheckout(in: temporary, of: process), "the temporary checkout never appeared")
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        XCTAssertTrue(stderr.contains("interrupted; removed its temporary files"), stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
    }

    /// Ctrl-C reaches the whole process group, git included: git dies first and its stdin pipe
    /// closes under firebreak's writer, which must not kill firebreak (SIGPIPE) before the handler
    /// has removed the checkout and exited 130.
    func testInterruptOfTheWholeProcessGroupRemovesTheCheckout() throws {
        let repository = try makeRepository()
        // Long paths: the list of files firebreak writes to `git checkout-index` outlasts the pipe.
        let sources = repository.appendingPathComponent("Many/" + String(repeating: "LongFolderName", count: 12))
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        for index in 0..<3000 {
            try Data("struct Many\(index) { let value = \(index) }\n".utf8).write(to: sources.appendingPathComponent("Many\(index).swift"))
        }
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", "many"], in: repository)
        let temporary = scratch.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        for delay: useconds_t in [0, 20_000, 60_000, 150_000] {
            // Foundation starts the child in a process group of its own, which can be signalled
            // as a terminal would.
            let (process, errors) = try startDiffBase(in: repository, temporary: temporary)
            _ = waitForCheckout(in: temporary, of: process)
            usleep(delay)
            XCTAssertEqual(getpgid(process.processIdentifier), process.processIdentifier)
            kill(-process.processIdentifier, SIGINT)
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus == 0 { continue }  // finished before the interrupt
            XCTAssertEqual(process.terminationStatus, 130, "after \(delay) µs: \(stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "after \(delay) µs")
        }
    }

    /// `firebreak diff --base HEAD` in `repository`, its temporary checkout under `temporary`.
    func startDiffBase(in repository: URL, temporary: URL) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = FirebreakProcess.binary
        process.arguments = ["diff", "--base", "HEAD"]
        process.currentDirectoryURL = repository
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// Whether the temporary checkout appeared while the run went on (up to about ten seconds).
    func waitForCheckout(in temporary: URL, of process: Process) -> Bool {
        for _ in 0..<2000 where process.isRunning {
            if let entries = try? FileManager.default.contentsOfDirectory(atPath: temporary.path), !entries.isEmpty { return true }
            usleep(5_000)
        }
        return false
    }

    func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let golden = Self.goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: golden)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        XCTAssertEqual(text, expected, "\(name) differs; rerun with UPDATE_GOLDEN=1 if intended", file: file, line: line)
    }
}
