import FirebreakModel

/// One drawing of a view before and after a change (`graph --diff`): both closures at the same
/// granularity, merged by drawn unit; what only the before closure holds is marked removed, what
/// only the after closure holds added.
public enum DiagramComparison {
    public static func view(
        _ name: String, before: DiagramBuilder, after: DiagramBuilder, options: DiagramBuilder.Options
    ) throws -> Diagram {
        var options = options
        options.firewalled = false
        let beforeRoots = roots(of: name, in: before.graph)
        let afterRoots = roots(of: name, in: after.graph)
        guard !beforeRoots.isEmpty || !afterRoots.isEmpty else {
            throw DiagramBuilder.NotFound(description: "no view named '\(name)' in either report")
        }
        let beforeReach = before.reach(from: beforeRoots, previewRoots: previewRoots(of: beforeRoots, in: before.graph),
                                       in: before.graph, options: options)
        let afterReach = after.reach(from: afterRoots, previewRoots: previewRoots(of: afterRoots, in: after.graph),
                                     in: after.graph, options: options)
        let (beforeReached, afterReached) = (beforeReach.nodes, afterReach.nodes)
        let leftOut = max(beforeReach.leftOut, afterReach.leftOut)
        let (granularity, notes) = before.granularity(
            for: [(beforeReached, before.graph), (afterReached, after.graph)], options: options)
        let beforeSymbols = Set(beforeRoots.map { before.graph.nodes[$0].symbol })
        let afterSymbols = Set(afterRoots.map { after.graph.nodes[$0].symbol })
        let old = before.assemble(title: "", notes: [], reached: beforeReached, in: before.graph, granularity: granularity,
                                  isRoot: { beforeSymbols.contains(before.graph.nodes[$0].symbol) })
        let new = after.assemble(title: "", notes: [], reached: afterReached, in: after.graph, granularity: granularity,
                                 isRoot: { afterSymbols.contains(after.graph.nodes[$0].symbol) })
        // The title counts the whole closure, previews included, as `diff` does, whatever is drawn.
        var whole = options
        whole.includePreviews = true
        let lines = "\(lineCount(before.reach(from: beforeRoots, in: before.graph, options: whole).nodes, before.graph)) → "
            + "\(lineCount(after.reach(from: afterRoots, in: after.graph, options: whole).nodes, after.graph)) lines"
        var merged = merge(old, new)
        merged.title = "\(name): closure before → after (\(lines))"
        merged.notes = (leftOut > 0 ? ["previews and mocks left out (--include-previews draws them)"] : []) + notes + (beforeRoots.isEmpty ? ["the view is new"] : []) + (afterRoots.isEmpty ? ["the view was removed"] : [])
        return merged
    }

    /// A view's roots by name: exact, or module-qualified (`Feature.ProfileView`), or a unique suffix.
    /// The roots that are previews showing the view rather than the view's own declarations.
    static func previewRoots(of roots: [Int], in graph: DependencyGraph) -> Set<Int> {
        let previews = Set(graph.previews.values.joined())
        return Set(roots.filter(previews.contains))
    }

    static func roots(of name: String, in graph: DependencyGraph) -> [Int] {
        var symbols = graph.symbols(named: name) { graph.symbols[$0].isView }
        if symbols.isEmpty, let dot = name.firstIndex(of: ".") {
            let module = String(name[..<dot])
            symbols = graph.symbols(named: String(name[name.index(after: dot)...])) { symbol in
                graph.symbols[symbol].isView && graph.nodes[graph.symbols[symbol].primary].module.map { graph.modules[$0].name } == module
            }
        }
        return symbols.flatMap { graph.closureRoots(ofView: $0) }
    }

    static func lineCount(_ reached: [Int], _ graph: DependencyGraph) -> String {
        Figures.grouped(DiagramBuilder.codeLines(reached, in: graph))
    }

    /// Nodes and edges matched by id; a node in both shows the after figures (and the before
    /// ones when they differ).
    static func merge(_ old: Diagram, _ new: Diagram) -> Diagram {
        let oldNodes = Dictionary(old.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newNodes = Dictionary(new.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var nodes: [Diagram.Node] = []
        for id in Set(oldNodes.keys).union(newNodes.keys).sorted() {
            switch (oldNodes[id], newNodes[id]) {
            case let (before?, after?):
                var node = after
                node.isRoot = before.isRoot || after.isRoot
                if let was = before.detail, let now = after.detail, was != now {
                    let unit = " lines"
                    node.detail = was.hasSuffix(unit) && now.hasSuffix(unit) ? "\(was.dropLast(unit.count)) → \(now)" : "\(was) → \(now)"
                }
                nodes.append(node)
            case let (before?, nil):
                var node = before
                node.change = .removed
                nodes.append(node)
            case let (nil, after?):
                var node = after
                node.change = .added
                nodes.append(node)
            case (nil, nil):
                break
            }
        }
        let key: (Diagram.Edge) -> String = { $0.from + ">" + $0.to }
        let oldEdges = Dictionary(old.edges.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let newEdges = Dictionary(new.edges.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var edges: [Diagram.Edge] = []
        for id in Set(oldEdges.keys).union(newEdges.keys).sorted() {
            if var edge = newEdges[id] {
                if oldEdges[id] == nil { edge.change = .added }
                edges.append(edge)
            } else if var edge = oldEdges[id] {
                edge.change = .removed
                edges.append(edge)
            }
        }
        var diagram = Diagram(title: "", nodes: nodes, edges: edges)
        diagram.isComparison = true
        return diagram
    }
}
