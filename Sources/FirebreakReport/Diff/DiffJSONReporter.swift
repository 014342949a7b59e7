import FirebreakDiff
import FirebreakModel

/// The diff as JSON, schema in docs/report-format.md.
public struct DiffJSONReporter: Reporter {
    public static let name = "json"
    public init() {}

    public func render(_ diff: ReportDiff, options: DiffRenderOptions) -> String {
        JSONText.encode(diff)
    }
}
