import FirebreakModel
import FirebreakScan

/// Xcode's issue format, with absolute paths so the issue navigator can open the file.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public init() {}

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        report.findings.map { finding in
            let path = PathDisplay.absolute(finding.path, workingDirectory: options.workingDirectory)
            return "\(path):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.fullMessage) (\(finding.rule))\n"
        }.joined()
    }
}
