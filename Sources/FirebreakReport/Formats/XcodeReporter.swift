import FirebreakModel
import FirebreakScan

/// Xcode's issue format, with absolute paths so the issue navigator can open the file.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public init() {}

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        report.findings.map { finding in
            let path = PathDisplay.absolute(finding.path, workingDirectory: options.workingDirectory)
            let message = ControlCharacters.escaped(finding.fullMessage)
            return "\(ControlCharacters.escaped(path)):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(message) (\(finding.rule))\n"
        }.joined()
    }
}
