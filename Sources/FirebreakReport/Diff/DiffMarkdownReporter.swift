import FirebreakDiff
import FirebreakModel

/// The diff as a pull-request comment: the summary table first, every list folded below it.
public struct DiffMarkdownReporter: Reporter {
    public static let name = "markdown"
    public init() {}

    public func render(_ diff: ReportDiff, options: DiffRenderOptions) -> String {
        let summary = diff.summary
        var out = "## firebreak diff\n\n"
        let failed = diff.checks.filter(\.failed)
        if !diff.checks.isEmpty {
            out += failed.isEmpty
                ? "**Checks passed:** \(diff.checks.map { "`\($0.condition)`" }.joined(separator: ", "))\n\n"
                : "**Checks failed:** " + failed.map { "`\($0.condition)` (\(escape($0.detail)))" }.joined(separator: "; ") + "\n\n"
        }
        out += "| | fixed | new | unchanged |\n|---|---:|---:|---:|\n"
        out += "| findings | \(summary.fixedFindings) | \(summary.newFindings) | \(summary.unchangedFindings) |\n"
        if let costModel = diff.costModel {
            out += "\n| views smaller | views larger | views added / removed | closures summed over views | estimated time (\(costModel.phrase)) |\n"
            out += "|---:|---:|---:|---:|---:|\n"
            out += "| \(summary.viewsImproved) | \(summary.viewsRegressed) | \(summary.viewsAdded) / \(summary.viewsRemoved) "
                + "| \(DiffFigures.totalLines(summary)) | ≈\(DiffFigures.seconds(summary.estimatedSecondsSaved, summary.low, summary.high)) |\n\n"
            out += "Seconds are \(escape(DiffFigures.costModel(costModel))).\n"
        }

        out += folded("Fixed findings", diff.fixed, top: options.top, header: "| file | rule | symbol |\n|---|---|---|") { finding in
            "| \(code(DiffFigures.location(finding))) | \(finding.rule) | \(code(finding.symbol)) |"
        }
        out += folded("New findings", diff.new, top: options.top, header: "| file | rule | symbol | message |\n|---|---|---|---|") { finding in
            "| \(code(DiffFigures.location(finding))) | \(finding.rule) | \(code(finding.symbol)) | \(escape(finding.message)) |"
        }
        out += folded("Moved findings", diff.moved, top: options.top, header: "| from | to | rule | symbol |\n|---|---|---|---|") { moved in
            "| \(code(moved.from)) | \(code(moved.to)) | \(moved.rule) | \(code(moved.symbol)) |"
        }
        if diff.costModel != nil {
            let viewHeader = "| view | closure | files | modules | estimated time | frameworks |\n|---|---:|---:|---:|---:|---|"
            let phrase = diff.costModel?.phrase ?? ""
            out += folded("Smaller closures", diff.improved, top: options.top, header: viewHeader) { viewRow($0, phrase: phrase) }
            out += folded("Larger closures", diff.regressed, top: options.top, header: viewHeader) { viewRow($0, phrase: phrase) }
            out += folded("Views added or removed", diff.addedViews.map { ("added", $0) } + diff.removedViews.map { ("removed", $0) },
                          top: options.top, header: "| view | |\n|---|---|") { "| \(code($0.1)) | \($0.0) |" }
            out += folded("Refactored views: estimated vs realised", diff.refactored, top: options.top,
                          header: "| view | estimated | realised | of estimate |\n|---|---:|---:|---:|") { item in
                "| \(code(item.view)) | −\(Figures.grouped(item.estimatedLines)) lines, \(Figures.estimate(item.estimatedSeconds, SecondsRange(item.low, item.high))), \(phrase) "
                    + "| −\(Figures.grouped(item.realisedLines)) lines, \(Figures.estimate(item.realisedSeconds, SecondsRange(item.realisedLow, item.realisedHigh))), \(phrase) | \(Figures.percent(item.realisedFraction)) |"
            }
        }
        if let rebuilds = diff.rebuilds {
            out += folded("Rebuilds after an interface edit (\(CostModel.rebuildPhrase))", rebuilds, top: options.top,
                          header: "| type | files and seconds per edit |\n|---|---|") { "| \(code($0.type)) | \(escape(DiffFigures.rebuild($0))) |" }
        }
        out += "\n<sub>before: \(escape(DiffFigures.side(diff.before))); after: \(escape(DiffFigures.side(diff.after)))</sub>\n"
        return out
    }

    private func viewRow(_ change: ReportDiff.ViewChange, phrase: String) -> String {
        var frameworks: [String] = []
        if !change.frameworksDropped.isEmpty { frameworks.append("drops " + change.frameworksDropped.joined(separator: ", ")) }
        if !change.frameworksAdded.isEmpty { frameworks.append("adds " + change.frameworksAdded.joined(separator: ", ")) }
        return "| \(code(change.view)) | \(escape(DiffFigures.change(change))) | \(change.before.files) → \(change.after.files) "
            + "| \(change.before.modules) → \(change.after.modules) | ≈\(DiffFigures.seconds(change.estimatedSecondsSaved, change.low, change.high)), \(phrase) | \(escape(frameworks.joined(separator: "; "))) |"
    }

    private func folded<Item>(_ title: String, _ items: [Item], top: Int, header: String, _ row: (Item) -> String) -> String {
        guard !items.isEmpty else { return "" }
        var out = "\n<details><summary>\(title) (\(items.count))</summary>\n\n\(header)\n"
        for item in items.prefix(top) { out += row(item) + "\n" }
        if items.count > top { out += "\n… and \(items.count - top) more.\n" }
        return out + "\n</details>\n"
    }

    private func code(_ text: String) -> String { MarkdownText.code(text) }

    private func escape(_ text: String) -> String { MarkdownText.text(text) }
}
