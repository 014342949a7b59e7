import FirebreakDiff
import FirebreakModel
import Foundation

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

/// A pure function from a report value to text: one protocol for every kind of report (lint
/// findings, analyses, diffs, module listings); `--format` picks one by `name`.
public protocol Reporter<Report, Options>: Sendable {
    associatedtype Report
    associatedtype Options
    static var name: String { get }
    func render(_ report: Report, options: Options) -> String
    /// The same text, written to `sink`; formats that can stream do so in chunks.
    func write(_ report: Report, options: Options, to sink: some ByteSink) throws
}

extension Reporter {
    public func write(_ report: Report, options: Options, to sink: some ByteSink) throws {
        var text = render(report, options: options)
        try text.withUTF8 { try sink.write($0) }
    }
}

/// The formats of one kind of report, in the order `--help` lists them.
public struct ReporterRegistry<Report, Options>: Sendable {
    public let reporters: [any Reporter<Report, Options>]

    public init(_ reporters: [any Reporter<Report, Options>]) {
        self.reporters = reporters
    }

    public var names: [String] { reporters.map { type(of: $0).name } }

    public func reporter(named name: String) -> (any Reporter<Report, Options>)? {
        reporters.first { type(of: $0).name == name }
    }
}

/// Every registry: a new format is one line here and one file beside its siblings.
public enum Reporters {
    public static let lint = ReporterRegistry<LintReport, RenderOptions>([
        TextReporter(), XcodeReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(), JUnitReporter(), MarkdownReporter(),
        HTMLReporter(),
    ])
    public static let analysis = ReporterRegistry<AnalysisReport, AnalysisRenderOptions>([
        AnalysisTextReporter(), AnalysisJSONReporter(), AnalysisMarkdownReporter(), AnalysisHTMLReporter(),
    ])
    public static let diff = ReporterRegistry<ReportDiff, DiffRenderOptions>([
        DiffTextReporter(), DiffJSONReporter(), DiffMarkdownReporter(), DiffHTMLReporter(),
    ])
    public static let modules = ReporterRegistry<ModuleListing, Void>([ModuleListingTextReporter(), ModuleListingJSONReporter()])
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
