import Foundation
import XCTest

/// docs/cli.md is generated from the argument parser (`make docs`): every command the binary
/// knows has its section, and every option of it a row with the help the binary prints.
final class CommandLineReferenceTests: XCTestCase {
    func testEveryCommandAndOptionIsInTheReference() throws {
        let dump = try FirebreakProcess.run(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        let tool = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try XCTUnwrap(tool["command"] as? [String: Any])
        let reference = try String(contentsOf: FirebreakProcess.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let subcommands = try XCTUnwrap(command["subcommands"] as? [[String: Any]])
        for subcommand in subcommands {
            let name = try XCTUnwrap(subcommand["commandName"] as? String)
            guard name != "help" else { continue }
            let section = Self.section(named: "## `firebreak \(name)`", in: reference)
            XCTAssertFalse(section.isEmpty, "docs/cli.md has no section for \(name): run `make docs`")
            for argument in subcommand["arguments"] as? [[String: Any]] ?? [] {
                guard let preferred = argument["preferredName"] as? [String: Any], let long = preferred["name"] as? String,
                      !["help", "version"].contains(long) else { continue }
                let abstract = (argument["abstract"] as? String ?? "").replacingOccurrences(of: "|", with: "\\|")
                XCTAssertTrue((section.contains("| `--\(long)` |") || section.contains("| `--\(long), ")) && section.contains(abstract),
                              "docs/cli.md, \(name): --\(long) is missing or its help changed: run `make docs`")
            }
        }
    }

    /// The lines from `heading` to the next second-level heading.
    static func section(named heading: String, in document: String) -> String {
        guard let start = document.range(of: heading + "\n") else { return "" }
        let rest = document[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }
}
