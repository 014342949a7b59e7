import FirebreakModel

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request.
public struct GitHubReporter: Reporter {
    public static let name = "github"
    public init() {}

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        report.findings.map { finding in
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let properties = [
                "file=\(Self.property(finding.path))", "line=\(finding.line)", "col=\(finding.column)",
                "title=\(Self.property("firebreak \(finding.rule)"))",
            ].joined(separator: ",")
            return "::\(command) \(properties)::\(Self.data(finding.fullMessage))\n"
        }.joined()
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
