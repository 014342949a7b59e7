import FirebreakModel

/// Compares two reports: findings by fingerprint, then by content; views by module-qualified name,
/// then by bare name when a view moved between modules.
public enum CompareReports {
    public struct Incompatible: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func diff(before: ComparedReport, after: ComparedReport, failOn: [FailCondition] = []) throws -> ReportDiff {
        guard before.modelVersion == after.modelVersion else {
            throw Incompatible(description: """
                \(before.source) was written by model \(before.modelVersion) (firebreak \(before.toolVersion)) and \
                \(after.source) by model \(after.modelVersion) (firebreak \(after.toolVersion)); their numbers are not \
                comparable. Write both with the same firebreak, or use `firebreak diff --base REV`.
                """)
        }
        let comparesViews = before.views != nil && after.views != nil
        if !comparesViews, failOn.contains(where: { if case .closureGrowth = $0 { return true } else { return false } }) {
            let lint = [before, after].first { $0.views == nil }!
            throw Incompatible(description: "--fail-on closure-growth needs two analysis reports; \(lint.source) is a lint report (write analysis reports with `firebreak analyze --format json`)")
        }
        let findings = matchFindings(before: before.findings, after: after.findings)
        var diff = ReportDiff(
            tool: .current, before: side(before), after: side(after), costModel: nil,
            summary: ReportDiff.Summary(
                fixedFindings: findings.fixed.count, unchangedFindings: findings.unchanged,
                newFindings: findings.new.count, movedFindings: findings.moved.count,
                viewsCompared: 0, viewsImproved: 0, viewsRegressed: 0, viewsAdded: 0, viewsRemoved: 0,
                closureLinesBefore: 0, closureLinesAfter: 0, estimatedSecondsSaved: 0),
            fixed: findings.fixed, new: findings.new, moved: findings.moved, improved: [], regressed: [],
            addedViews: [], removedViews: [], refactored: [], rebuilds: nil, checks: [])
        if let beforeViews = before.views, let afterViews = after.views {
            let costModel = after.costModel ?? CostModel()
            diff.costModel = costModel
            compareViews(beforeViews, afterViews, costModel: costModel, into: &diff)
        }
        if let beforeRebuilds = before.rebuilds, let afterRebuilds = after.rebuilds {
            diff.rebuilds = compareRebuilds(beforeRebuilds, afterRebuilds)
        }
        diff = diff.withRanges()
        diff.checks = failOn.map { $0.evaluate(diff) }
        return diff
    }

    static func side(_ report: ComparedReport) -> ReportDiff.Side {
        ReportDiff.Side(file: report.source, kind: report.kind, schemaVersion: report.schemaVersion,
                        toolVersion: report.toolVersion, modelVersion: report.modelVersion)
    }

    struct FindingMatch {
        var fixed: [ComparedReport.Finding]
        var new: [ComparedReport.Finding]
        var moved: [ReportDiff.MovedFinding]
        var unchanged: Int
    }

    /// Each finding matches at most one on the other side, so a second copy of a line is new.
    static func matchFindings(before: [ComparedReport.Finding], after: [ComparedReport.Finding]) -> FindingMatch {
        var byFingerprint = Dictionary(grouping: before.indices, by: { before[$0].fingerprint })
        var matchedBefore = Set<Int>()
        var unmatchedAfter: [ComparedReport.Finding] = []
        for finding in after {
            if let index = byFingerprint[finding.fingerprint]?.first {
                byFingerprint[finding.fingerprint]!.removeFirst()
                matchedBefore.insert(index)
            } else {
                unmatchedAfter.append(finding)
            }
        }
        let exact = matchedBefore.count
        // Second pass, path-blind: a moved or renamed file, a line re-spaced. The same line in
        // another type is a different finding (the fix moved a singleton, say), so the enclosing type
        // must agree too; for file-scope code, the file name.
        func contentKey(_ finding: ComparedReport.Finding) -> String? {
            guard let content = finding.contentFingerprint else { return nil }
            let owner = finding.type.map { "type:" + $0 } ?? "file:" + (finding.path.split(separator: "/").last.map(String.init) ?? "")
            return content + "|" + owner
        }
        var byContent: [String: [Int]] = [:]
        for index in before.indices where !matchedBefore.contains(index) {
            if let key = contentKey(before[index]) { byContent[key, default: []].append(index) }
        }
        var moved: [ReportDiff.MovedFinding] = []
        var new: [ComparedReport.Finding] = []
        for finding in unmatchedAfter {
            if let key = contentKey(finding), let index = byContent[key]?.first {
                byContent[key]!.removeFirst()
                matchedBefore.insert(index)
                let old = before[index]
                moved.append(ReportDiff.MovedFinding(
                    rule: finding.rule, symbol: finding.symbol, from: "\(old.path):\(old.line)", to: "\(finding.path):\(finding.line)"))
            } else {
                new.append(finding)
            }
        }
        let fixed = before.indices.filter { !matchedBefore.contains($0) }.map { before[$0] }
        return FindingMatch(fixed: fixed.sorted(), new: new.sorted(), moved: moved, unchanged: exact + moved.count)
    }

    /// Views matched across two reports: by qualified name, else (a view that changed module) by
    /// a bare name unique on both sides.
    struct ViewPairing {
        var pairs: [(old: ComparedReport.View, new: ComparedReport.View, movedFrom: String?)] = []
        var added: [String] = []
        var removed: [String] = []

        init(_ before: [ComparedReport.View], _ after: [ComparedReport.View]) {
            let afterByName = Dictionary(after.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
            var unmatchedBefore: [ComparedReport.View] = []
            var matchedAfter = Set<String>()
            for view in before {
                if let other = afterByName[view.qualifiedName], !matchedAfter.contains(view.qualifiedName) {
                    pairs.append((view, other, nil))
                    matchedAfter.insert(view.qualifiedName)
                } else {
                    unmatchedBefore.append(view)
                }
            }
            let unmatchedAfter = after.filter { !matchedAfter.contains($0.qualifiedName) }
            let beforeByBareName = Dictionary(grouping: unmatchedBefore, by: \.name)
            let afterByBareName = Dictionary(grouping: unmatchedAfter, by: \.name)
            for view in unmatchedBefore {
                if beforeByBareName[view.name]?.count == 1, let candidates = afterByBareName[view.name], candidates.count == 1 {
                    pairs.append((view, candidates[0], view.qualifiedName))
                    matchedAfter.insert(candidates[0].qualifiedName)
                } else {
                    removed.append(view.qualifiedName)
                }
            }
            added = after.filter { !matchedAfter.contains($0.qualifiedName) }.map(\.qualifiedName)
        }
    }

    static func compareViews(
        _ before: [ComparedReport.View], _ after: [ComparedReport.View], costModel: CostModel, into diff: inout ReportDiff
    ) {
        let pairing = ViewPairing(before, after)
        var changes: [ReportDiff.ViewChange] = []
        var refactored: [ReportDiff.Refactored] = []
        var secondsSaved = 0.0
        for (old, new, movedFrom) in pairing.pairs {
            let change = viewChange(old, new, movedFrom: movedFrom, costModel: costModel)
            secondsSaved += change.estimatedSecondsSaved
            changes.append(change)
            if old.savings.lines > 0, change.lines < 0 {
                refactored.append(ReportDiff.Refactored(
                    view: new.qualifiedName, estimatedLines: old.savings.lines, estimatedSeconds: old.savings.estimatedSeconds,
                    realisedLines: -change.lines, realisedSeconds: change.estimatedSecondsSaved,
                    realisedFraction: ModuleMetrics.rounded(Double(-change.lines) / Double(old.savings.lines))))
            }
        }
        let shrinking: (ReportDiff.ViewChange, ReportDiff.ViewChange) -> Bool = { ($0.lines, $0.view) < ($1.lines, $1.view) }
        diff.improved = changes.filter { $0.lines < 0 || (!$0.frameworksDropped.isEmpty && $0.lines == 0) }.sorted(by: shrinking)
        diff.regressed = changes.filter { $0.lines > 0 }.sorted { ($0.lines, $1.view) > ($1.lines, $0.view) }
        diff.addedViews = pairing.added.sorted()
        diff.removedViews = pairing.removed.sorted()
        diff.refactored = refactored.sorted { ($0.realisedLines, $1.view) > ($1.realisedLines, $0.view) }
        diff.summary.viewsCompared = pairing.pairs.count
        diff.summary.viewsImproved = diff.improved.count
        diff.summary.viewsRegressed = diff.regressed.count
        diff.summary.viewsAdded = pairing.added.count
        diff.summary.viewsRemoved = pairing.removed.count
        diff.summary.closureLinesBefore = pairing.pairs.reduce(0) { $0 + $1.old.closure.lines }
        diff.summary.closureLinesAfter = pairing.pairs.reduce(0) { $0 + $1.new.closure.lines }
        diff.summary.estimatedSecondsSaved = CostModel.rounded(secondsSaved)
    }

    static func viewChange(
        _ old: ComparedReport.View, _ new: ComparedReport.View, movedFrom: String?, costModel: CostModel
    ) -> ReportDiff.ViewChange {
        let delta = new.closure.lines - old.closure.lines
        // Each side's own estimates when both have them; the line rate for schema 1 reports.
        let saved: Double
        if let oldSeconds = old.estimatedSeconds, let newSeconds = new.estimatedSeconds {
            saved = CostModel.rounded(oldSeconds - newSeconds)
        } else {
            saved = costModel.seconds(lines: -delta)
        }
        let fraction = old.closure.lines == 0 ? (delta > 0 ? 1 : 0) : Double(delta) / Double(old.closure.lines)
        // The platform frameworks every view sees are noise here, as in the analysis.
        let oldFrameworks = Set(old.closure.frameworks).subtracting(ExternalFrameworks.platform)
        let newFrameworks = Set(new.closure.frameworks).subtracting(ExternalFrameworks.platform)
        return ReportDiff.ViewChange(
            view: new.qualifiedName, path: new.path, line: new.line, movedFrom: movedFrom,
            before: size(old.closure), after: size(new.closure), lines: delta,
            fraction: ModuleMetrics.rounded(fraction), estimatedSecondsSaved: saved,
            frameworksDropped: oldFrameworks.subtracting(newFrameworks).sorted(),
            frameworksAdded: newFrameworks.subtracting(oldFrameworks).sorted())
    }

    /// Types by name; those whose rebuilt files changed, largest saving first.
    static func compareRebuilds(_ before: [AnalysisReport.Rebuild], _ after: [AnalysisReport.Rebuild]) -> [ReportDiff.RebuildChange] {
        func estimates(_ rebuilds: [AnalysisReport.Rebuild]) -> [String: AnalysisReport.RebuildEstimate] {
            Dictionary(rebuilds.map { rebuild in
                var estimate = AnalysisReport.RebuildEstimate(files: rebuild.files, estimatedSeconds: rebuild.estimatedSeconds)
                estimate.low = rebuild.low
                estimate.high = rebuild.high
                return (rebuild.type, estimate)
            }, uniquingKeysWith: { first, _ in first })
        }
        let old = estimates(before)
        let new = estimates(after)
        return Set(old.keys).union(new.keys).compactMap { type -> ReportDiff.RebuildChange? in
            guard old[type]?.files != new[type]?.files else { return nil }
            let saved = CostModel.rounded((old[type]?.estimatedSeconds ?? 0) - (new[type]?.estimatedSeconds ?? 0))
            return ReportDiff.RebuildChange(type: type, before: old[type], after: new[type], estimatedSecondsSaved: saved)
        }.sorted { ($0.estimatedSecondsSaved, $1.type) > ($1.estimatedSecondsSaved, $0.type) }
    }

    static func size(_ metrics: ClosureMetrics) -> ReportDiff.Size {
        ReportDiff.Size(lines: metrics.lines, files: metrics.files, modules: metrics.modules)
    }
}
