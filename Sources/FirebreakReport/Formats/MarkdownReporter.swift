import FirebreakModel

/// A Markdown summary for a pull-request comment or a job summary.
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"
    public init() {}

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        let summary = report.summary
        var out = "## firebreak\n\n"
        out += "\(counted(summary.errors, "error")), \(counted(summary.warnings, "warning")), \(counted(summary.notes, "note")) in \(counted(summary.filesScanned, "file"))"
        if summary.suppressed > 0 { out += ", \(summary.suppressed) suppressed" }
        if summary.baselined > 0 { out += ", \(summary.baselined) in baseline" }
        out += ".\n"
        guard !report.findings.isEmpty else { return out }
        out += "\n| Rule | Findings |\n|---|---:|\n"
        for rule in report.rules where summary.byRule[rule.id, default: 0] > 0 {
            out += "| `\(rule.id)` | \(summary.byRule[rule.id]!) |\n"
        }
        out += "\n| Severity | Location | Rule | Message |\n|---|---|---|---|\n"
        for finding in report.findings {
            out += "| \(finding.severity.rawValue) | \(MarkdownText.code("\(finding.path):\(finding.line)")) | `\(finding.rule)` | \(MarkdownText.text(finding.fullMessage)) |\n"
        }
        return out
    }
}
