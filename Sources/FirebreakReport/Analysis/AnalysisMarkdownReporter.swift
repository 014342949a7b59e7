import FirebreakGraph

/// A summary table, the views, and the plan, for a pull-request comment or a wiki page.
public struct AnalysisMarkdownReporter: AnalysisReporter {
    public static let name = "markdown"
    public init() {}

    public func render(_ report: AnalysisReport, options: AnalysisRenderOptions) -> String {
        let summary = report.summary
        var out = "## firebreak analyze\n\n"
        out += "| files | lines | modules | views | median closure | lines saved by firewalls | estimated time |\n"
        out += "|---:|---:|---:|---:|---:|---:|---:|\n"
        out += "| \(Figures.grouped(summary.files)) | \(Figures.grouped(summary.lines)) | \(summary.modules) | \(summary.views) "
            + "| \(Figures.grouped(summary.medianClosureLines)) lines | \(Figures.grouped(summary.linesSaved)) "
            + "| ≈\(Figures.seconds(summary.estimatedSeconds)) |\n\n"
        out += "Estimates: \(escape(Figures.estimates(report.costModel))).\n"
        if summary.linesSaved > 0, summary.estimatedSeconds == 0 { out += "\n" + escape(Figures.sameModuleNote) + "\n" }
        let views = report.views.sorted { ($0.savings.lines, $0.closure.lines, $1.name) > ($1.savings.lines, $1.closure.lines, $0.name) }
        if !views.isEmpty {
            out += "\n### Views\n\n| view | closure | firewalled | saved | estimated | frameworks dropped |\n|---|---:|---:|---:|---:|---|\n"
            for view in views.prefix(options.top) {
                out += "| `\(escape(view.name))` | \(Figures.grouped(view.closure.lines)) lines, \(view.closure.files) files "
                    + "| \(Figures.grouped(view.firewalled.lines)) lines | \(Figures.percent(view.savings.fraction)) "
                    + "| ≈\(Figures.seconds(view.savings.estimatedSeconds)) | \(escape(view.savings.frameworks.joined(separator: ", "))) |\n"
            }
        }
        if !report.plan.isEmpty {
            out += "\n### Refactor plan\n\n"
            for step in report.plan.prefix(options.top) {
                out += "\(step.rank). \(escape(Figures.planLine(step)))\n"
            }
        }
        return out
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
