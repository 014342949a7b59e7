/// Gives every seconds figure of a report its range: the band of its kind of figure and of the
/// coefficients that priced it, around the estimate (`ErrorBand`).
extension AnalysisReport {
    public func withRanges() -> AnalysisReport {
        var report = self
        let bands = Bands(costModel)
        report.summary.setRange(bands.coldSaving.range(of: summary.estimatedSeconds))
        report.views = views.map { bands.ranged($0) }
        report.plan = plan.map { step in
            var step = step
            step.setRange(bands.coldSaving.range(of: step.estimatedSeconds))
            step.setRebuildRange(bands.rebuildSaving.range(of: step.rebuildSeconds))
            return step
        }
        report.rebuilds = rebuilds.map { rebuild in
            var rebuild = rebuild
            rebuild.setRange(bands.rebuild.range(of: rebuild.estimatedSeconds))
            rebuild.firewalled.setRange(bands.rebuild.range(of: rebuild.firewalled.estimatedSeconds))
            return rebuild
        }
        return report
    }

    private struct Bands {
        let coldBuild, coldSaving, rebuild, rebuildSaving: ErrorBand

        init(_ model: CostModel) {
            coldBuild = .of(.coldBuild, model)
            coldSaving = .of(.coldSaving, model)
            rebuild = .of(.rebuild, model)
            rebuildSaving = .of(.rebuildSaving, model)
        }

        func ranged(_ view: View) -> View {
            var view = view
            view.setRange(coldBuild.range(of: view.estimatedSeconds))
            view.savings.setRange(coldSaving.range(of: view.savings.estimatedSeconds))
            view.cuts = view.cuts.map { cut in
                var cut = cut
                cut.setRange(coldSaving.range(of: cut.estimatedSeconds))
                cut.setRebuildRange(rebuildSaving.range(of: cut.rebuildSeconds))
                return cut
            }
            return view
        }
    }
}

/// A report value with `low`/`high` beside its `estimatedSeconds`.
public protocol SecondsRanged {
    var low: Double? { get set }
    var high: Double? { get set }
}

extension SecondsRanged {
    public var range: SecondsRange? { SecondsRange(low, high) }

    mutating func setRange(_ range: SecondsRange?) {
        low = range?.low
        high = range?.high
    }
}

/// A report value with `rebuildLow`/`rebuildHigh` beside its `rebuildSeconds`.
public protocol RebuildSecondsRanged {
    var rebuildLow: Double? { get set }
    var rebuildHigh: Double? { get set }
}

extension RebuildSecondsRanged {
    public var rebuildRange: SecondsRange? { SecondsRange(rebuildLow, rebuildHigh) }

    mutating func setRebuildRange(_ range: SecondsRange?) {
        rebuildLow = range?.low
        rebuildHigh = range?.high
    }
}

extension AnalysisReport.Summary: SecondsRanged {}
extension AnalysisReport.View: SecondsRanged {}
extension AnalysisReport.Savings: SecondsRanged {}
extension AnalysisReport.ViewCut: SecondsRanged, RebuildSecondsRanged {}
extension AnalysisReport.PlanStep: SecondsRanged, RebuildSecondsRanged {}
extension AnalysisReport.Rebuild: SecondsRanged {}
extension AnalysisReport.RebuildEstimate: SecondsRanged {}
