import FirebreakModel
import FirebreakScan

/// Human output: `path:line:col: severity: message [rule]`, a hint line, then a summary.
public struct TextReporter: Reporter {
    public static let name = "text"
    public init() {}

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        // Names come from the code and the file system: one line per finding, and no escape
        // sequence but the colours below.
        let safe = { ControlCharacters.escaped($0) }
        var out = ""
        func paint(_ text: String, _ code: String) -> String {
            options.useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }
        for finding in report.findings {
            let severity: String
            switch finding.severity {
            case .error: severity = paint("error", "1;31")
            case .warning: severity = paint("warning", "1;33")
            case .note: severity = paint("note", "1;36")
            }
            out += "\(safe(finding.path)):\(finding.line):\(finding.column): \(severity): \(safe(finding.message)) [\(finding.rule)]\n"
            if let hint = finding.hint { out += "    fix: \(safe(hint))\n" }
        }
        for diagnostic in report.diagnostics {
            out += "\(safe(diagnostic.path)): \(paint("warning", "1;33")): \(safe(diagnostic.message))\n"
        }
        for entry in report.staleBaseline {
            out += "\(safe(entry.path)): \(paint("note", "1;36")): baseline entry for \(safe(entry.rule)) \(safe(entry.symbol)) no longer matches a finding; refresh the baseline with --write-baseline\n"
        }
        let summary = report.summary
        var parts = [counted(summary.errors, "error"), counted(summary.warnings, "warning"), counted(summary.notes, "note")]
        if summary.suppressed > 0 { parts.append("\(summary.suppressed) suppressed") }
        if summary.baselined > 0 { parts.append("\(summary.baselined) in baseline") }
        out += "firebreak: \(parts.joined(separator: ", ")) in \(counted(summary.filesScanned, "file"))\n"
        return out
    }
}
