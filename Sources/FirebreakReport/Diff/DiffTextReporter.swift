import FirebreakDiff
import FirebreakModel

/// The diff for a terminal: summary first, then findings, views, refactored views and checks.
public struct DiffTextReporter: Reporter {
    public static let name = "text"
    public init() {}

    public func render(_ diff: ReportDiff, options: DiffRenderOptions) -> String {
        let summary = diff.summary
        var out = "firebreak diff\n"
        out += "  before: \(DiffFigures.side(diff.before))\n"
        out += "  after:  \(DiffFigures.side(diff.after))\n\n"
        out += "Findings: \(DiffFigures.findings(summary))\n"
        if let costModel = diff.costModel {
            out += "Views: \(DiffFigures.views(summary))\n"
            out += "Closures summed over views: \(DiffFigures.totalLines(summary))\n"
            out += "Estimated time: \(DiffFigures.seconds(summary.estimatedSecondsSaved, summary.low, summary.high)); seconds are \(DiffFigures.costModel(costModel))\n"
        }

        out += section("Fixed findings", diff.fixed, top: options.top) { finding in
            "\(DiffFigures.location(finding))  \(finding.rule)  \(finding.symbol)"
        }
        out += section("New findings", diff.new, top: options.top) { finding in
            "\(DiffFigures.location(finding))  \(finding.rule)  \(finding.symbol): \(finding.message)"
        }
        out += section("Moved findings", diff.moved, top: options.top) { moved in
            "\(moved.from) → \(moved.to)  \(moved.rule)  \(moved.symbol)"
        }
        if diff.costModel != nil {
            let phrase = diff.costModel?.phrase ?? ""
            out += section("Smaller closures, largest change first", diff.improved, top: options.top) { viewLine($0, phrase: phrase) }
            out += section("Larger closures, largest change first", diff.regressed, top: options.top) { viewLine($0, phrase: phrase) }
            out += section("Views added", diff.addedViews, top: options.top) { $0 }
            out += section("Views removed", diff.removedViews, top: options.top) { $0 }
            out += section("Refactored views: estimated before, realised after", diff.refactored, top: options.top) { item in
                "\(item.view): estimated −\(Figures.grouped(item.estimatedLines)) lines (\(Figures.estimate(item.estimatedSeconds, SecondsRange(item.low, item.high))), \(phrase)), "
                    + "realised −\(Figures.grouped(item.realisedLines)) lines (\(Figures.estimate(item.realisedSeconds, SecondsRange(item.realisedLow, item.realisedHigh))), \(phrase)), "
                    + "\(Figures.percent(item.realisedFraction)) of the estimate"
            }
        }
        if let rebuilds = diff.rebuilds {
            out += section("Rebuilds after an interface edit (\(CostModel.rebuildPhrase))", rebuilds, top: options.top) {
                "\($0.type): \(DiffFigures.rebuild($0))"
            }
        }
        if !diff.checks.isEmpty {
            out += "\nChecks\n"
            for check in diff.checks {
                out += "  \(check.failed ? "FAILED" : "passed")  \(check.condition): \(check.detail)\n"
            }
        }
        return out
    }

    private func viewLine(_ change: ReportDiff.ViewChange, phrase: String) -> String {
        var text = "\(change.view): \(DiffFigures.change(change)), files \(change.before.files) → \(change.after.files), "
            + "modules \(change.before.modules) → \(change.after.modules), ≈\(DiffFigures.seconds(change.estimatedSecondsSaved, change.low, change.high)) (\(phrase))"
        if !change.frameworksDropped.isEmpty { text += "; drops \(change.frameworksDropped.joined(separator: ", "))" }
        if !change.frameworksAdded.isEmpty { text += "; now reaches \(change.frameworksAdded.joined(separator: ", "))" }
        if let movedFrom = change.movedFrom { text += " (was \(movedFrom))" }
        return text
    }

    private func section<Item>(_ title: String, _ items: [Item], top: Int, _ line: (Item) -> String) -> String {
        guard !items.isEmpty else { return "" }
        var out = "\n\(title) (\(items.count))\n"
        for item in items.prefix(top) { out += "  \(line(item))\n" }
        if items.count > top { out += "  … and \(items.count - top) more (--top, or --format json for all)\n" }
        return out
    }
}
