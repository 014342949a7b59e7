import FirebreakModel

/// The machine-readable analysis, schema documented in docs/report-format.md.
public struct AnalysisJSONReporter: Reporter {
    public static let name = "json"
    public init() {}

    public func render(_ report: AnalysisReport, options: AnalysisRenderOptions) -> String {
        JSONText.encode(report)
    }

    /// Streamed: the analysis of a large tree is hundreds of megabytes.
    public func write(_ report: AnalysisReport, options: AnalysisRenderOptions, to sink: some ByteSink) throws {
        try JSONText.write(report, to: sink)
    }
}
