import FirebreakModel
import FirebreakReport
import XCTest

/// Workflow commands within GitHub's per-step limits: 10 annotations of each kind.
final class GitHubReporterTests: XCTestCase {
    private func report(errors: Int, warnings: Int, notes: Int) -> LintReport {
        let severities = Array(repeating: Severity.error, count: errors) + Array(repeating: .warning, count: warnings)
            + Array(repeating: .note, count: notes)
        let findings = severities.enumerated().map { index, severity in
            Finding(rule: "singleton-access", severity: severity, path: "App/File\(index).swift", line: index + 1, column: 3,
                    symbol: "APIClient.shared", type: "Model", message: "Model reads APIClient.shared, 100%", hint: nil,
                    lineText: "let client = APIClient.shared")
        }
        let summary = LintReport.Summary(filesScanned: findings.count, errors: errors, warnings: warnings, notes: notes,
                                         suppressed: 0, baselined: 0, staleBaselineEntries: 0, byRule: [:])
        return LintReport(tool: .current, findings: findings, diagnostics: [], summary: summary, staleBaseline: [], rules: [])
    }

    private func render(_ report: LintReport) -> [String] {
        GitHubReporter().render(report, options: RenderOptions(workingDirectory: "/"))
            .split(separator: "\n").map(String.init)
    }

    func testEveryFindingIsAnAnnotationWithinTheLimits() {
        let lines = render(report(errors: 10, warnings: 2, notes: 10))
        XCTAssertEqual(lines.count, 22)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::error ") }.count, 10)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::notice ") }.count, 10)
        XCTAssertEqual(lines[0], "::error file=App/File0.swift,line=1,col=3,title=firebreak singleton-access::Model reads APIClient.shared, 100%25")
    }

    func testFindingsOverTheLimitStayInTheLogAndOneNoticeCountsThem() {
        let lines = render(report(errors: 13, warnings: 1, notes: 10))
        XCTAssertEqual(lines.filter { $0.hasPrefix("::error ") }.count, 10)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::warning ") }.count, 1)
        // One notice slot is kept for the summary, so the tenth note is a log line too.
        XCTAssertEqual(lines.filter { $0.hasPrefix("::notice file=") }.count, 9)
        XCTAssertEqual(lines.filter { !$0.hasPrefix("::") },
                       ["App/File10.swift:11:3: error: Model reads APIClient.shared, 100% [singleton-access]",
                        "App/File11.swift:12:3: error: Model reads APIClient.shared, 100% [singleton-access]",
                        "App/File12.swift:13:3: error: Model reads APIClient.shared, 100% [singleton-access]",
                        "App/File23.swift:24:3: note: Model reads APIClient.shared, 100% [singleton-access]"])
        XCTAssertEqual(lines.last, "::notice title=firebreak::4 more findings are in this log, not annotated: GitHub shows 10 "
                       + "annotations of each kind per step (upload --format sarif to code scanning to see them all)")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::notice") }.count, 10)
    }

    func testNoFindingsPrintNothing() {
        XCTAssertEqual(render(report(errors: 0, warnings: 0, notes: 0)), [])
    }
}
