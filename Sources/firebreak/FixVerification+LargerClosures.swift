import FirebreakAnalysis
import FirebreakFix
import FirebreakModel

/// `fix --shrink-only`: a cut takes code out of a view's closure. A fix that leaves the concrete
/// type in a view's closure (another path still reaches it, or it is a platform type, which has no
/// lines of its own) only adds its injection there (a stored property, an init, an adapter, a
/// double): the view gets larger in lines, and the fix is refused.
extension FixVerification {
    /// Views whose closure has more lines after the rewrite than before, each blamed on the fixes
    /// that wrote into it without taking their concrete type out of it.
    func largerClosures(_ plan: FixPlan, _ closures: (before: ViewClosureSizes, after: ViewClosureSizes), before: Pipeline.Prepared) -> [Failure] {
        let concretes = Self.concretes(plan, before.lint.report.findings)
        var failures: [Failure] = []
        for (name, view) in closures.after.views.sorted(by: { $0.key < $1.key }) {
            guard let old = closures.before.views[name], view.lines > old.lines else { continue }
            let added = closures.after.linesByDeclaration(view), had = closures.before.linesByDeclaration(old)
            let hadNames = closures.before.namesWithCode(old), hasNames = closures.after.namesWithCode(view)
            let growing = plan.fixed.filter { fixed in
                added.contains { key, lines in fixed.files.contains(key.path) && lines > had[key, default: 0] }
            }
            // One protocol, key and double serve every reader of a concrete type: they reach the
            // view through the rewritten types in it, or through the concrete type's conformance.
            // The fixes of the types in the view are blamed first.
            let inView = growing.filter { hasNames.contains($0.type.lastNameComponent) }
            let touching = inView.isEmpty ? growing : inView
            // A fix whose concrete type left the view is what shrinks it: the others are to blame.
            let idle = touching.filter { fixed in !concretes[fixed.type, default: []].contains { hadNames.contains($0) && !hasNames.contains($0) } }
            let blamed = idle.isEmpty ? touching : idle
            let blamedConcretes = Set(blamed.flatMap { concretes[$0.type, default: []] })
            var why = Self.reason(blamedConcretes, shrinking: idle.isEmpty, had: hadNames, has: hasNames)
            if !idle.isEmpty, let first = blamedConcretes.filter(hasNames.contains).min(), let keeper = closures.after.keeper(of: first, in: view) {
                why += " (\(keeper) names \(first))"
            }
            failures.append(Failure(owners: blamed.map(\.type).sorted(),
                                    check: "--shrink-only: \(name)'s closure would grow from \(Grouping.grouped(old.lines)) to \(Grouping.grouped(view.lines)) lines\(why)",
                                    site: name))
        }
        return failures
    }

    /// Why the blamed fixes grow the view: their concrete types stay in it, or have no code there
    /// (a platform type), or they take them out but add more.
    private static func reason(_ concretes: Set<String>, shrinking: Bool, had: Set<String>, has: Set<String>) -> String {
        let removed = concretes.filter { had.contains($0) && !has.contains($0) }.sorted()
        let staying = concretes.filter { has.contains($0) }.sorted()
        let codeless = concretes.filter { !had.contains($0) }.sorted()
        if shrinking { return ": the fixes add more than taking out \(removed.joined(separator: ", ")) saves" }
        if !staying.isEmpty { return ", where \(staying.joined(separator: ", ")) stay\(staying.count == 1 ? "s" : "")" }
        if !codeless.isEmpty { return ", and \(codeless.joined(separator: ", ")) ha\(codeless.count == 1 ? "s" : "ve") no code in it to take out" }
        return ""
    }

    /// By fixed type, the simple names of the concrete types its fixed findings name.
    private static func concretes(_ plan: FixPlan, _ findings: [Finding]) -> [String: Set<String>] {
        let fixed = Set(plan.fixed.map(\.type))
        var result: [String: Set<String>] = [:]
        for finding in findings where Fixer.rules.contains(finding.rule) {
            guard let type = finding.type, fixed.contains(type) else { continue }
            result[type, default: []].insert(Fixer.concreteName(of: finding).lastNameComponent)
        }
        return result
    }
}
