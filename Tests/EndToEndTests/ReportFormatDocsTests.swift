import Foundation
import XCTest

/// docs/report-format.md is the contract CI systems and other tools read: every key the lint,
/// analysis, module listing and diff JSON reports hold, on the example app, the Xcode fixture and
/// the refactoring fixture, is named in a code span of that document (lint and module listing keys
/// in their own sections). Keys of maps (node numbers, rule ids) are data, not names.
final class ReportFormatDocsTests: XCTestCase {
    func testEveryReportKeyIsDocumented() throws {
        let document = try String(
            contentsOf: FirebreakProcess.packageRoot.appendingPathComponent("docs/report-format.md"), encoding: .utf8)
        let lintSection = try XCTUnwrap(document.components(separatedBy: "## Analysis report").first)
        let listingSection = try XCTUnwrap(document.components(separatedBy: "## Module listing").dropFirst().first)
        // The analysis and diff sections refer back for `tool`, `findings[]`, `diagnostics[]` and `costModel`.
        var reports: [(name: String, arguments: [String], section: String)] = []
        for input in ["Examples/ClinicApp", "Tests/EndToEndTests/Fixtures/XcodeApp"] {
            reports.append(("lint \(input)", ["lint", input, "--format", "json"], lintSection))
            reports.append(("analyze \(input)", ["analyze", input, "--format", "json"], document))
            reports.append(("modules \(input)", ["modules", input, "--format", "json", "--files"], listingSection))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixture = "Tests/EndToEndTests/Fixtures/ProfileRefactor"
        for side in ["before", "after"] {
            let output = directory.appendingPathComponent("\(side).json").path
            let result = try FirebreakProcess.run(
                ["analyze", side, "--format", "json", "--no-cache", "--output", output],
                in: FirebreakProcess.packageRoot.appendingPathComponent(fixture))
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        reports.append(("diff", ["diff", directory.appendingPathComponent("before.json").path,
                                 directory.appendingPathComponent("after.json").path, "--format", "json"], document))
        for report in reports {
            let result = try FirebreakProcess.run(report.arguments + (report.arguments[0] == "diff" ? [] : ["--no-cache"]))
            XCTAssertLessThanOrEqual(result.status, 1, "\(report.name): \(result.stderr)")
            let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            let undocumented = Self.keys(of: value).filter { !Self.names($0, in: report.section) }
            XCTAssertEqual(undocumented.sorted(), [], "\(report.name): keys docs/report-format.md does not name")
        }
    }

    /// Every key of every object in `value`, except the keys of maps whose keys are data.
    static func keys(of value: Any) -> Set<String> {
        var found = Set<String>()
        if let object = value as? [String: Any] {
            let isMap = !object.isEmpty && object.keys.allSatisfy { key in key.allSatisfy(\.isNumber) || key.contains("-") }
            for (key, child) in object {
                if !isMap { found.insert(key) }
                found.formUnion(keys(of: child))
            }
        } else if let array = value as? [Any] {
            for element in array { found.formUnion(keys(of: element)) }
        }
        return found
    }

    /// `key` appears as a name inside a code span: alone or as a part of a dotted path
    /// (`views[].key`, `key, other`).
    static func names(_ key: String, in text: String) -> Bool {
        let delimiters = CharacterSet(charactersIn: "`.[], ()")
        var searchStart = text.startIndex
        while let found = text.range(of: key, range: searchStart..<text.endIndex) {
            searchStart = found.upperBound
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : " "
            guard before.unicodeScalars.allSatisfy(delimiters.contains), after.unicodeScalars.allSatisfy(delimiters.contains) else {
                continue
            }
            let lineStart = text[..<found.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            // Inside a code span: an odd number of backticks since the line began.
            if text[lineStart..<found.lowerBound].filter({ $0 == "`" }).count % 2 == 1 { return true }
        }
        return false
    }
}
