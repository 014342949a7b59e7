import FirebreakModel

public struct AnalysisRenderOptions: Sendable {
    /// How many views and plan steps the human-readable formats list.
    public var top: Int
    /// Drawings of views' closures as SVG markup, by view name, for the HTML page to inline.
    public var diagrams: [String: String]

    public init(top: Int = 10, diagrams: [String: String] = [:]) {
        self.top = top
        self.diagrams = diagrams
    }
}

/// Number formatting shared by the analysis formats: `4,100`, `75%`, `2.05 s`.
enum Figures {
    static func grouped(_ value: Int) -> String { Grouping.grouped(value) }

    static func percent(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded()))%"
    }

    /// What the seconds in a report are and where they come from.
    static func estimates(_ model: CostModel) -> String {
        "\(model.unit); \(source(model))"
    }

    /// "calibration: cal.json", or the reference's source alone, which says "reference" itself.
    static func source(_ model: CostModel) -> String {
        model.source.hasPrefix(model.mode.rawValue) ? model.source : "\(model.mode.rawValue): \(model.source)"
    }

    /// The same for rebuild figures: the reference rebuild fit, or a calibration's.
    static func rebuildEstimates(_ model: CostModel) -> String {
        "\(CostModel.rebuildUnit); \(model.rebuildSource)"
    }

    /// Rebuilds lead where no cut changes the modules a build needs (one-module apps): there the
    /// cost a developer feels is the rebuild after an edit.
    static func leadsWithRebuilds(_ report: AnalysisReport) -> Bool {
        !report.rebuilds.isEmpty && (report.summary.modules == 1 || report.summary.estimatedSeconds == 0)
    }

    /// "an interface edit of APIClient rebuilds 43 files (≈9.10 s, 4.0 to 16.4 s); behind a protocol,
    /// 2 files (≈1.10 s, 0.40 to 2.0 s)". With `analyze --measured`: "… (≈9.10 s, 4.0 to 16.4 s;
    /// measured 41 files, 8.71 s); behind a protocol, …".
    static func rebuildLine(_ rebuild: AnalysisReport.Rebuild) -> String {
        let measured = rebuild.measured
        return "an interface edit of \(rebuild.type) rebuilds \(files(rebuild.files)) (\(estimate(rebuild.estimatedSeconds, rebuild.range))"
            + (measured.map { "; measured " + measuredFigure($0.files, $0.seconds) } ?? "") + "); "
            + "behind a protocol, \(files(rebuild.firewalled.files)) (\(estimate(rebuild.firewalled.estimatedSeconds, rebuild.firewalled.range))"
            + (measured?.firewalledSeconds.map { "; measured " + measuredFigure(measured?.firewalledFiles, $0) } ?? "") + ")"
    }

    static func measuredFigure(_ fileCount: Int?, _ value: Double) -> String {
        (fileCount.map { files($0) + ", " } ?? "") + seconds(value)
    }

    /// Rebuilds with a saving, largest first, at most `top`.
    static func savingRebuilds(_ report: AnalysisReport, top: Int) -> ArraySlice<AnalysisReport.Rebuild> {
        report.rebuilds.filter { $0.files > $0.firewalled.files }.prefix(top)
    }

    static func files(_ count: Int) -> String { "\(grouped(count)) file\(count == 1 ? "" : "s")" }

    /// "≈2.10 s, 1.1 to 3.8 s, incremental rebuild": a figure with its range and the model that
    /// produced it.
    static func priced(_ value: Double, _ range: SecondsRange?, _ phrase: String) -> String {
        estimate(value, range) + ", \(phrase)"
    }

    /// "≈2.10 s, 1.1 to 3.8 s": an estimate and the range its measurement is expected in.
    static func estimate(_ value: Double, _ range: SecondsRange?) -> String {
        "≈\(seconds(value))" + (range.map { ", " + rangeFigure($0) } ?? "")
    }

    /// "1.1 to 3.8 s", "0 to 0.75 s": tenths from a second up, hundredths below, rounded outward.
    static func rangeFigure(_ range: SecondsRange) -> String {
        "\(bound(range.low, .down)) to \(bound(range.high, .up)) s"
    }

    private static func bound(_ value: Double, _ rule: FloatingPointRoundingRule) -> String {
        let scale = abs(value) >= 1 ? 10.0 : 100.0
        let rounded = (value * scale).rounded(rule) / scale
        if rounded == 0 { return "0" }
        let digits = scale == 10 ? String(format: "%.1f", abs(rounded)) : String(format: "%.2f", abs(rounded))
        return rounded < 0 ? "−" + digits : digits
    }

    static let sameModuleNote = "No build seconds saved: each view shares a module with the code the cuts remove, so a protocol "
        + "alone does not shorten its build (it does stop edits there from invalidating the view). Moving that code into "
        + "a module of its own turns these lines into seconds; see docs/closure-model.md."

    static func seconds(_ value: Double) -> String {
        if value < 0 { return "−" + seconds(-value) }
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// "2,345 lines in 31 files, each counted once, leave the closures of 17 views"
    static func removed(_ summary: AnalysisReport.Summary) -> String {
        "The plan's cuts take \(grouped(summary.distinctLinesRemoved)) lines in \(files(summary.distinctFilesRemoved)) out of the closures of "
            + "\(summary.viewsWithSavings) view\(summary.viewsWithSavings == 1 ? "" : "s") (each line counted once, however many views lose it)"
    }

    /// "−4,100 lines from 12 views"
    static func planLine(_ step: AnalysisReport.PlanStep, _ model: CostModel) -> String {
        let users = step.usedBy.count <= 3
            ? step.usedBy.joined(separator: ", ")
            : step.usedBy.prefix(3).joined(separator: ", ") + " and \(step.usedBy.count - 3) more"
        let views = "\(step.views) view\(step.views == 1 ? "" : "s")"
        let action = step.framework == nil
            ? step.existingProtocol.map { "inject the existing \($0) instead of \(step.target) in \(users)" }
                ?? "extract a protocol for \(step.target) used by \(users)"
            : "wrap \(step.target) (\(step.types.map { $0.split(separator: ".").last.map(String.init) ?? $0 }.joined(separator: ", "))) "
                + "behind a protocol used by \(users)"
        var effects: [String] = []
        if step.lines > 0 { effects.append("−\(grouped(step.distinctLines)) lines from the closures of \(views)") }
        if !step.frameworks.isEmpty {
            effects.append("drops \(step.frameworks.joined(separator: ", "))" + (step.lines > 0 ? "" : " from \(views)"))
        }
        let figure = step.rankedBy == .rebuild
            ? priced(step.rebuildSeconds, step.rebuildRange, CostModel.rebuildPhrase + " per interface edit")
            : priced(step.estimatedSeconds, step.range, model.phrase)
        return "\(action): \(effects.joined(separator: ", ")) (\(figure))"
    }
}
