import FirebreakScan

/// `closure-budget`: a view's dependency closure exceeds the limits in `budgets:`. Unlike the
/// other rules it reads the dependency graph, so it runs only when budgets are configured.
public enum ClosureBudgetRule {
    public static let description = RuleDescription(
        id: "closure-budget",
        name: "Closure budget",
        summary: "A view's dependency closure (lines, files or modules it makes the compiler see) exceeds its budget.",
        rationale: """
            A preview or a build of a view needs everything its closure holds, so a closure that grows makes \
            the view slower to preview, one import at a time. `budgets:` in .firebreak.yml sets a default and \
            per-view limits; the finding names the view's numbers and its biggest contributors, the types to \
            put behind a protocol first (see `firebreak analyze`). Runs only when budgets are configured.
            """,
        defaultSeverity: .error,
        triggering: [], nonTriggering: [])

    public struct Outcome: Sendable {
        public var findings: [Finding]
        /// Budget entries that name no view: most likely a view that was renamed.
        public var diagnostics: [InputDiagnostic]
    }

    /// How many contributors a finding names.
    static let contributorCount = 3

    public static func check(_ graph: DependencyGraph, budgets: ClosureBudgets, configurationFile: String) -> Outcome {
        guard !budgets.isEmpty else { return Outcome(findings: [], diagnostics: []) }
        let closures = Reachability.closures(of: graph, roots: graph.views.map { Analyzer.roots(ofView: $0, in: graph) })
        var findings: [Finding] = []
        // A view whose file several targets compile is checked in each; one finding per place,
        // the largest closure's.
        var largestAt: [String: (finding: Int, lines: Int)] = [:]
        var named = Set<String>()
        for (index, view) in graph.views.enumerated() {
            let symbol = graph.symbols[view]
            let node = graph.nodes[symbol.primary]
            let module = node.module.map { graph.modules[$0].name } ?? ""
            if budgets.views.contains(where: { $0.name == symbol.name }) { named.insert(symbol.name) }
            if budgets.views.contains(where: { $0.name == module + "." + symbol.name }) { named.insert(module + "." + symbol.name) }
            guard let budget = budgets.budget(forView: symbol.name, module: module), let file = node.file else { continue }
            let metrics = ClosureMetrics.measure(closures[index], in: graph, withPaths: false)
            var exceeded: [String] = []
            if let limit = budget.lines, metrics.lines > limit {
                exceeded.append("\(Grouping.grouped(metrics.lines)) lines (budget \(Grouping.grouped(limit)))")
            }
            if let limit = budget.files, metrics.files > limit { exceeded.append("\(metrics.files) files (budget \(limit))") }
            if let limit = budget.modules, metrics.modules > limit { exceeded.append("\(metrics.modules) modules (budget \(limit))") }
            guard !exceeded.isEmpty else { continue }
            let facts = graph.files[file]
            let place = "\(facts.path):\(node.line):\(symbol.name)"
            if let existing = largestAt[place], existing.lines >= metrics.lines { continue }
            let contributors = biggestContributors(closures[index], of: view, in: graph)
            var message = "\(symbol.name)'s dependency closure is over budget: \(exceeded.joined(separator: ", "))"
            if !contributors.isEmpty { message += "; biggest contributors: \(contributors.joined(separator: ", "))" }
            let finding = Finding(
                rule: description.id, severity: description.defaultSeverity, path: facts.path, line: node.line, column: 1,
                symbol: symbol.name, type: symbol.name, message: message,
                hint: "put the biggest contributor behind a protocol the view's code owns (`firebreak analyze` ranks them), or raise the budget in \(configurationFile)",
                lineText: facts.text(ofLine: node.line))
            if let existing = largestAt[place] {
                findings[existing.finding] = finding
                largestAt[place] = (existing.finding, metrics.lines)
            } else {
                largestAt[place] = (findings.count, metrics.lines)
                findings.append(finding)
            }
        }
        let diagnostics = budgets.views.map(\.name).filter { !named.contains($0) }.map {
            InputDiagnostic(path: configurationFile, message: "budgets.views.\($0) matches no view")
        }
        return Outcome(findings: findings, diagnostics: diagnostics)
    }

    /// The declarations with the most lines in a closure, other than the view itself.
    static func biggestContributors(_ closure: NodeSet, of view: Int, in graph: DependencyGraph) -> [String] {
        var lines: [Int: Int] = [:]
        closure.forEach { index in
            let node = graph.nodes[index]
            guard node.symbol != view, node.framework == nil, node.kind != .protocol, node.codeLines > 0 else { return }
            lines[node.symbol, default: 0] += node.codeLines
        }
        return lines.sorted { ($0.value, graph.symbols[$1.key].name) > ($1.value, graph.symbols[$0.key].name) }
            .prefix(contributorCount)
            .map { symbol, count in
                let primary = graph.nodes[graph.symbols[symbol].primary]
                let place = primary.file.map { ", " + graph.files[$0].path } ?? ""
                return "\(graph.symbols[symbol].name) (\(Grouping.grouped(count)) lines\(place))"
            }
    }
}
