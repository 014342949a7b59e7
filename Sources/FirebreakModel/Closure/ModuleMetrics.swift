/// Robert C. Martin's package metrics for one module, from the resolved dependency graph.
public struct ModuleMetrics: Sendable, Codable, Hashable {
    public var name: String
    /// `package`, `xcode-project`, `xcodegen`, `configured` or `root`: where the module boundary comes from.
    public var source: ModuleInfo.Source
    /// The Swift module name `import` uses, when it differs from `name` (schema 5).
    public var importName: String?
    /// The description the module was read from (schema 5).
    public var origin: String?
    /// `app`, `framework`, `library`, `extension`, `watch`, `tests`, … (schema 5).
    public var kind: BuildTarget.Kind?
    public var files: Int
    public var lines: Int
    /// Classes, structs, enums, actors and protocols declared in the module.
    public var types: Int
    public var protocols: Int
    /// Protocols ÷ types; 0 for a module without types.
    public var abstractness: Double
    /// Ca: scanned modules with a declaration that depends on this one.
    public var afferent: Int
    /// Ce: scanned modules this one depends on.
    public var efferent: Int
    /// Ce ÷ (Ca + Ce); 0 for a module with no dependencies either way.
    public var instability: Double
    /// |A + I − 1|: 0 on the main sequence; near 1 in the zone of pain (concrete and stable) or of
    /// uselessness (abstract and unstable).
    public var distance: Double
    public var dependsOn: [String]
    public var frameworks: [String]

    public static func measure(_ graph: DependencyGraph) -> [ModuleMetrics] {
        let count = graph.modules.count
        var files = Array(repeating: Set<Int>(), count: count)
        var lines = Array(repeating: 0, count: count)
        var types = Array(repeating: 0, count: count)
        var protocols = Array(repeating: 0, count: count)
        var outgoing = Array(repeating: Set<Int>(), count: count)
        var incoming = Array(repeating: Set<Int>(), count: count)
        var frameworks = Array(repeating: Set<String>(), count: count)
        for (index, node) in graph.nodes.enumerated() {
            guard let module = node.module else { continue }
            if let file = node.file { files[module].insert(file) }
            lines[module] += node.codeLines
            if graph.symbols[node.symbol].primary == index, node.kind == .declaration, let kind = node.declarationKind,
               [.class, .struct, .enum, .actor, .protocol].contains(kind) {
                types[module] += 1
                if kind == .protocol { protocols[module] += 1 }
            }
            for edge in graph.successors(of: index) {
                let target = graph.nodes[Int(edge.to)]
                if let framework = target.framework { frameworks[module].insert(framework) }
                guard let other = target.module, other != module else { continue }
                outgoing[module].insert(other)
                incoming[other].insert(module)
            }
        }
        return (0..<count).map { module in
            let abstractness = types[module] == 0 ? 0 : Double(protocols[module]) / Double(types[module])
            let ca = incoming[module].count
            let ce = outgoing[module].count
            let instability = ca + ce == 0 ? 0 : Double(ce) / Double(ca + ce)
            return ModuleMetrics(
                name: graph.modules[module].name, source: graph.modules[module].source,
                importName: graph.modules[module].importName == graph.modules[module].name ? nil : graph.modules[module].importName,
                origin: graph.modules[module].origin, kind: graph.modules[module].kind, files: files[module].count,
                lines: lines[module], types: types[module], protocols: protocols[module],
                abstractness: rounded(abstractness), afferent: ca, efferent: ce, instability: rounded(instability),
                distance: rounded(abs(abstractness + instability - 1)),
                dependsOn: outgoing[module].map { graph.modules[$0].name }.sorted(),
                frameworks: frameworks[module].sorted())
        }
        .sorted { $0.name < $1.name }
    }

    package static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
