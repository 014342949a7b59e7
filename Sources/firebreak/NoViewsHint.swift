import FirebreakModel

/// Why a run found no views, when the likely reason is in the sources: a protocol named `View`
/// that the scanned code declares outside a module named SwiftUI. When `view_protocols` does not
/// name it, conformances reach it, not SwiftUI's, so nothing is a view; when it does, the file
/// declaring it stands in for SwiftUI, so the types declared beside it are the framework's own.
enum NoViewsHint {
    static func message(_ graph: DependencyGraph, configured: [String] = []) -> String? {
        guard graph.views.isEmpty else { return nil }
        var names: [String] = [], places: [String] = []
        for symbol in graph.symbols where symbol.declarationKind == .protocol && symbol.name == "View" {
            let node = graph.nodes[symbol.primary]
            guard let module = node.module, let file = node.file else { continue }
            names.append("\(graph.modules[module].importName).View")
            places.append("\(names.last!) (\(graph.files[file].path):\(node.line))")
        }
        guard !names.isEmpty else { return nil }
        if names.allSatisfy({ configured.contains($0) || configured.contains("View") }) {
            return "note: no views found: view_protocols names \(places.joined(separator: " and ")), and a file that declares "
                + "a View stands in for SwiftUI, so the types declared beside it are the framework's own (as Text is): "
                + "declare the views in files of their own"
        }
        let one = names.count == 1
        return "note: no views found: the scanned code declares \(places.joined(separator: " and ")), so types that "
            + "conform to View conform to \(one ? "it" : "them"), not to SwiftUI's. If \(one ? "it stands" : "they stand") "
            + "in for SwiftUI, add to .firebreak.yml: view_protocols: [\(names.map { "\"\($0)\"" }.joined(separator: ", "))]"
    }
}
