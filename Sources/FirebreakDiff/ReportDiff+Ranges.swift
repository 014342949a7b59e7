import FirebreakModel

/// Gives every seconds figure of a diff its range, by the after report's cost model (the model
/// the figures were priced with); a diff of lint reports has no seconds and no ranges.
extension ReportDiff {
    func withRanges() -> ReportDiff {
        guard let costModel else { return self }
        let cold = ErrorBand.of(.coldSaving, costModel)
        let rebuild = ErrorBand.of(.rebuild, costModel)
        let rebuildSaving = ErrorBand.of(.rebuildSaving, costModel)
        var diff = self
        (diff.summary.low, diff.summary.high) = Self.bounds(cold.signedRange(of: summary.estimatedSecondsSaved))
        diff.improved = improved.map { Self.ranged($0, cold) }
        diff.regressed = regressed.map { Self.ranged($0, cold) }
        diff.refactored = refactored.map { item in
            var item = item
            (item.low, item.high) = Self.bounds(cold.range(of: item.estimatedSeconds))
            (item.realisedLow, item.realisedHigh) = Self.bounds(cold.signedRange(of: item.realisedSeconds))
            return item
        }
        diff.rebuilds = rebuilds?.map { change in
            var change = change
            (change.low, change.high) = Self.bounds(rebuildSaving.signedRange(of: change.estimatedSecondsSaved))
            for side in [\RebuildChange.before, \RebuildChange.after] {
                guard var estimate = change[keyPath: side], estimate.low == nil else { continue }
                (estimate.low, estimate.high) = Self.bounds(rebuild.range(of: estimate.estimatedSeconds))
                change[keyPath: side] = estimate
            }
            return change
        }
        return diff
    }

    private static func ranged(_ change: ViewChange, _ band: ErrorBand) -> ViewChange {
        var change = change
        (change.low, change.high) = bounds(band.signedRange(of: change.estimatedSecondsSaved))
        return change
    }

    private static func bounds(_ range: SecondsRange?) -> (Double?, Double?) {
        (range?.low, range?.high)
    }
}
