import FirebreakModel

/// The result of `firebreak diff`: what changed between two reports. Schema in docs/report-format.md.
public struct ReportDiff: Sendable, Codable, Hashable {
    /// 2: `low` and `high` beside every `estimatedSecondsSaved` and `estimatedSeconds`
    /// (`realisedLow`, `realisedHigh` beside `realisedSeconds`), from the after report's cost model.
    public static let schemaVersion = 2

    public var schemaVersion = ReportDiff.schemaVersion
    /// `diff`, so tools can tell it from the reports it compares.
    public var kind = "diff"
    public var tool: ToolInfo
    public var before: Side
    public var after: Side
    /// The rate the seconds below were estimated with: the after report's; nil for lint reports.
    public var costModel: CostModel?
    public var summary: Summary
    /// Findings in before and not after, sorted.
    public var fixed: [ComparedReport.Finding]
    /// Findings in after and not before, sorted.
    public var new: [ComparedReport.Finding]
    /// Findings matched only by content: their file moved or their line was re-spaced.
    public var moved: [MovedFinding]
    /// Views whose closure shrank, largest change first.
    public var improved: [ViewChange]
    /// Views whose closure grew, largest change first.
    public var regressed: [ViewChange]
    /// Views only in after, or only in before, by name.
    public var addedViews: [String]
    public var removedViews: [String]
    /// Views the before report expected to gain from firewalls and that shrank: estimated vs realised.
    public var refactored: [Refactored]
    /// Interface-edit rebuilds whose files changed, largest saving first; nil unless both reports
    /// are analysis reports of schema 4 or later.
    public var rebuilds: [RebuildChange]?
    /// The `--fail-on` conditions and whether they held.
    public var checks: [Check]

    public struct Side: Sendable, Codable, Hashable {
        public var file: String
        public var kind: ComparedReport.Kind
        public var schemaVersion: Int
        public var toolVersion: String
        public var modelVersion: Int
    }

    public struct Summary: Sendable, Codable, Hashable {
        public var fixedFindings: Int
        /// Findings in both reports, moved ones included.
        public var unchangedFindings: Int
        public var newFindings: Int
        public var movedFindings: Int
        public var viewsCompared: Int
        public var viewsImproved: Int
        public var viewsRegressed: Int
        public var viewsAdded: Int
        public var viewsRemoved: Int
        /// Sum over the views in both reports.
        public var closureLinesBefore: Int
        public var closureLinesAfter: Int
        /// `closureLinesBefore − closureLinesAfter` in seconds: one preview build per view.
        public var estimatedSecondsSaved: Double
        /// Where the measured seconds are expected; absent for 0 s and for lint reports.
        public var low: Double?
        public var high: Double?
    }

    public struct MovedFinding: Sendable, Codable, Hashable {
        public var rule: String
        public var symbol: String
        public var from: String
        public var to: String
    }

    public struct ViewChange: Sendable, Codable, Hashable {
        /// Module-qualified.
        public var view: String
        public var path: String
        public var line: Int
        /// Set when the view was matched by its bare name after moving between modules.
        public var movedFrom: String?
        public var before: Size
        public var after: Size
        /// `after.lines − before.lines`, negative when the closure shrank.
        public var lines: Int
        /// `lines ÷ before.lines`; 1 when a view that reached nothing now reaches something.
        public var fraction: Double
        /// Positive when the closure shrank.
        public var estimatedSecondsSaved: Double
        /// Where the measured seconds are expected; absent for 0 s and for lint reports.
        public var low: Double?
        public var high: Double?
        /// Frameworks no longer reached, and newly reached, sorted.
        public var frameworksDropped: [String]
        public var frameworksAdded: [String]
    }

    public struct Size: Sendable, Codable, Hashable {
        public var lines: Int
        public var files: Int
        public var modules: Int
    }

    public struct Refactored: Sendable, Codable, Hashable {
        public var view: String
        public var estimatedLines: Int
        public var estimatedSeconds: Double
        /// Where the measured seconds are expected; absent for 0 s and for lint reports.
        public var low: Double?
        public var high: Double?
        public var realisedLines: Int
        public var realisedSeconds: Double
        public var realisedLow: Double?
        public var realisedHigh: Double?
        /// `realisedLines ÷ estimatedLines`.
        public var realisedFraction: Double
    }

    /// What an interface edit of one type rebuilds in each report; nil on the side without the type.
    public struct RebuildChange: Sendable, Codable, Hashable {
        public var type: String
        public var before: AnalysisReport.RebuildEstimate?
        public var after: AnalysisReport.RebuildEstimate?
        /// `before.estimatedSeconds − after.estimatedSeconds`, a missing side counting as 0.
        public var estimatedSecondsSaved: Double
        /// Where the measured seconds are expected; absent for 0 s and for lint reports.
        public var low: Double?
        public var high: Double?
    }

    public struct Check: Sendable, Codable, Hashable {
        /// As written on the command line: `new-findings`, `closure-growth:10`.
        public var condition: String
        public var failed: Bool
        public var detail: String
    }

    public var failed: Bool { checks.contains(where: \.failed) }
}
