
/// SARIF 2.1.0, for GitHub code scanning and other SARIF consumers.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    public init() {}

    struct Log: Encodable {
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case version, schema = "$schema", runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [RuleMetadata]
    }
    struct Text: Encodable { var text: String }
    struct RuleMetadata: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { var level: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        let rules = report.rules.map { rule in
            RuleMetadata(
                id: rule.id, name: rule.name.replacingOccurrences(of: " ", with: ""),
                shortDescription: Text(text: rule.summary), fullDescription: Text(text: rule.rationale),
                help: Text(text: "\(rule.rationale) See docs/rules.md#\(rule.id)."),
                defaultConfiguration: Configuration(level: Self.level(rule.defaultSeverity)))
        }
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results = report.findings.map { finding in
            Result(
                ruleId: finding.rule, ruleIndex: index[finding.rule] ?? 0, level: Self.level(finding.severity),
                message: Text(text: finding.fullMessage),
                locations: [Location(physicalLocation: PhysicalLocation(
                    artifactLocation: Self.artifactLocation(finding.path),
                    region: Region(startLine: finding.line, startColumn: finding.column)))],
                partialFingerprints: ["firebreak/v1": finding.fingerprint])
        }
        let driver = Driver(
            name: report.tool.name, version: report.tool.version, semanticVersion: report.tool.version, rules: rules)
        return JSONText.encode(Log(runs: [Run(tool: Tool(driver: driver), results: results)]))
    }

    /// Paths inside the working directory are relative to `%SRCROOT%`, the checkout root code
    /// scanning resolves; a file outside it (an absolute analysed path) is a `file://` URI.
    static func artifactLocation(_ path: String) -> ArtifactLocation {
        path.hasPrefix("/") ? ArtifactLocation(uri: "file://" + uri(path), uriBaseId: nil) : ArtifactLocation(uri: uri(path), uriBaseId: "%SRCROOT%")
    }

    /// Percent-encodes what a URI reference cannot hold (spaces, `#`, `%`, non-ASCII).
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, CharacterSet.unreserved.contains(scalar) || byte == UInt8(ascii: "/") {
                out.unicodeScalars.append(scalar)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}

import FirebreakModel
import Foundation

private extension CharacterSet {
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
