import FirebreakModel
import FirebreakScan
import Foundation

/// The machine-readable report, schema documented in docs/report-format.md.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public init() {}

    struct Document: Encodable {
        var schemaVersion: Int
        var kind = "lint"
        var tool: ToolInfo
        var modelVersion = FirebreakVersion.model
        var findings: [Finding]
        var diagnostics: [InputDiagnostic]
        var staleBaseline: [Baseline.Entry]
        var summary: LintReport.Summary
    }

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        let document = Document(
            schemaVersion: LintReport.schemaVersion, tool: report.tool, findings: report.findings,
            diagnostics: report.diagnostics, staleBaseline: report.staleBaseline, summary: report.summary)
        return JSONText.encode(document)
    }
}

/// Sorted keys, two-space indentation, no escaped slashes: byte-identical from run to run.
/// Every JSON firebreak writes: pretty, keys sorted, slashes unescaped, one trailing newline.
public enum JSONText {
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
