import FirebreakDiff
import FirebreakFix
import FirebreakModel

/// What `fix` tells the user besides the diff: how many findings it fixed, which types it left
/// and why, and what is left to do by hand.
enum FixSummary {
    /// The dry run's last line: the views' closures after the rewrite, as `diff` will count them.
    static func closureEffect(_ summary: ReportDiff.Summary?) -> String {
        guard let summary, summary.viewsCompared > 0 else { return "" }
        let unchanged = summary.viewsCompared - summary.viewsImproved - summary.viewsRegressed
        let delta = summary.closureLinesAfter - summary.closureLinesBefore
        return "view closures after the fix: \(summary.viewsImproved) smaller, \(summary.viewsRegressed) larger, \(unchanged) unchanged "
            + "(lines summed over views \(delta > 0 ? "+" : delta < 0 ? "−" : "±")\(Grouping.grouped(abs(delta))))\n"
            + (summary.viewsRegressed > 0 ? "note: --shrink-only keeps only the fixes after which no view's closure is larger\n" : "")
    }

    static func render(_ plan: FixPlan, applied: Bool) -> String {
        let total = plan.fixedFindings + plan.refusedFindings
        guard total > 0 else {
            let other = plan.otherFindings.values.reduce(0, +)
            return "firebreak fix: nothing to fix" + (other > 0 ? " (\(other) findings of rules fix does not rewrite)" : "") + "\n"
        }
        let verb = applied ? "fixed" : "would fix"
        let rules = plan.rules.contains("concrete-default-argument")
            ? "singleton-access, concrete-instantiation and concrete-default-argument" : "singleton-access and concrete-instantiation"
        var text = "firebreak fix: \(verb) \(plan.fixedFindings) of \(total) \(rules) findings"
        text += " in \(plan.fixed.count) type\(plan.fixed.count == 1 ? "" : "s") (\(plan.changes.count) file\(plan.changes.count == 1 ? "" : "s"))\n"
        for type in plan.fixed.sorted(by: { $0.type < $1.type }) {
            guard type.movedDefaults.isEmpty else {
                let moved = type.defaultsContainer.map { "the call sites and \($0)" } ?? "the call sites"
                let defaults = "the default\(type.movedDefaults.count == 1 ? "" : "s") of \(type.movedDefaults.joined(separator: ", ")) moved to \(moved)"
                text += "  \(type.type): \(type.protocols.isEmpty ? defaults : "\(type.protocols.joined(separator: ", ")) through init, \(defaults)")\n"
                continue
            }
            let what = type.protocols.isEmpty ? "a Dependencies struct of closures" : type.protocols.joined(separator: ", ")
            text += "  \(type.type): \(what) \(type.fromEnvironment ? "from the environment" : "through init")\n"
        }
        if !plan.refused.isEmpty {
            text += "not fixed (\(plan.refusedFindings) finding\(plan.refusedFindings == 1 ? "" : "s")):\n"
            for refusal in plan.refused.sorted(by: { ($0.type, $0.dependency ?? "", $0.reason) < ($1.type, $1.dependency ?? "", $1.reason) }) {
                // A dependency left while the type's others are fixed: the type, then what it keeps reading.
                text += "  \(refusal.type)\(refusal.dependency.map { " → \($0)" } ?? "") (\(refusal.findings)): \(refusal.reason)\n"
            }
        }
        for note in Set(plan.notes).sorted() {
            text += "note: \(note)\n"
        }
        let other = plan.otherFindings.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        if !other.isEmpty { text += "not rewritten by fix: \(other.joined(separator: ", "))\n" }
        return text
    }
}
