import FirebreakGraph

/// The diff as JSON, schema in docs/report-format.md.
public struct DiffJSONReporter: DiffReporter {
    public static let name = "json"
    public init() {}

    public func render(_ diff: ReportDiff, options: DiffRenderOptions) -> String {
        JSONText.encode(diff)
    }
}
