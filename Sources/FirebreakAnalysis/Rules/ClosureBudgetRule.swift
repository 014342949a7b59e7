import FirebreakModel
import FirebreakScan

/// `closure-budget`: a view's dependency closure exceeds the limits in `budgets:`. It reads the
/// dependency graph, so it runs only when budgets are configured (and `lint` then builds the graph).
public struct ClosureBudgetRule: Rule {
    public init() {}

    static let budgetFile = ExampleFile(path: ".firebreak.yml", source: "budgets:\n  default: { lines: 8 }\n")
    static let apiClient = ExampleFile(path: "Sources/Networking/APIClient.swift", source: """
        final class APIClient {
            static let shared = APIClient()
            func get() {}
            func post() {}
            func put() {}
            func delete() {}
        }
        """)

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
        triggering: [
            RuleExample("A view whose closure holds a 7-line client, over a budget of 8 lines.", path: "Sources/App/ProfileView.swift", """
                ↓struct ProfileView: View {
                    let client = APIClient()
                    var body: some View { Text("") }
                }
                """, support: [apiClient], configuration: budgetFile),
        ],
        nonTriggering: [
            RuleExample("Behind a protocol the view owns, the closure stays under budget.", path: "Sources/App/ProfileView.swift", """
                protocol Fetching { func get() }
                struct ProfileView: View {
                    let client: any Fetching
                    var body: some View { Text("") }
                }
                """, support: [apiClient], configuration: budgetFile),
        ])

    public static var input: RuleInput { .graph }

    public static func applies(to configuration: Configuration) -> Bool { !configuration.budgets.isEmpty }

    public func findings(in context: RuleContext) -> [Finding] {
        guard let graph = context.graph else { return [] }
        return Self.findings(graph, budgets: context.configuration.budgets, configurationFile: context.configurationFile)
    }

    /// How many contributors a finding names.
    static let contributorCount = 3

    static func findings(_ graph: DependencyGraph, budgets: ClosureBudgets, configurationFile: String) -> [Finding] {
        guard !budgets.isEmpty else { return [] }
        let closures = Reachability.closures(of: graph, roots: graph.views.map { graph.closureRoots(ofView: $0) })
        var findings: [Finding] = []
        // A view whose file several targets compile is checked in each; one finding per place,
        // the largest closure's.
        var largestAt: [String: (finding: Int, lines: Int)] = [:]
        let measurer = ClosureMeasurer(graph)
        for (index, view) in graph.views.enumerated() {
            let symbol = graph.symbols[view]
            let node = graph.nodes[symbol.primary]
            let module = node.module.map { graph.modules[$0].name } ?? ""
            guard let budget = budgets.budget(forView: symbol.name, module: module), let file = node.file else { continue }
            let metrics = measurer.measure(closures[index], withPaths: false)
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
        return findings
    }

    /// Budget entries that name no view: most likely a view that was renamed.
    public static func unmatchedBudgets(in graph: DependencyGraph, budgets: ClosureBudgets, configurationFile: String) -> [InputDiagnostic] {
        var named = Set<String>()
        for view in graph.views {
            let symbol = graph.symbols[view]
            let module = graph.nodes[symbol.primary].module.map { graph.modules[$0].name } ?? ""
            named.insert(symbol.name)
            named.insert(module + "." + symbol.name)
        }
        return budgets.views.map(\.name).filter { !named.contains($0) }.map {
            InputDiagnostic(path: configurationFile, message: "budgets.views.\($0) matches no view")
        }
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
