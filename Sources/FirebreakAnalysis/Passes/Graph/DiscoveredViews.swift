import FirebreakModel
import FirebreakScan

/// Stage 6 of `BuildDependencyGraph`: views and the previews that show them, then the graph.
///
/// Views are structs, classes and enums that reach a view protocol through conformances,
/// refining protocols, superclasses or typealiases. Types declared in the file that declares a
/// `View` protocol (a stub standing in for SwiftUI), or in a scanned module named SwiftUI, are
/// that framework's, not screens.
struct DiscoveredViews {
    let linked: LinkedDeclarations
    /// The linked symbols, views marked.
    let symbols: [DependencyGraph.Symbol]
    /// View symbols, in the order of their primary declarations.
    let views: [Int]
    /// Previews by the view symbol they show.
    let previews: [Int: [Int]]

    init(_ linked: LinkedDeclarations, viewProtocols: ViewProtocols) {
        let nodes = linked.parts.nodes
        var symbols = linked.parts.symbols
        let modules = linked.compiled.moduleMap.modules
        var previewNodes: [Int] = []
        let bySource = Dictionary(grouping: linked.parts.edges, by: { Int($0.from) })
        let (seeds, frameworkFiles) = Self.seeds(nodes: nodes, symbols: symbols, modules: modules, viewProtocols: viewProtocols)
        var viewLike = seeds
        // Conformance edges, and every edge out of a typealias (its aliased type).
        var conformances: [(from: Int, to: Int)] = []
        for node in nodes.indices where nodes[node].kind == .declaration {
            if nodes[node].declarationKind == .preview { previewNodes.append(node) }
            let isAlias = nodes[node].declarationKind == .typealias
            for edge in bySource[node] ?? [] where edge.kind == .inheritance || (isAlias && edge.kind != .nesting) {
                conformances.append((nodes[node].symbol, nodes[Int(edge.to)].symbol))
                if edge.kind == .inheritance, nodes[Int(edge.to)].name == "SwiftUI.PreviewProvider" { previewNodes.append(node) }
            }
        }
        var changed = !viewLike.isEmpty
        while changed {
            changed = false
            for (from, to) in conformances where viewLike.contains(to) && !viewLike.contains(from) {
                viewLike.insert(from)
                changed = true
            }
        }
        let viewSymbols = viewLike.subtracting(seeds).filter { symbol in
            let kind = symbols[symbol].declarationKind
            guard kind == .struct || kind == .class || kind == .enum else { return false }
            let primary = nodes[symbols[symbol].primary]
            guard let module = primary.module, let file = primary.file else { return false }
            return !frameworkFiles.contains(file) && modules[module].importName != "SwiftUI"
        }
        for symbol in viewSymbols { symbols[symbol].isView = true }
        var previews: [Int: [Int]] = [:]
        for preview in previewNodes {
            for edge in bySource[preview] ?? [] where symbols[nodes[Int(edge.to)].symbol].isView {
                let symbol = nodes[Int(edge.to)].symbol
                if previews[symbol]?.contains(preview) != true { previews[symbol, default: []].append(preview) }
            }
        }
        self.linked = linked
        self.symbols = symbols
        views = viewSymbols.sorted { symbols[$0].primary < symbols[$1].primary }
        self.previews = previews
    }

    /// The symbols of the view protocols themselves, and the files that declare a `View` of their
    /// own (a stub standing in for SwiftUI: what they declare is the framework's).
    static func seeds(
        nodes: [DependencyGraph.Node], symbols: [DependencyGraph.Symbol], modules: [ModuleInfo], viewProtocols: ViewProtocols
    ) -> (symbols: Set<Int>, frameworkFiles: Set<Int>) {
        var seeds = Set<Int>()
        var frameworkFiles = Set<Int>()
        for node in nodes.indices {
            let isSeed: Bool
            switch nodes[node].kind {
            case .external: isSeed = viewProtocols.matchesExternal(nodes[node].name)
            case .declaration:
                guard let module = nodes[node].module, symbols[nodes[node].symbol].primary == node else { continue }
                isSeed = viewProtocols.matchesDeclared(nodes[node].name, module: modules[module].importName)
                if isSeed, nodes[node].name == "View", let file = nodes[node].file { frameworkFiles.insert(file) }
            default: isSeed = false
            }
            if isSeed { seeds.insert(nodes[node].symbol) }
        }
        return (seeds, frameworkFiles)
    }

    /// The finished graph, with the members each declaration uses.
    func graph() -> DependencyGraph {
        let compiled = linked.compiled
        let nodes = linked.parts.nodes
        var usedMembers: [Int: [String]] = [:]
        for file in compiled.included {
            for (index, declaration) in compiled.files[file].declarations.enumerated() where !declaration.usedMembers.isEmpty {
                usedMembers[linked.declarationNode[file][index]] = declaration.usedMembers
            }
        }
        return DependencyGraph(
            files: compiled.files, modules: compiled.moduleMap.modules, nodes: nodes, symbols: symbols,
            edges: linked.parts.edges, views: views, previews: previews, usedMembers: usedMembers,
            resolution: linked.statistics)
    }
}
