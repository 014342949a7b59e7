import Foundation

/// Accepted findings, matched on rule, file, the line's text and symbol (never line numbers),
/// so unrelated edits above a finding do not break the match.
public struct Baseline: Sendable, Codable, Equatable {
    public static let currentSchemaVersion = 1

    public struct Entry: Sendable, Codable, Hashable, Comparable {
        public var rule: String
        public var path: String
        public var symbol: String
        public var fingerprint: String

        public init(rule: String, path: String, symbol: String, fingerprint: String) {
            self.rule = rule
            self.path = path
            self.symbol = symbol
            self.fingerprint = fingerprint
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.rule, lhs.symbol, lhs.fingerprint) < (rhs.path, rhs.rule, rhs.symbol, rhs.fingerprint)
        }
    }

    public var schemaVersion: Int
    public var entries: [Entry]

    public init(findings: [Finding]) {
        schemaVersion = Self.currentSchemaVersion
        entries = findings.map { Entry(rule: $0.rule, path: $0.path, symbol: $0.symbol, fingerprint: $0.fingerprint) }
            .sorted()
    }

    public struct Match: Sendable {
        public var remaining: [Finding]
        public var baselinedCount: Int
        public var stale: [Entry]
    }

    /// Findings not in the baseline, and baseline entries that matched no finding.
    /// Each entry absorbs one finding, so a second copy of a baselined line is still reported.
    public func match(_ findings: [Finding]) -> Match {
        var available = Dictionary(grouping: entries, by: \.fingerprint)
        var remaining: [Finding] = []
        var baselined = 0
        for finding in findings {
            if var candidates = available[finding.fingerprint], !candidates.isEmpty {
                candidates.removeLast()
                available[finding.fingerprint] = candidates
                baselined += 1
            } else {
                remaining.append(finding)
            }
        }
        return Match(remaining: remaining, baselinedCount: baselined, stale: available.values.flatMap { $0 }.sorted())
    }

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func load(file: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw LoadError(description: "\(file): cannot read baseline")
        }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch {
            throw LoadError(description: "\(file): not a firebreak baseline (\(error.localizedDescription))")
        }
        guard baseline.schemaVersion == currentSchemaVersion else {
            throw LoadError(description: "\(file): baseline schemaVersion \(baseline.schemaVersion) is not supported; this firebreak writes version \(currentSchemaVersion)")
        }
        return baseline
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
