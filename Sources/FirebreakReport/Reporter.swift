import FirebreakGraph

/// What a reporter needs besides the report.
public struct RenderOptions: Sendable {
    /// ANSI colour, only for a terminal.
    public var useColor: Bool
    /// For formats that want absolute paths (Xcode).
    public var workingDirectory: String
    /// The lowest severity that fails the run; summaries say how many are at or above it.
    public var threshold: Severity

    public init(useColor: Bool = false, workingDirectory: String, threshold: Severity = .error) {
        self.useColor = useColor
        self.workingDirectory = workingDirectory
        self.threshold = threshold
    }
}

/// A pure function from a lint report to text.
public protocol LintReporter: Sendable {
    static var name: String { get }
    func render(_ report: LintReport, options: RenderOptions) -> String
}

public enum ReporterRegistry {
    public static let reporters: [any LintReporter] = [
        TextReporter(), XcodeReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(), JUnitReporter(), MarkdownReporter(),
    ]

    public static var names: [String] { reporters.map { type(of: $0).name } }

    public static func reporter(named name: String) -> (any LintReporter)? {
        reporters.first { type(of: $0).name == name }
    }
}

extension LintReport {
    func failingCount(threshold: Severity) -> Int {
        findings.filter { $0.severity >= threshold }.count
    }
}

/// Shared wording for counts: "1 error", "2 warnings".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
