import Foundation
import XCTest

/// The built binary on fixture trees: every format, every exit code, determinism, bad input.
final class LintCommandTests: XCTestCase {
    private var cleanup: [URL] = []

    override func tearDown() {
        for url in cleanup { try? FileManager.default.removeItem(at: url) }
        cleanup = []
    }

    private func fixture(_ files: [String: String]) throws -> URL {
        let root = try FirebreakProcess.fixture(files)
        cleanup.append(root)
        return root
    }

    private let violating = [
        "App/Features/ProfileViewModel.swift": """
            import UserNotifications
            final class ProfileViewModel: ObservableObject {
                let session = URLSession.shared
            }
            """,
    ]

    // MARK: Exit codes

    func testExitZeroOnCleanTree() throws {
        let root = try fixture(["App/ProfileView.swift": "struct ProfileView: View { var body: some View { Text(\"\") } }\n"])
        let result = try FirebreakProcess.run(["lint", "."], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "firebreak: 0 errors, 0 warnings, 0 notes in 1 file\n")
    }

    func testExitOneOnFindingsAndThreshold() throws {
        let root = try fixture(violating)
        let result = try FirebreakProcess.run(["lint", "App"], in: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            App/Features/ProfileViewModel.swift:1:1: error: ProfileViewModel is high-level code but its file imports the infrastructure framework UserNotifications [forbidden-import]
                fix: define a protocol owned by ProfileViewModel for what it needs from UserNotifications, implement it in the infrastructure layer and inject it
            App/Features/ProfileViewModel.swift:3:19: error: ProfileViewModel reads the shared instance URLSession.shared [singleton-access]
                fix: inject a protocol owned by ProfileViewModel through init and pass URLSession.shared at the composition root
            firebreak: 2 errors, 0 warnings, 0 notes in 1 file

            """)

        try Data("severity:\n  forbidden-import: warning\n  singleton-access: note\n".utf8).write(to: root.appendingPathComponent(".firebreak.yml"))
        XCTAssertEqual(try FirebreakProcess.run(["lint", "App"], in: root).status, 0, "warnings and notes do not fail by default")
        XCTAssertEqual(try FirebreakProcess.run(["lint", "App", "--severity-threshold", "warning"], in: root).status, 1)
        XCTAssertEqual(try FirebreakProcess.run(["lint", "App", "--severity-threshold", "note"], in: root).status, 1)
    }

    func testTouchIsWrittenOnlyWhenTheLintPasses() throws {
        let root = try fixture(violating)
        let stamp = root.appendingPathComponent("stamp")
        XCTAssertEqual(try FirebreakProcess.run(["lint", "App", "--touch", "stamp"], in: root).status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stamp.path), "a failed lint leaves no stamp, so the build runs it again")

        try Data("severity:\n  forbidden-import: warning\n  singleton-access: warning\n".utf8).write(to: root.appendingPathComponent(".firebreak.yml"))
        XCTAssertEqual(try FirebreakProcess.run(["lint", "App", "--touch", "stamp"], in: root).status, 0)
        XCTAssertEqual(try Data(contentsOf: stamp), Data())
    }

    func testExitTwoOnUsageConfigurationAndInputErrors() throws {
        let root = try fixture(violating)
        let missing = try FirebreakProcess.run(["lint", "NoSuchDir"], in: root)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "firebreak: no such file or directory: NoSuchDir\n")
        XCTAssertEqual(missing.stdout, "")

        let format = try FirebreakProcess.run(["lint", "--format", "yaml"], in: root)
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.hasPrefix("firebreak: unknown format 'yaml'"), format.stderr)

        XCTAssertEqual(try FirebreakProcess.run(["lint", "--no-such-flag"], in: root).status, 2)
        XCTAssertEqual(try FirebreakProcess.run(["lint", "--severity-threshold", "fatal"], in: root).status, 2)
        XCTAssertEqual(try FirebreakProcess.run(["lint", "--config", "missing.yml"], in: root).stderr, "firebreak: configuration file not found: missing.yml\n")

        try Data("version: 1\nlayer: []\n".utf8).write(to: root.appendingPathComponent(".firebreak.yml"))
        let config = try FirebreakProcess.run(["lint", "App"], in: root)
        XCTAssertEqual(config.status, 2)
        XCTAssertTrue(config.stderr.hasPrefix("firebreak: .firebreak.yml:2: unknown key 'layer'"), config.stderr)

        try Data("{}".utf8).write(to: root.appendingPathComponent("baseline.json"))
        XCTAssertEqual(try FirebreakProcess.run(["lint", "App", "--config", "/dev/null", "--baseline", "baseline.json"], in: root).status, 2)
    }

    // MARK: Formats

    func testEveryFormatRendersAndIsDeterministic() throws {
        let root = try fixture(violating)
        for format in ["text", "xcode", "json", "sarif", "github", "junit", "markdown", "html"] {
            let first = try FirebreakProcess.run(["lint", "App", "--format", format], in: root)
            let second = try FirebreakProcess.run(["lint", "App", "--format", format], in: root)
            XCTAssertEqual(first.status, 1, format)
            XCTAssertFalse(first.stdout.isEmpty, format)
            XCTAssertEqual(first.stdout, second.stdout, "\(format) output differs between runs")
        }
        let json = try JSONSerialization.jsonObject(with: Data(try FirebreakProcess.run(["lint", "App", "--format", "json"], in: root).stdout.utf8)) as? [String: Any]
        XCTAssertEqual(json?["schemaVersion"] as? Int, 2)
        XCTAssertEqual(json?["kind"] as? String, "lint")
        XCTAssertEqual(json?["modelVersion"] as? Int, 22)
        let findings = try XCTUnwrap(json?["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["rule"] as? String }, ["forbidden-import", "singleton-access"])
        XCTAssertEqual(findings.first?["path"] as? String, "App/Features/ProfileViewModel.swift")
        for key in ["rule", "severity", "path", "line", "column", "symbol", "message", "fingerprint"] {
            XCTAssertNotNil(findings.first?[key], key)
        }

        let html = try FirebreakProcess.run(["lint", "App", "--format", "html"], in: root).stdout
        XCTAssertTrue(html.contains(#"<tr data-rule="singleton-access" data-severity="error" data-path="App/Features/ProfileViewModel.swift">"#), html)
        XCTAssertTrue(html.contains(#"<option>forbidden-import</option><option>singleton-access</option>"#), html)
        XCTAssertFalse(html.contains("http"), "works offline: nothing is fetched")
        let github = try FirebreakProcess.run(["lint", "App", "--format", "github"], in: root).stdout
        XCTAssertTrue(github.hasPrefix("::error file=App/Features/ProfileViewModel.swift,line=1,col=1,title=firebreak forbidden-import::"), github)

        let xcode = try FirebreakProcess.run(["lint", "App", "--format", "xcode"], in: root).stdout
        XCTAssertTrue(xcode.hasPrefix(root.resolvingSymlinksInPath().path + "/App/Features/ProfileViewModel.swift:1:1: error: ") || xcode.hasPrefix(root.path), xcode)
    }

    func testOutputFileAndBaselineRoundTrip() throws {
        let root = try fixture(violating)
        let written = try FirebreakProcess.run(["lint", "App", "--write-baseline", "baseline.json", "--format", "json", "--output", "report.json"], in: root)
        XCTAssertEqual(written.status, 0, "findings recorded in the new baseline are accepted")
        XCTAssertEqual(written.stdout, "")
        let report = try String(contentsOf: root.appendingPathComponent("report.json"), encoding: .utf8)
        XCTAssertTrue(report.contains("\"baselined\" : 2"), report)

        let accepted = try FirebreakProcess.run(["lint", "App", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(accepted.status, 0)
        XCTAssertEqual(accepted.stdout, "firebreak: 0 errors, 0 warnings, 0 notes, 2 in baseline in 1 file\n")

        // Fix one finding, add another: the new one fails the run, the fixed one is stale.
        try Data("""
            final class ProfileViewModel: ObservableObject {
                let session = URLSession.shared
                let defaults = UserDefaults.standard
            }
            """.utf8).write(to: root.appendingPathComponent("App/Features/ProfileViewModel.swift"))
        let drift = try FirebreakProcess.run(["lint", "App", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(drift.status, 1)
        XCTAssertTrue(drift.stdout.contains("UserDefaults.standard [singleton-access]"), drift.stdout)
        XCTAssertTrue(drift.stdout.contains("baseline entry for forbidden-import UserNotifications no longer matches"), drift.stdout)
    }

    // MARK: Bad input

    func testBadInputNeverCrashes() throws {
        var big = "struct Big {\n"
        while big.utf8.count < 5_000_000 { big += "    let value\(big.utf8.count) = APIClient.shared\n" }
        big += "}\n"
        let root = try fixture([
            "App/Views/Broken.swift": "struct Broken: View {\n    let a = URLSession.shared\n    func f( {\n",
            "App/Views/Empty.swift": "",
            "App/Views/Big.swift": big,
            "App/Views/Deep.swift": "let x = " + String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000) + "\n",
        ])
        try Data([0x73, 0x74, 0x00, 0x01, 0x02]).write(to: root.appendingPathComponent("App/Views/Binary.swift"))
        try Data([0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A]).write(to: root.appendingPathComponent("App/Views/Latin1.swift"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Views/Loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Views/Dangling.swift").path, withDestinationPath: "nowhere.swift")

        let result = try FirebreakProcess.run(["lint", "App"], in: root)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("App/Views/Broken.swift:2:13: error: Broken reads the shared instance URLSession.shared"), result.stdout)
        XCTAssertTrue(result.stdout.contains("App/Views/Binary.swift: warning: binary file (contains NUL bytes), skipped"), result.stdout)
        XCTAssertTrue(result.stdout.contains("App/Views/Latin1.swift: warning: not valid UTF-8, skipped"), result.stdout)
        XCTAssertTrue(result.stdout.contains("App/Views/Broken.swift: warning: syntax errors; analysed what parsed"), result.stdout)
        XCTAssertTrue(result.stdout.contains("App/Views/Dangling.swift: warning: broken symbolic link, skipped"), result.stdout)
        XCTAssertTrue(result.stdout.contains("App/Views/Deep.swift: warning: brackets nested more than 1000 deep; skipped"), result.stdout)
        XCTAssertTrue(result.stdout.contains("in 3 files"), "the loop is followed once: \(result.stdout.suffix(300))")
    }

    // MARK: Other commands

    func testRulesAndInit() throws {
        let root = try fixture(["Sources/App.swift": "struct App {}\n"])
        let rules = try FirebreakProcess.run(["rules"], in: root)
        XCTAssertEqual(rules.status, 0)
        XCTAssertTrue(rules.stdout.hasPrefix("forbidden-import (error)\n"), rules.stdout)

        XCTAssertEqual(try FirebreakProcess.run(["init"], in: root).status, 0)
        XCTAssertEqual(try FirebreakProcess.run(["init"], in: root).status, 2, "refuses to overwrite")
        XCTAssertEqual(try FirebreakProcess.run(["lint", "."], in: root).status, 0, "the starter file is valid")
    }

    func testANestedTypeIsLookedUpInItsEnclosingTypeFirst() throws {
        // `Options` inside ProfileLoader is ProfileLoader.Options, not the service Session.Options
        // that sorts first.
        let root = try fixture([
            "Sources/Networking/Session.swift": "enum Session {\n    final class Options { static let shared = Options() }\n}\n",
            "Sources/Views/ProfileLoader.swift": """
                enum ProfileLoader {
                    struct Options { var retries = 3 }
                    static func load(options: Options = Options()) {}
                }
                func load(options: Session.Options = Session.Options()) {}

                """,
        ])
        let result = try FirebreakProcess.run(["lint", ".", "--no-cache", "--severity-threshold", "note"], in: root)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertFalse(result.stdout.contains("ProfileLoader.swift:3:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("ProfileLoader.swift:5:"), "the qualified service is still reported: \(result.stdout)")
    }

    /// Nesting that overflowed the parser's default stack (5,000 levels of parentheses, past the
    /// 1,000-level bound, where parse time grows with the square of the depth), or that takes it
    /// exponential time (22 levels of `[`), cubic time (1,300 generic levels, which also
    /// overflowed the stack) or more (400 open `\(`), is skipped with a warning naming the bound.
    func testDeepNestingNeitherCrashesNorStalls() throws {
        let root = try fixture([
            "Sources/Deep.swift": "let x = " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000) + "\n",
            "Sources/Generics.swift": "let g: " + String(repeating: "Array<", count: 1300) + "Int" + String(repeating: ">", count: 1300) + "\nlet h = 1\n",
            "Sources/Brackets.swift": "let y = " + String(repeating: "[", count: 22) + "1" + String(repeating: "]", count: 22) + "\n",
            "Sources/Interpolation.swift": "let z = \"" + String(repeating: "\\(", count: 400) + "\n",
            "Sources/App.swift": "struct App {}\n",
        ])
        guard let result = try FirebreakProcess.run(["lint", ".", "--no-cache"], in: root, within: 60) else {
            return XCTFail("lint stalled on deep nesting")
        }
        let report = result.stdout
        XCTAssertEqual(result.status, 0, report)
        XCTAssertTrue(report.contains("Sources/Brackets.swift: warning: square brackets nested more than 16 deep"), report)
        XCTAssertTrue(report.contains("Sources/Interpolation.swift: warning: string interpolations open more than 32 deep"), report)
        XCTAssertTrue(report.contains("Sources/Generics.swift: warning: generic arguments nested more than 64 deep"), report)
        XCTAssertTrue(report.contains("Sources/Deep.swift: warning: brackets nested more than 1000 deep; skipped"), report)
        XCTAssertTrue(report.hasSuffix("in 1 file\n"), report)
    }

    /// Paths are bytes: `café.swift` in NFC and in NFD are two files, both scanned and reported.
    func testNamesThatDifferOnlyInNormalisationAreTwoFiles() throws {
        let root = try fixture([:])
        let names = ["caf\u{E9}", "cafe\u{301}"]
        for (index, name) in names.enumerated() {
            let source = "import SwiftUI\nstruct V\(index): View { var body: some View { Text(\"\").onAppear { _ = UserDefaults.standard } } }\n"
            XCTAssertTrue(FileManager.default.createFile(atPath: root.path + "/" + name + ".swift", contents: Data(source.utf8)))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).count, 2, "the file system keeps both names")
        let result = try FirebreakProcess.run(["lint", ".", "--no-cache"], in: root)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("firebreak: 2 errors, 0 warnings, 0 notes in 2 files\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("V0 reads the shared instance UserDefaults.standard"), result.stdout)
        XCTAssertTrue(result.stdout.contains("V1 reads the shared instance UserDefaults.standard"), result.stdout)
    }

    /// A file name that is not UTF-8 is scanned like any other and shown with `\xHH` escapes.
    func testANameThatIsNotUTF8IsScannedAndShownEscaped() throws {
        let root = try fixture([:])
        let source = "import SwiftUI\nstruct V: View { var body: some View { Text(\"\").onAppear { _ = UserDefaults.standard } } }\n"
        let name: [UInt8] = Array((root.path + "/caf").utf8) + [0xE9] + Array(".swift".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(source.utf8.count, Array(source.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) })
        close(descriptor)
        for cache in [["--no-cache"], [], []] {
            let result = try FirebreakProcess.run(["lint", "."] + cache, in: root)
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("caf\\xE9.swift:2:"), result.stdout)
            XCTAssertTrue(result.stdout.hasSuffix("firebreak: 1 error, 0 warnings, 0 notes in 1 file\n"), result.stdout)
        }
    }

    /// Twenty thousand `excluded` globs, and a 1,000-glob list aliased into 100 layers, cost each
    /// distinct pattern once per file (these took 14 s and over a minute on 63 files).
    func testManyGlobsStayLinear() throws {
        var files: [String: String] = [:]
        for index in 0..<10 { files["Sources/Feature\(index)/Screen.swift"] = "struct Screen\(index) {}\n" }
        let excluded = (0..<20_000).map { "\"Sources/Generated\($0)/**\"" } + ["\"Sources/Feature3/**\""]
        let list = (0..<1000).map { "\"Mod\($0)/**\"" }.joined(separator: ", ")
        files[".firebreak.yml"] = "excluded: [" + excluded.joined(separator: ", ") + "]\nlayers:\n  - role: infrastructure\n    paths: &p [\(list)]\n"
            + String(repeating: "  - role: high-level\n    paths: *p\n", count: 100)
        let root = try fixture(files)
        guard let result = try FirebreakProcess.run(["lint", ".", "--no-cache"], in: root, within: 60) else {
            return XCTFail("lint stalled on many globs")
        }
        let report = result.stdout
        XCTAssertEqual(result.status, 0, report)
        XCTAssertTrue(report.hasSuffix("in 9 files\n"), "Feature3 is excluded: \(report)")
    }

    /// A path that leads nowhere says why: missing, a dangling link, or links that loop.
    func testPathsThatLeadNowhereSayWhy() throws {
        let root = try fixture([:])
        try FileManager.default.createSymbolicLink(atPath: root.path + "/one", withDestinationPath: "two")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/two", withDestinationPath: "one")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/dangling", withDestinationPath: "nowhere")
        for (path, message) in [("one", "symbolic links loop: one"), ("dangling", "broken symbolic link: dangling"),
                                ("missing", "no such file or directory: missing")] {
            let result = try FirebreakProcess.run(["lint", path], in: root)
            XCTAssertEqual(result.status, 2, path)
            XCTAssertEqual(result.stderr, "firebreak: \(message)\n")
        }
    }

    /// A FIFO named like a source file is skipped with a warning; it must not block the run.
    func testAFIFONamedLikeASourceFileIsSkipped() throws {
        let root = try fixture(["Sources/App.swift": "struct App {}\n"])
        guard mkfifo(root.appendingPathComponent("Sources/Pipe.swift").path, 0o644) == 0 else { throw XCTSkip("mkfifo failed") }
        guard let result = try FirebreakProcess.run(["lint", ".", "--no-cache"], in: root, within: 30) else {
            return XCTFail("lint blocked on a FIFO")
        }
        let report = result.stdout
        XCTAssertEqual(result.status, 0, report)
        XCTAssertTrue(report.contains("Sources/Pipe.swift: warning: file cannot be read, skipped"), report)
    }

    /// `--output` replaces only a regular file the user may write; anything else is refused with a
    /// clear line and left as it was.
    func testOutputReplacesOnlyWritableRegularFiles() throws {
        let root = try fixture(["Sources/App.swift": "struct App {}\n", "target.json": "kept\n", "readonly.json": "kept\n"])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.json").path, withDestinationPath: "target.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: root.appendingPathComponent("readonly.json").path)
        XCTAssertEqual(mkfifo(root.appendingPathComponent("pipe.json").path, 0o644), 0)
        let cases: [(String, String)] = [
            ("", "firebreak: an output path is empty"),
            ("Sources", "firebreak: cannot write Sources: it is a directory; name a file"),
            ("missing/report.json", "firebreak: cannot write missing/report.json: no such directory"),
            ("link.json", "firebreak: cannot write link.json: it is a symbolic link; name the file it points to"),
            ("readonly.json", "firebreak: cannot write readonly.json: the file is read-only"),
            ("pipe.json", "firebreak: cannot write pipe.json: not a regular file"),
        ]
        for (output, message) in cases {
            let result = try FirebreakProcess.run(["lint", ".", "--no-cache", "--output", output], in: root)
            XCTAssertEqual(result.status, 2, output)
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(output): \(result.stderr)")
        }
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("target.json"), encoding: .utf8), "kept\n")
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("readonly.json"), encoding: .utf8), "kept\n")
        XCTAssertEqual(try FirebreakProcess.run(["lint", ".", "--no-cache", "--output", "report.txt"], in: root).status, 0)
    }

    /// A full standard output is exit 2 and a line on stderr, not a crash.
    func testAFullStandardOutputIsAnError() throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { throw XCTSkip("no /dev/full here") }
        for arguments in [["lint", "Examples/ClinicApp"], ["analyze", "Examples/ClinicApp"], ["rules"]] {
            let process = Process()
            process.executableURL = FirebreakProcess.binary
            process.arguments = arguments
            process.currentDirectoryURL = FirebreakProcess.packageRoot
            process.standardOutput = full
            let err = Pipe()
            process.standardError = err
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 2, "\(arguments): \(message)")
            XCTAssertTrue(message.hasPrefix("firebreak: cannot write to standard output"), message)
        }
    }

    func testNothingToCheckIsAnErrorThatSaysWhy() throws {
        let root = try fixture(["Sources/App.swift": "struct App {}\n", "Docs/readme.md": "text\n"])
        let empty = try FirebreakProcess.run(["lint", "Docs"], in: root)
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, "firebreak: no Swift file under Docs\n")
        try Data("included: [\"App/**\"]\n".utf8).write(to: root.appendingPathComponent(".firebreak.yml"))
        for command in ["lint", "analyze"] {
            let filtered = try FirebreakProcess.run([command, "."], in: root)
            XCTAssertEqual(filtered.status, 2, command)
            XCTAssertTrue(filtered.stderr.contains(".firebreak.yml: `included`/`excluded` leave none of the 1 Swift files under ."), filtered.stderr)
        }
    }

    /// docs/rules.md is generated from the examples; it must not drift from them.
    func testRulesDocumentIsUpToDate() throws {
        let generated = try FirebreakProcess.run(["rules", "--format", "markdown"]).stdout
        let committed = try String(contentsOf: FirebreakProcess.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        XCTAssertEqual(generated, committed, "run `make docs`")
    }
}
