import FirebreakScan
import Foundation
import XCTest

/// Attacks and faults on what firebreak writes and reads: `fix` never writes outside the analysed
/// folders nor leaves a staging file, damaged facts files are exit 2, names from files and code
/// cannot inject lines or markup, submodules are checked out, files keep their encoding.
final class SafetyTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("firebreak-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private static let apiClient = "final class APIClient {\n    static let shared = APIClient()\n    func fetch() -> String { \"\" }\n}\n"

    private static func viewModel(_ name: String) -> String {
        "final class \(name) {\n    func load() -> String { APIClient.shared.fetch() }\n}\n"
    }

    /// A folder `project` with the given files under it, and every file of `scratch` listed with its bytes.
    private func project(_ files: [String: String]) throws -> URL {
        let root = scratch.appendingPathComponent("project")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// Every entry under `folder` (links not followed) with its bytes or link target.
    private func snapshot(_ folder: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let full = folder.appendingPathComponent(path).path
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                entries[path] = "-> " + link
            } else if let data = FileManager.default.contents(atPath: full) {
                entries[path] = data.base64EncodedString()
            } else {
                entries[path] = "dir"
            }
        }
        return entries
    }

    // MARK: - fix writes only inside the analysed folders

    func testASourceLinkedToAFileOutsideIsRefusedBeforeAnythingIsWritten() throws {
        let outside = scratch.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(Self.viewModel("FeedViewModel").utf8).write(to: outside.appendingPathComponent("FeedViewModel.swift"))
        let root = try project(["Infrastructure/APIClient.swift": Self.apiClient, "Features/ProfileViewModel.swift": Self.viewModel("ProfileViewModel")])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Features/FeedViewModel.swift").path,
                                                   withDestinationPath: outside.appendingPathComponent("FeedViewModel.swift").path)
        let before = try snapshot(scratch)
        for arguments in [["fix", "--no-cache", "--apply"], ["fix", "--no-cache"]] {
            let result = try FirebreakProcess.run(arguments, in: root)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("outside the analysed folders"), result.stderr)
            XCTAssertTrue(result.stderr.contains("nothing was changed"), result.stderr)
            XCTAssertEqual(try snapshot(scratch), before)
        }
    }

    func testALinkInsideTheProjectIsWrittenThroughAndStaysALink() throws {
        let root = try project(["Infrastructure/APIClient.swift": Self.apiClient, "Shared/ProfileViewModel.swift": Self.viewModel("ProfileViewModel")])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Features"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Features/ProfileViewModel.swift").path,
                                                   withDestinationPath: "../Shared/ProfileViewModel.swift")
        let target = root.appendingPathComponent("Shared/ProfileViewModel.swift").path
        chmod(target, 0o640)
        let result = try FirebreakProcess.run(["fix", "--no-cache", "--apply", "Infrastructure", "Features", "Shared"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("Features/ProfileViewModel.swift").path),
                       "../Shared/ProfileViewModel.swift")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).contains("init("))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int, 0o640)
        XCTAssertEqual(try snapshot(root).keys.filter { $0.contains(".firebreak") }, [])
    }

    func testANameTakenByADanglingLinkIsNotFollowed() throws {
        let root = try project(["Infrastructure/APIClient.swift": Self.apiClient, "Features/ProfileViewModel.swift": Self.viewModel("ProfileViewModel")])
        let dry = try FirebreakProcess.run(["fix", "--no-cache"], in: root)
        let newFile = try XCTUnwrap(dry.stdout.components(separatedBy: "\n").first { $0.hasPrefix("+++ b/") && !dry.stdout.contains("--- a/" + $0.dropFirst(6)) })
        let planted = scratch.appendingPathComponent("planted.swift")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(String(newFile.dropFirst(6))).path, withDestinationPath: planted.path)
        let before = try snapshot(scratch)
        let result = try FirebreakProcess.run(["fix", "--no-cache", "--apply"], in: root)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("exists already"), result.stderr)
        XCTAssertEqual(try snapshot(scratch), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: planted.path))
    }

    func testAnInterruptedApplyLeavesNoStagingFileAndNoHalfOfAFix() throws {
        var files = ["Infrastructure/APIClient.swift": Self.apiClient]
        for index in 0..<150 { files["Features/Model\(index).swift"] = Self.viewModel("Model\(index)") }
        let root = try project(files)
        let original = try snapshot(root)
        for delay: useconds_t in [0, 100_000, 300_000, 600_000, 1_000_000] {
            let process = Process()
            process.executableURL = FirebreakProcess.binary
            process.arguments = ["fix", "--no-cache", "--apply"]
            process.currentDirectoryURL = root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(delay)
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            let after = try snapshot(root)
            XCTAssertEqual(after.keys.filter { $0.contains(".firebreak") }, [], "after \(delay) µs")
            // All of the fix or none of it: every model rewritten, or every one as it was.
            let rewritten = original.keys.filter { $0.hasPrefix("Features/") && after[$0] != original[$0] }
            XCTAssertTrue(rewritten.isEmpty || rewritten.count == 150, "after \(delay) µs: \(rewritten.count) of 150 rewritten")
            if !rewritten.isEmpty { return }
        }
    }

    func testByteOrderMarksAndCRLFLinesAreKept() throws {
        let root = try project(["Infrastructure/APIClient.swift": Self.apiClient])
        let crlf = Self.viewModel("ProfileViewModel").replacingOccurrences(of: "\n", with: "\r\n")
        let path = root.appendingPathComponent("Features/ProfileViewModel.swift")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0xEF, 0xBB, 0xBF] + Array(crlf.utf8)).write(to: path)
        let dry = try FirebreakProcess.run(["fix", "--no-cache"], in: root)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("-    func load() -> String { APIClient.shared.fetch() }\r\n"), dry.stdout)
        let applied = try FirebreakProcess.run(["fix", "--no-cache", "--apply"], in: root)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        let bytes = try [UInt8](Data(contentsOf: path))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xEF, 0xBB, 0xBF])
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        XCTAssertTrue(text.contains("init("), text)
        XCTAssertFalse(text.unicodeScalars.enumerated().contains { index, scalar in
            scalar == "\n" && (index == 0 || Array(text.unicodeScalars)[index - 1] != "\r")
        }, "a line ends in LF alone: \(text.debugDescription)")
    }

    func testReservedProtocolNamesAndUnknownTypesAreUsageErrors() throws {
        let root = try project(["Infrastructure/APIClient.swift": Self.apiClient, "Features/ProfileViewModel.swift": Self.viewModel("ProfileViewModel")])
        for name in ["Self", "Any", "class", "String", "View"] {
            let result = try FirebreakProcess.run(["fix", "--no-cache", "--name", name], in: root)
            XCTAssertEqual(result.status, 2, name)
            XCTAssertTrue(result.stderr.contains("--name: '\(name)' is a"), result.stderr)
        }
        let unknown = try FirebreakProcess.run(["fix", "--no-cache", "--type", "ProfileViewModl"], in: root)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "firebreak: --type ProfileViewModl: no type of that name is declared in the analysed files; did you mean ProfileViewModel?\n")
    }

    func testATreeWithoutAProjectDescriptionImportsNoModuleNamedAfterItsFolder() throws {
        let main = "@main\nstruct Main {\n    static func main() { _ = ProfileViewModel().load() }\n}\n"
        let root = try project(["Services/APIClient.swift": Self.apiClient, "App/ProfileViewModel.swift": Self.viewModel("ProfileViewModel"),
                                "App/Main.swift": main])
        // Two analysed folders without a project description: two modules named after them.
        let result = try FirebreakProcess.run(["fix", "--no-cache", "App", "Services"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("+++ b/App/Main.swift"), result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("+import"), result.stdout)
    }

    // MARK: - damaged facts files

    func testFactsWithAValidChecksumButBadIndexesOrPathsAreDamage() throws {
        let root = try project([:])
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let written = try FirebreakProcess.run(["facts", "--output", scratch.appendingPathComponent("probe.facts").path, "--no-cache",
                                                FirebreakProcess.packageRoot.appendingPathComponent("Examples/ClinicApp/ClinicApp/App").path,
                                                "--root", FirebreakProcess.packageRoot.path])
        XCTAssertEqual(written.status, 0, written.stderr)
        let probe = try [UInt8](Data(contentsOf: scratch.appendingPathComponent("probe.facts")))
        let name = try XCTUnwrap(Self.producer(in: probe))
        var badParent = DeclarationFact(kind: .struct, name: "HomeView", parent: 0, inheritance: ["View"], startLine: 1, endLine: 2)
        badParent.parent = 7
        let crafted: [(String, [FileFacts])] = [
            ("parent", [FileFacts(path: "HomeView.swift", declarations: [badParent])]),
            ("owner", [FileFacts(path: "HomeView.swift", references: [
                ReferenceFact(name: "APIClient", kind: .staticMember, staticMember: "shared", owner: 3, member: "body", position: .init(line: 1, column: 1))])]),
            ("absolute", [FileFacts(path: "/etc/HomeView.swift")]),
            ("parent folder", [FileFacts(path: "../HomeView.swift")]),
            ("empty", [FileFacts(path: "")]),
        ]
        for (label, files) in crafted {
            let file = scratch.appendingPathComponent("\(label).facts")
            try Data(FactsFile(producer: name, files: files).encoded()).write(to: file)
            for command in [["lint"], ["analyze"], ["modules"], ["explain", "HomeView"]] {
                let result = try FirebreakProcess.run(command + ["--no-cache", "--facts", file.path], in: root)
                XCTAssertEqual(result.status, 2, "\(label), \(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("damaged facts file"), "\(label), \(command): \(result.stderr)")
            }
        }
    }

    /// The producer string a facts file records (`firebreak 0.5.0 (model 15)`).
    private static func producer(in bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.range(of: "firebreak "), let end = text[start.lowerBound...].range(of: ")") else { return nil }
        return String(text[start.lowerBound..<end.upperBound])
    }

    // MARK: - names that would inject lines or markup

    func testControlCharactersInFileNamesCannotStartALogLine() throws {
        let name = "Features/Evil\n::error file=x.swift::pwned\u{1B}]0;title\u{7}.swift"
        let root = try project(["Infrastructure/APIClient.swift": Self.apiClient, name: "import SwiftUI\n" + Self.viewModel("EvilViewModel")])
        for format in ["text", "xcode", "github", "markdown"] {
            let result = try FirebreakProcess.run(["lint", "--no-cache", "--format", format], in: root)
            XCTAssertEqual(result.status, 1, result.stderr)
            let lines = (result.stdout + result.stderr).components(separatedBy: "\n")
            XCTAssertFalse(lines.contains { $0.hasPrefix("::error file=x.swift") }, "\(format): \(result.stdout)")
            XCTAssertFalse(result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" }, "\(format): \(result.stdout.debugDescription)")
            XCTAssertTrue(result.stdout.contains("Evil\\x0A"), "\(format): \(result.stdout)")
        }
    }

    func testMarkdownEscapesHTMLInRawIdentifierNames() throws {
        let view = "import SwiftUI\nstruct `<img src=x onerror=alert(1)>View`: View {\n    var body: some View { Text(APIClient.shared.fetch()) }\n}\n"
        let root = try project(["Infrastructure/APIClient.swift": Self.apiClient, "Features/EvilView.swift": view])
        let lint = try FirebreakProcess.run(["lint", "--no-cache", "--format", "markdown"], in: root)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        XCTAssertTrue(lint.stdout.contains("&lt;img src=x onerror=alert(1)&gt;View"), lint.stdout)
        XCTAssertFalse(Self.outsideCodeSpans(lint.stdout).contains("<img"), lint.stdout)
        let analysis = try FirebreakProcess.run(["analyze", "--no-cache", "--format", "markdown"], in: root)
        XCTAssertEqual(analysis.status, 0, analysis.stderr)
        XCTAssertFalse(Self.outsideCodeSpans(analysis.stdout).contains("<img"), analysis.stdout)
    }

    /// Markdown with its code spans removed: what a renderer could read as markup.
    private static func outsideCodeSpans(_ markdown: String) -> String {
        markdown.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
    }

    // MARK: - diff --base and submodules

    @discardableResult
    private func git(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.email=test@example.com", "-c", "user.name=Test", "-c", "protocol.file.allow=always"] + arguments
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

    func testDiffBaseChecksOutSubmodulesAtTheRevisionsCommits() throws {
        let library = scratch.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library.appendingPathComponent("Sources/Networking"), withIntermediateDirectories: true)
        try Data(Self.apiClient.utf8).write(to: library.appendingPathComponent("Sources/Networking/APIClient.swift"))
        try git(["init", "-q"], in: library)
        try git(["add", "-A"], in: library)
        try git(["commit", "-q", "-m", "library"], in: library)
        let app = try project(["App/HomeView.swift": "import SwiftUI\nstruct HomeView: View {\n    var body: some View { Text(APIClient.shared.fetch()) }\n}\n"])
        try git(["init", "-q"], in: app)
        try git(["submodule", "add", "-q", library.path, "Vendor/Library"], in: app)
        try git(["add", "-A"], in: app)
        try git(["commit", "-q", "-m", "app"], in: app)

        let clean = try FirebreakProcess.run(["diff", "--base", "HEAD", "--no-cache", "--format", "json", "--fail-on", "closure-growth:10"], in: app)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        let summary = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        for key in ["fixedFindings", "newFindings", "viewsImproved", "viewsRegressed", "viewsAdded", "viewsRemoved"] {
            XCTAssertEqual(summary[key] as? Int, 0, "\(key): \(clean.stdout)")
        }

        // The revision records a submodule commit the clone does not have: refused, with the way out.
        let missing = String(repeating: "ab", count: 20)
        try git(["update-index", "--cacheinfo", "160000,\(missing),Vendor/Library"], in: app)
        try git(["commit", "-q", "-m", "unknown submodule commit"], in: app)
        let refused = try FirebreakProcess.run(["diff", "--base", "HEAD", "--no-cache"], in: app)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("the submodule Vendor/Library is at abababababab in HEAD, a commit its clone does not have"), refused.stderr)
    }

    // MARK: - command-line mistakes

    func testNumbersBelowOneEmptyValuesAndMistypedCommandsAreNamed() throws {
        let root = try project(["Infrastructure/APIClient.swift": Self.apiClient])
        let cases: [([String], String)] = [
            (["lint", "--jobs", "-1"], "--jobs must be at least 1, got -1"),
            (["analyze", "--top", "-1"], "--top must be at least 1, got -1"),
            (["diff", "--base=", "src"], "--base= has no value; write --base=VALUE or --base VALUE"),
            (["analyse"], "unknown command 'analyse'; did you mean `analyze`?"),
        ]
        for (arguments, message) in cases {
            let result = try FirebreakProcess.run(arguments, in: root)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let blocker = scratch.appendingPathComponent("blocker")
        try Data().write(to: blocker)
        let cache = try FirebreakProcess.run(["lint", "--cache-dir", blocker.appendingPathComponent("cache").path], in: root)
        XCTAssertTrue(cache.stderr.contains("facts cache unavailable at \(blocker.path)/cache, scanning without it: Not a directory"), cache.stderr)
        XCTAssertFalse(cache.stderr.contains("NSCocoaErrorDomain"), cache.stderr)
    }
}
