import FirebreakDiff
import FirebreakModel

public struct DiffRenderOptions: Sendable {
    /// How many views and findings of each kind the human-readable formats list.
    public var top: Int
    /// Before/after drawings of views as SVG markup, by view name, for the HTML page to inline.
    public var diagrams: [String: String]

    public init(top: Int = 10, diagrams: [String: String] = [:]) {
        self.top = top
        self.diagrams = diagrams
    }
}

/// Wording shared by the diff formats.
enum DiffFigures {

    /// `73 → 35 lines (−38, −52%)`
    static func change(_ change: ReportDiff.ViewChange) -> String {
        "\(Figures.grouped(change.before.lines)) → \(Figures.grouped(change.after.lines)) lines (\(signed(change.lines)), \(signedPercent(change.fraction)))"
    }

    static func signed(_ value: Int) -> String {
        value > 0 ? "+" + Figures.grouped(value) : value < 0 ? "−" + Figures.grouped(-value) : "±0"
    }

    static func signedPercent(_ fraction: Double) -> String {
        let percent = Int((fraction * 100).rounded())
        return percent > 0 ? "+\(percent)%" : percent < 0 ? "−\(-percent)%" : "±0%"
    }

    static func findings(_ summary: ReportDiff.Summary) -> String {
        var text = "\(summary.fixedFindings) fixed, \(summary.newFindings) new, \(summary.unchangedFindings) unchanged"
        if summary.movedFindings > 0 { text += " (\(summary.movedFindings) moved)" }
        return text
    }

    static func views(_ summary: ReportDiff.Summary) -> String {
        "\(summary.viewsImproved) smaller, \(summary.viewsRegressed) larger, \(summary.viewsCompared - summary.viewsImproved - summary.viewsRegressed) unchanged, "
            + "\(summary.viewsAdded) added, \(summary.viewsRemoved) removed"
    }

    static func totalLines(_ summary: ReportDiff.Summary) -> String {
        let delta = summary.closureLinesAfter - summary.closureLinesBefore
        let fraction = summary.closureLinesBefore == 0 ? 0 : Double(delta) / Double(summary.closureLinesBefore)
        return "\(Figures.grouped(summary.closureLinesBefore)) → \(Figures.grouped(summary.closureLinesAfter)) lines (\(signed(delta)), \(signedPercent(fraction)))"
    }

    /// "2.05 s saved, 0.92 to 4.3 s" or "0.40 s more, 0.10 to 1.0 s"; without a range, the figure alone.
    static func seconds(_ saved: Double, _ low: Double? = nil, _ high: Double? = nil) -> String {
        let range = SecondsRange(low, high).map { saved < 0 ? SecondsRange(low: -$0.high, high: -$0.low) : $0 }
        let figure = saved < 0 ? "\(Figures.seconds(-saved)) more" : "\(Figures.seconds(saved)) saved"
        return figure + (range.map { ", " + Figures.rangeFigure($0) } ?? "")
    }

    static func costModel(_ model: CostModel) -> String {
        if model.mode == .lineRate {
            return "\(model.secondsPerKloc ?? CostModel.defaultSecondsPerKloc) seconds per 1,000 closure lines, summed over views (\(model.source))"
        }
        return "\(model.unit), before minus after, summed over views (\(Figures.source(model)))"
    }

    /// "43 files (≈9.10 s, 4.0 to 16.4 s) → 2 files (≈1.10 s, 0.40 to 2.0 s), 8.00 s saved, 3.6 to 14.4 s per edit";
    /// a side without the type says why.
    static func rebuild(_ change: ReportDiff.RebuildChange) -> String {
        func part(_ estimate: AnalysisReport.RebuildEstimate) -> String {
            "\(Figures.grouped(estimate.files)) file\(estimate.files == 1 ? "" : "s") (\(Figures.estimate(estimate.estimatedSeconds, estimate.range)))"
        }
        switch (change.before, change.after) {
        case let (before?, after?):
            return "\(part(before)) → \(part(after)), \(seconds(change.estimatedSecondsSaved, change.low, change.high)) per edit"
        case let (before?, nil):
            return "\(part(before)) → no high-level code names it any more"
        case let (nil, after?):
            return "newly named by high-level code: \(part(after))"
        case (nil, nil):
            return ""
        }
    }

    static func side(_ side: ReportDiff.Side) -> String {
        "\(side.file) (\(side.kind.rawValue), firebreak \(side.toolVersion)\(side.schemaVersion < 2 ? ", schema v\(side.schemaVersion) migrated" : ""))"
    }

    static func location(_ finding: ComparedReport.Finding) -> String {
        "\(finding.path):\(finding.line)"
    }
}
