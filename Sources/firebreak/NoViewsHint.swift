import FirebreakModel

/// Why a run found no views, when the likely reason is in the sources: a protocol named `View`
/// that the scanned code declares outside a module named SwiftUI, and that `view_protocols` does
/// not name. Conformances then reach that protocol, not SwiftUI's, so nothing is a view.
enum NoViewsHint {
    static func message(_ graph: DependencyGraph) -> String? {
        guard graph.views.isEmpty else { return nil }
        var names: [String] = [], places: [String] = []
        for symbol in graph.symbols where symbol.declarationKind == .protocol && symbol.name == "View" {
            let node = graph.nodes[symbol.primary]
            guard let module = node.module, let file = node.file else { continue }
            names.append("\(graph.modules[module].importName).View")
            places.append("\(names.last!) (\(graph.files[file].path):\(node.line))")
        }
        guard !names.isEmpty else { return nil }
        let one = names.count == 1
        return "note: no views found: the scanned code declares \(places.joined(separator: " and ")), so types that "
            + "conform to View conform to \(one ? "it" : "them"), not to SwiftUI's. If \(one ? "it stands" : "they stand") "
            + "in for SwiftUI, add to .firebreak.yml: view_protocols: [\(names.map { "\"\($0)\"" }.joined(separator: ", "))]"
    }
}
