import FirebreakAnalysis
import FirebreakModel

/// Every view's closure in one graph, as `fix`'s check on the edited tree compares them: the types
/// it reaches, its nodes, and its size in lines as `analyze` and `diff` count it.
struct ViewClosureSizes {
    struct View {
        /// By type (`Module|Name`, `framework|Name`), its primary node.
        var reached: [String: Int]
        var nodes: NodeSet
        var lines: Int
    }

    let graph: DependencyGraph
    /// By view, `Module.View`.
    let views: [String: View]

    /// - Parameter skipping: views declared in these files are left out (a test target's views:
    ///   what their closures reach slows no preview and no app build).
    init(_ graph: DependencyGraph, skipping skipped: Set<String> = []) {
        self.graph = graph
        let kept = graph.views.filter { view in
            graph.nodes[graph.symbols[view].primary].file.map { !skipped.contains(graph.files[$0].path) } ?? true
        }
        let closures = Reachability.closures(of: graph, roots: kept.map { graph.closureRoots(ofView: $0) })
        let measurer = ClosureMeasurer(graph)
        var views: [String: View] = [:]
        for (index, view) in kept.enumerated() {
            var reached: [String: Int] = [:]
            closures[index].forEach { node in reached[Self.key(of: graph.nodes[node].symbol, graph)] = graph.symbols[graph.nodes[node].symbol].primary }
            let lines = measurer.measure(closures[index], withPaths: false).lines
            views[Self.key(of: view, graph).replacingOccurrences(of: "|", with: ".")] = View(reached: reached, nodes: closures[index], lines: lines)
        }
        self.views = views
    }

    /// The simple names of the declared types (not frameworks' types) a view's closure holds code of.
    func namesWithCode(_ view: View) -> Set<String> {
        var names: Set<String> = []
        view.nodes.forEach { node in
            let item = graph.nodes[node]
            guard item.framework == nil, item.codeLines > 0 else { return }
            names.insert(graph.symbols[item.symbol].name.lastNameComponent)
        }
        return names
    }

    /// What in a view's closure still names `type` (or a type nested in it), written where: the
    /// first by place, for a refusal to point at.
    func keeper(of type: String, in view: View) -> String? {
        func names(_ symbol: Int) -> Bool { graph.symbols[symbol].name.split(separator: ".").contains { $0 == type } }
        var found: (path: String, line: Int, name: String)?
        view.nodes.forEach { node in
            let symbol = graph.nodes[node].symbol
            guard !names(symbol) else { return }
            for edge in graph.successors(of: node) where edge.file >= 0 && names(graph.nodes[Int(edge.to)].symbol) {
                let candidate = (path: graph.files[Int(edge.file)].path, line: Int(edge.line), name: graph.symbols[symbol].name)
                if found.map({ (candidate.path, candidate.line) < ($0.path, $0.line) }) ?? true { found = candidate }
            }
        }
        return found.map { "\($0.name), \($0.path):\($0.line)" }
    }

    /// The types reached from `node`, each with its primary node, as `reached` keys them.
    func keysBehind(_ node: Int) -> [String: Int] {
        var keys: [String: Int] = [:]
        Reachability.closures(of: graph, roots: [[node]])[0].forEach { reached in
            keys[Self.key(of: graph.nodes[reached].symbol, graph)] = graph.symbols[graph.nodes[reached].symbol].primary
        }
        return keys
    }

    struct Declaration: Hashable {
        var name: String
        var path: String
    }

    /// The lines a view's closure counts, by declaration (a type's extensions apart, by file).
    func linesByDeclaration(_ view: View) -> [Declaration: Int] {
        var lines: [Declaration: Int] = [:]
        view.nodes.forEach { node in
            let item = graph.nodes[node]
            guard item.framework == nil, item.kind != .protocol, let file = item.file else { return }
            lines[Declaration(name: graph.symbols[item.symbol].name, path: graph.files[file].path), default: 0] += item.codeLines
        }
        return lines
    }

    /// A declared type by module and name; a framework by name alone, since another of its types
    /// costs nothing once the framework is loaded. A scanned module that stands in for a platform
    /// framework (a `SwiftUI` stub of a Linux build) is that framework: `@Environment` in a view that
    /// already used `Text` reaches nothing new.
    static func key(of symbol: Int, _ graph: DependencyGraph) -> String {
        let primary = graph.nodes[graph.symbols[symbol].primary]
        if primary.kind == .external { return "framework|" + (primary.framework ?? graph.symbols[symbol].name) }
        guard let module = primary.module else { return "|" + graph.symbols[symbol].name }
        let importName = graph.modules[module].importName
        if ExternalFrameworks.platform.contains(importName) { return "framework|" + importName }
        return graph.modules[module].name + "|" + graph.symbols[symbol].name
    }

    /// What a firewall adds on the high-level side, in a file the fix writes: a protocol, a preview
    /// double, an environment key, a `Dependencies` struct of closures (seed 003).
    static func isAbstraction(_ node: Int, _ graph: DependencyGraph, written: Set<String>) -> Bool {
        let item = graph.nodes[node]
        guard let file = item.file, written.contains(graph.files[file].path) else { return false }
        return item.declarationKind == .protocol || item.role == .exempt || item.name.hasSuffix("Key")
            || item.name.hasSuffix("Dependencies") || (item.declarationKind == .extension && item.name.hasSuffix("EnvironmentValues"))
    }
}
