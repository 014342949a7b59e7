import FirebreakModel

/// A summary table, the views, and the plan, for a pull-request comment or a wiki page.
public struct AnalysisMarkdownReporter: Reporter {
    public static let name = "markdown"
    public init() {}

    public func render(_ report: AnalysisReport, options: AnalysisRenderOptions) -> String {
        let summary = report.summary
        var out = "## firebreak analyze\n\n"
        let rebuilds = Figures.savingRebuilds(report, top: options.top)
        let leadsWithRebuilds = Figures.leadsWithRebuilds(report)
        if leadsWithRebuilds, !rebuilds.isEmpty { out += rebuildSection(rebuilds) + "\n" }
        out += "| files | lines | modules | views | median closure | lines the cuts remove (each once) | files |\n"
        out += "|---:|---:|---:|---:|---:|---:|---:|\n"
        out += "| \(Figures.grouped(summary.files)) | \(Figures.grouped(summary.lines)) | \(summary.modules) | \(summary.views) "
            + "| \(Figures.grouped(summary.medianClosureLines)) lines | \(Figures.grouped(summary.distinctLinesRemoved)) "
            + "| \(Figures.grouped(summary.distinctFilesRemoved)) |\n\n"
        out += "Estimates: \(escape(Figures.estimates(report.costModel))).\n"
        out += "Rebuild estimates: \(escape(Figures.rebuildEstimates(report.costModel))).\n"
        if let shared = SharedModule(report) {
            out += "\n" + escape(shared.sentence(report.costModel)) + "\n"
        } else if summary.linesSaved > 0, summary.estimatedSeconds == 0 {
            out += "\n" + escape(Figures.sameModuleNote) + "\n"
        }
        let views = report.views.sorted { ($0.savings.lines, $0.closure.lines, $1.name) > ($1.savings.lines, $1.closure.lines, $0.name) }
        let viewRebuilds = ViewRebuilds(report).byView
        if !views.isEmpty {
            out += "\n### Views\n\n| view | closure | firewalled | saved | cold build saved | recompiled by interface edits of (the costliest first) | frameworks dropped |\n|---|---:|---:|---:|---:|---|---|\n"
            for view in views.prefix(options.top) {
                out += "| \(MarkdownText.code(view.name)) | \(Figures.grouped(view.closure.lines)) lines, \(view.closure.files) files "
                    + "| \(Figures.grouped(view.firewalled.lines)) lines | \(Figures.percent(view.savings.fraction)) "
                    + "| \(Figures.priced(view.savings.estimatedSeconds, view.savings.range, report.costModel.phrase)) "
                    + "| \(escape(ViewRebuilds.described(viewRebuilds[view.name]))) "
                    + "| \(escape(view.savings.frameworks.joined(separator: ", "))) |\n"
            }
        }
        if !leadsWithRebuilds, !rebuilds.isEmpty { out += "\n" + rebuildSection(rebuilds) }
        if !report.plan.isEmpty {
            out += "\n### Refactor plan\n\nRanked by cold-build seconds where a cut changes the modules a build needs, else by rebuild seconds, else by lines.\n\n"
            for step in report.plan.prefix(options.top) {
                out += "\(step.rank). \(escape(Figures.planLine(step, report.costModel)))\n"
            }
        }
        return out
    }

    private func rebuildSection(_ rebuilds: ArraySlice<AnalysisReport.Rebuild>) -> String {
        "### Rebuilds after an interface edit (\(CostModel.rebuildPhrase))\n\n"
            + rebuilds.map { "- " + escape(Figures.rebuildLine($0)) + "\n" }.joined()
    }

    private func escape(_ text: String) -> String { MarkdownText.text(text) }
}
