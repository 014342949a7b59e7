import FirebreakModel

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request.
///
/// GitHub keeps 10 annotations of each kind (error, warning, notice) per step and drops the rest
/// without a word. So the first 10 of each kind are annotations; the others are printed as plain
/// `file:line:col: severity: message [rule]` lines, which stay in the step's log, and one notice says
/// how many were not annotated (a notice slot is kept free for it).
public struct GitHubReporter: Reporter {
    public static let name = "github"
    /// Annotations of one kind GitHub shows per step.
    public static let annotationsPerKind = 10

    public init() {}

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        let counts = Dictionary(grouping: report.findings, by: \.severity).mapValues(\.count)
        let overflows = counts.values.contains { $0 > Self.annotationsPerKind }
        var shown: [Severity: Int] = [:]
        var out = ""
        var plain = 0
        for finding in report.findings {
            let limit = Self.annotationsPerKind - (overflows && finding.severity == .note ? 1 : 0)
            if shown[finding.severity, default: 0] < limit {
                shown[finding.severity, default: 0] += 1
                out += Self.annotation(finding)
            } else {
                plain += 1
                out += "\(finding.path):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
                    + "\(finding.fullMessage) [\(finding.rule)]\n"
            }
        }
        if plain > 0 {
            out += "::notice title=firebreak::\(plain) more \(plain == 1 ? "finding is" : "findings are") in this log, "
                + "not annotated: GitHub shows \(Self.annotationsPerKind) annotations of each kind per step "
                + "(upload --format sarif to code scanning to see them all)\n"
        }
        return out
    }

    private static func annotation(_ finding: Finding) -> String {
        let command: String
        switch finding.severity {
        case .error: command = "error"
        case .warning: command = "warning"
        case .note: command = "notice"
        }
        let properties = [
            "file=\(property(finding.path))", "line=\(finding.line)", "col=\(finding.column)",
            "title=\(property("firebreak \(finding.rule)"))",
        ].joined(separator: ",")
        return "::\(command) \(properties)::\(data(finding.fullMessage))\n"
    }

    /// Escaping from the Actions toolkit: `%`, CR and LF in data; also `:` and `,` in properties.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
