import FirebreakModel

/// Totals, the largest closures, the largest savings, the rebuilds (first where no cut changes what
/// a build compiles), then the ranked refactor plan.
public struct AnalysisTextReporter: Reporter {
    public static let name = "text"
    public init() {}

    public func render(_ report: AnalysisReport, options: AnalysisRenderOptions) -> String {
        let rebuilds = Figures.savingRebuilds(report, top: options.top)
        let leadsWithRebuilds = Figures.leadsWithRebuilds(report)
        let shared = SharedModule(report)
        var out = header(report)
        if let shared { out += "\n" + shared.sentence(report.costModel) + "\n" }
        if leadsWithRebuilds {
            if !rebuilds.isEmpty { out += rebuildSection(rebuilds) }
            out += viewRebuilds(report, top: options.top)
        }
        out += totals(report, shared: shared)
        out += closureTables(report, top: options.top, showsBuild: shared == nil)
        if !leadsWithRebuilds {
            if !rebuilds.isEmpty { out += rebuildSection(rebuilds) }
            out += viewRebuilds(report, top: options.top)
        }
        out += plan(report, top: options.top)
        let resolution = report.resolution
        out += "\nNames: \(Figures.grouped(resolution.resolved)) resolved, \(Figures.grouped(resolution.external)) from frameworks, "
            + "\(Figures.grouped(resolution.unresolved)) unresolved, \(Figures.grouped(resolution.ambiguous)) ambiguous"
        let unresolved = resolution.topUnresolved.prefix(5).map { "\($0.name) ×\($0.count)" }
        out += unresolved.isEmpty ? "\n" : " (most frequent unresolved: \(unresolved.joined(separator: ", ")))\n"
        return out
    }

    private func header(_ report: AnalysisReport) -> String {
        let summary = report.summary
        return "firebreak analyze: \(Figures.grouped(summary.files)) files, \(Figures.grouped(summary.lines)) lines, "
            + "\(counted(summary.modules, "module")), \(counted(summary.views, "view"))\n"
            + "Estimates: \(Figures.estimates(report.costModel))\n"
            + "Rebuild estimates: \(Figures.rebuildEstimates(report.costModel))\n"
    }

    /// The closures' spread and what the plan removes, each line once: never a sum over views.
    private func totals(_ report: AnalysisReport, shared: SharedModule?) -> String {
        let summary = report.summary
        guard summary.views > 0 else { return "" }
        var out = "\nMedian closure \(Figures.grouped(summary.medianClosureLines)) lines"
        if let largest = summary.largestClosure {
            out += "; largest \(largest.name), \(Figures.grouped(largest.lines)) lines"
        }
        out += ".\n"
        guard summary.viewsWithSavings > 0 else { return out }
        out += Figures.removed(summary)
        if let best = report.views.max(by: { ($0.savings.estimatedSeconds, $1.name) < ($1.savings.estimatedSeconds, $0.name) }),
           best.savings.estimatedSeconds > 0 {
            out += "; the largest cold-build saving is \(best.name)'s, \(Figures.priced(best.savings.estimatedSeconds, best.savings.range, report.costModel.phrase))"
        }
        out += ".\n"
        if summary.estimatedSeconds == 0, shared == nil { out += Figures.sameModuleNote + "\n" }
        return out
    }

    private func closureTables(_ report: AnalysisReport, top: Int, showsBuild: Bool) -> String {
        var out = ""
        let largest = report.views.sorted { ($0.closure.lines, $1.name) > ($1.closure.lines, $0.name) }.prefix(top)
        if !largest.isEmpty {
            out += "\nLargest closures\n"
            out += table(largest.map { view in
                [view.name, "\(view.path):\(view.line)", "\(Figures.grouped(view.closure.lines)) lines",
                 counted(view.closure.files, "file"), counted(view.closure.modules, "module")]
                    + (showsBuild ? ["build \(Figures.priced(view.estimatedSeconds, view.range, report.costModel.phrase))"] : [])
                    + [view.closure.frameworks.joined(separator: ", ")]
            })
        }
        let saving = report.views.filter { $0.savings.lines > 0 || !$0.savings.frameworks.isEmpty }
            .sorted { ($0.savings.lines, $1.name) > ($1.savings.lines, $0.name) }.prefix(top)
        let showsSeconds = saving.contains { $0.savings.estimatedSeconds > 0 }
        if !saving.isEmpty {
            out += "\nLargest savings\n"
            out += table(saving.map { view in
                [view.name, "\(Figures.grouped(view.closure.lines)) → \(Figures.grouped(view.firewalled.lines)) lines",
                 "−\(Figures.percent(view.savings.fraction))", "−\(counted(view.savings.files, "file"))"]
                    + (showsSeconds ? [Figures.priced(view.savings.estimatedSeconds, view.savings.range, report.costModel.phrase)] : [])
                    + [view.savings.frameworks.isEmpty ? "" : "drops \(view.savings.frameworks.joined(separator: ", "))"]
            })
        }
        return out
    }

    /// Per view, the interface edits that recompile it, the costliest first.
    private func viewRebuilds(_ report: AnalysisReport, top: Int) -> String {
        let all = ViewRebuilds(report).rows
        guard !all.isEmpty else { return "" }
        let others = report.views.count - all.count
        return "\nViews recompiled by interface edits (\(CostModel.rebuildPhrase), the costliest edit first)\n"
            + table(all.prefix(top).map { row in
                [row.view, counted(row.edits.count, "edit"), ViewRebuilds.edit(row.worst), ViewRebuilds.others(row)]
            })
            + (all.count > top ? "  and \(all.count - top) more\n" : "")
            + (others > 0 ? "  \(counted(others, "other view")) \(others == 1 ? "is" : "are") recompiled by none of these edits\n" : "")
    }

    private func plan(_ report: AnalysisReport, top: Int) -> String {
        guard !report.plan.isEmpty else {
            return report.summary.views > 0 ? "\nNo view reaches concrete infrastructure from high-level code: nothing to cut.\n" : ""
        }
        var out = "\nRefactor plan (ranked by cold-build seconds where a cut changes the modules a build needs, else by rebuild seconds, else by lines)\n"
        for step in report.plan.prefix(top) {
            out += "  \(step.rank). \(Figures.planLine(step, report.costModel))\n"
            if !step.members.isEmpty { out += "     requirements: \(step.members.joined(separator: ", "))\n" }
            for dependency in step.dependencies.prefix(3) {
                out += "     \(dependency.from) → \(dependency.to) (\(dependency.kind.phrase), \(dependency.path):\(dependency.line))\n"
            }
            if step.dependencies.count > 3 { out += "     and \(step.dependencies.count - 3) more\n" }
        }
        return out
    }

    private func rebuildSection(_ rebuilds: ArraySlice<AnalysisReport.Rebuild>) -> String {
        "\nRebuilds after an interface edit (\(CostModel.rebuildPhrase))\n"
            + rebuilds.map { "  " + Figures.rebuildLine($0) + "\n" }.joined()
    }

    /// Left-aligned columns, two spaces apart, indented.
    private func table(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            "  " + row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }.joined()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
