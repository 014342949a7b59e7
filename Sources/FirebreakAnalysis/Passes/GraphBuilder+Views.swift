import FirebreakModel
import FirebreakScan

/// Views and the previews that show them.
extension GraphBuilder {
    /// Views: structs, classes and enums that reach a view protocol through conformances,
    /// refining protocols, superclasses or typealiases. Types declared in the file that declares a
    /// `View` protocol (a stub standing in for SwiftUI), or in a scanned module named SwiftUI, are
    /// that framework's, not screens.
    mutating func findViewsAndPreviews() -> ([Int], [Int: [Int]]) {
        var previewNodes: [Int] = []
        let bySource = Dictionary(grouping: edges, by: { Int($0.from) })
        var viewLike = Set<Int>()
        var frameworkFiles = Set<Int>()
        for node in nodes.indices {
            let isSeed: Bool
            switch nodes[node].kind {
            case .external: isSeed = pass.viewProtocols.matchesExternal(nodes[node].name)
            case .declaration:
                guard let module = nodes[node].module, symbols[nodes[node].symbol].primary == node else { continue }
                isSeed = pass.viewProtocols.matchesDeclared(nodes[node].name, module: pass.moduleMap.modules[module].importName)
                // A declared `View` stands in for SwiftUI: what its file declares is the framework's.
                if isSeed, nodes[node].name == "View", let file = nodes[node].file { frameworkFiles.insert(file) }
            default: isSeed = false
            }
            if isSeed { viewLike.insert(nodes[node].symbol) }
        }
        let seeds = viewLike
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
            return !frameworkFiles.contains(file) && pass.moduleMap.modules[module].importName != "SwiftUI"
        }
        for symbol in viewSymbols { symbols[symbol].isView = true }
        var previews: [Int: [Int]] = [:]
        for preview in previewNodes {
            for edge in bySource[preview] ?? [] where symbols[nodes[Int(edge.to)].symbol].isView {
                let symbol = nodes[Int(edge.to)].symbol
                if previews[symbol]?.contains(preview) != true { previews[symbol, default: []].append(preview) }
            }
        }
        let views = viewSymbols.sorted { symbols[$0].primary < symbols[$1].primary }
        return (views, previews)
    }
}
