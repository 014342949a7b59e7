import FirebreakModel
import Foundation

/// What `diff` reads from a lint or analysis JSON report, from any schema version this firebreak
/// understands. Older versions are migrated here, and only here (docs/report-format.md):
/// - v1 (firebreak 0.1.0, model 1): findings carry no `contentFingerprint`, so a moved file's
///   findings cannot be told from fixed and new ones; views carry no `estimatedSeconds` (derived
///   from the report's cost model) and the report has no `graph`.
/// - v2 and v3 have no `rebuilds`: nil here, and the diff compares none.
public struct ComparedReport: Sendable {
    public enum Kind: String, Sendable, Codable {
        case lint, analysis
    }

    public struct Finding: Sendable, Codable, Hashable, Comparable {
        public var rule: String
        public var severity: Severity
        public var path: String
        public var line: Int
        public var column: Int
        public var symbol: String
        public var type: String?
        public var message: String
        public var fingerprint: String
        /// Nil in v1 reports.
        public var contentFingerprint: String?

        public init(_ finding: FirebreakModel.Finding) {
            rule = finding.rule
            severity = finding.severity
            path = finding.path
            line = finding.line
            column = finding.column
            symbol = finding.symbol
            type = finding.type
            message = finding.message
            fingerprint = finding.fingerprint
            contentFingerprint = finding.contentFingerprint
        }

        public static func < (lhs: Finding, rhs: Finding) -> Bool {
            (lhs.path, lhs.line, lhs.column, lhs.rule, lhs.symbol) < (rhs.path, rhs.line, rhs.column, rhs.rule, rhs.symbol)
        }
    }

    public struct View: Sendable, Codable, Hashable {
        public var name: String
        public var module: String
        public var path: String
        public var line: Int
        public var closure: ClosureMetrics
        public var savings: AnalysisReport.Savings
        /// Nil in schema 1 reports.
        public var estimatedSeconds: Double?

        /// `Module.View`, or the bare name when the view belongs to no module.
        public var qualifiedName: String { module.isEmpty ? name : module + "." + name }
    }

    /// The file it was read from, as the user wrote it.
    public var source: String
    public var kind: Kind
    public var schemaVersion: Int
    public var toolVersion: String
    public var modelVersion: Int
    public var findings: [Finding]
    /// Nil for lint reports.
    public var views: [View]?
    public var costModel: CostModel?
    /// Nil for lint reports and v1 analysis reports.
    public var graph: GraphSnapshot?
    /// Nil for lint reports and analysis reports before v4.
    public var rebuilds: [AnalysisReport.Rebuild]?

    /// A lint report from findings in memory.
    public init(lintFindings: [FirebreakModel.Finding], source: String) {
        self.init(source: source, kind: .lint, schemaVersion: LintReport.schemaVersion, toolVersion: FirebreakVersion.current,
                  modelVersion: FirebreakVersion.model, findings: lintFindings.map(Finding.init).sorted(), views: nil,
                  costModel: nil, graph: nil, rebuilds: nil)
    }

    init(source: String, kind: Kind, schemaVersion: Int, toolVersion: String, modelVersion: Int, findings: [Finding],
         views: [View]?, costModel: CostModel?, graph: GraphSnapshot?, rebuilds: [AnalysisReport.Rebuild]?) {
        self.source = source
        self.kind = kind
        self.schemaVersion = schemaVersion
        self.toolVersion = toolVersion
        self.modelVersion = modelVersion
        self.findings = findings
        self.views = views
        self.costModel = costModel
        self.graph = graph
        self.rebuilds = rebuilds
    }

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static let supportedSchemaVersions = 1...14

    public static func load(file: String) throws -> ComparedReport {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw LoadError(description: "\(file): cannot read report")
        }
        return try decode(data, source: file)
    }

    public static func decode(_ data: Data, source: String) throws -> ComparedReport {
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            throw LoadError(description: "\(source): not a firebreak JSON report (write one with `firebreak lint --format json` or `firebreak analyze --format json`)")
        }
        guard let schemaVersion = header.schemaVersion, header.tool?.name == "firebreak" else {
            throw LoadError(description: "\(source): not a firebreak JSON report (write one with `firebreak lint --format json` or `firebreak analyze --format json`)")
        }
        guard supportedSchemaVersions.contains(schemaVersion) else {
            throw LoadError(description: "\(source): schemaVersion \(schemaVersion) is not supported; this firebreak (\(FirebreakVersion.current)) reads versions \(supportedSchemaVersions.lowerBound) to \(supportedSchemaVersions.upperBound)")
        }
        let kind: Kind
        switch header.kind {
        case nil, "lint": kind = .lint
        case "analysis": kind = .analysis
        case let other?:
            throw LoadError(description: "\(source): a '\(other)' document, not a lint or analysis report")
        }
        let body: Body
        do {
            body = try decoder.decode(Body.self, from: data)
        } catch {
            // Foundation reports a number no field can hold (`"line": 1e30`) as invalid JSON, at the top.
            let reason = Self.outOfRangeNumber(in: data).map { "\($0.path) is \($0.value), a number no report field can hold" }
            throw LoadError(description: "\(source): damaged \(kind.rawValue) report (\(reason ?? Self.describe(error)))")
        }
        let views = body.views?.map {
            View(name: $0.name, module: $0.module, path: $0.path, line: $0.line, closure: $0.closure, savings: $0.savings,
                 estimatedSeconds: $0.estimatedSeconds)
        }
        if kind == .analysis, views == nil {
            throw LoadError(description: "\(source): damaged analysis report (no views)")
        }
        return ComparedReport(
            source: source, kind: kind, schemaVersion: schemaVersion, toolVersion: header.tool?.version ?? "unknown",
            // Version 1 reports came from firebreak 0.1.0, whose model is model 1.
            modelVersion: body.modelVersion ?? 1, findings: body.findings.sorted(), views: views,
            costModel: body.costModel, graph: body.graph, rebuilds: body.rebuilds)
    }

    private struct Header: Decodable {
        struct Tool: Decodable {
            var name: String?
            var version: String?
        }
        var schemaVersion: Int?
        var kind: String?
        var tool: Tool?
    }

    private struct Body: Decodable {
        struct View: Decodable {
            var name: String
            var module: String
            var path: String
            var line: Int
            var closure: ClosureMetrics
            var savings: AnalysisReport.Savings
            var estimatedSeconds: Double?
        }
        var modelVersion: Int?
        var findings: [Finding]
        var views: [View]?
        var costModel: CostModel?
        var graph: GraphSnapshot?
        var rebuilds: [AnalysisReport.Rebuild]?
    }

    /// The first number in valid JSON that is not finite or lies beyond a 64-bit integer, with its path.
    static func outOfRangeNumber(in data: Data) -> (path: String, value: String)? {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        func search(_ value: Any, _ path: String) -> (path: String, value: String)? {
            if let object = value as? [String: Any] {
                for key in object.keys.sorted() {
                    if let hit = search(object[key]!, path + "." + key) { return hit }
                }
            } else if let array = value as? [Any] {
                for (index, element) in array.enumerated() {
                    if let hit = search(element, path + "[\(index)]") { return hit }
                }
            } else if let number = value as? NSNumber, !(value is Bool) {
                let double = number.doubleValue
                if !double.isFinite || abs(double) >= 0x1p63 { return (path.isEmpty ? "top level" : String(path.dropFirst()), "\(number)") }
            }
            return nil
        }
        return search(root, "")
    }

    private static func describe(_ error: Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "missing '\(key.stringValue)' at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return "\(decoding)"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    }
}
