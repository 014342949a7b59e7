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

/// Every JSON firebreak writes: pretty, keys sorted, slashes unescaped, one trailing newline;
/// byte-identical from run to run. The bytes are those of Foundation's `JSONEncoder`; a value the
/// streaming encoder declines is written by Foundation itself.
public enum JSONText {
    public static func encode(_ value: some Encodable) -> String {
        String(decoding: encodedData(value), as: UTF8.self)
    }

    public static func encodedData(_ value: some Encodable) -> Data {
        if let data = try? PrettyJSONEncoder.encode(value) { return data }
        return foundationData(value)
    }

    /// The same bytes, streamed to `sink`; only a failure to write is thrown.
    public static func write(_ value: some Encodable, to sink: some ByteSink) throws {
        let streamed: Bool
        do {
            streamed = try PrettyJSONEncoder.encode(value) { try sink.write($0) }
        } catch let error as ByteSinkError {
            throw error
        } catch {
            streamed = false
        }
        guard !streamed else { return }
        try sink.restart()
        try foundationData(value).withUnsafeBytes { try sink.write($0.bindMemory(to: UInt8.self)) }
    }

    /// Foundation's encoder with the same options: the reference the streaming encoder matches.
    public static func foundationData(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return Data("{}\n".utf8) }
        return data + Data("\n".utf8)
    }
}
