import FirebreakScan

/// The dependency graph as the analysis report stores it, so that later commands (`graph --diff`)
/// can redraw a view's closure from a report without the sources. Indices refer to the arrays of
/// the same snapshot; member lists, which only the planner reads, are left out.
public struct GraphSnapshot: Sendable, Codable, Hashable {
    public struct Node: Sendable, Codable, Hashable {
        public var name: String
        public var kind: DependencyGraph.NodeKind
        public var declarationKind: DeclarationKind?
        public var file: Int?
        public var line: Int
        public var lines: Int
        public var module: Int?
        public var framework: String?
        public var symbol: Int
        public var role: Role
        /// Why the node has its role (schema 5); absent in older reports.
        public var roleReason: String?
    }

    public struct Symbol: Sendable, Codable, Hashable {
        public var name: String
        public var nodes: [Int]
        public var isView: Bool
    }

    public struct Edge: Sendable, Codable, Hashable {
        public var from: Int
        public var to: Int
        public var kind: EdgeKind
        /// Where the dependency is written; nil when structural (extension, nesting, witness).
        public var file: Int?
        public var line: Int?
    }

    /// File paths, relative like findings.
    public var files: [String]
    public var modules: [String]
    public var nodes: [Node]
    public var symbols: [Symbol]
    public var edges: [Edge]
    /// Preview nodes that show each view, keyed by the view's symbol index.
    public var previews: [String: [Int]]

    public init(_ graph: DependencyGraph) {
        files = graph.files.map(\.path)
        modules = graph.modules.map(\.name)
        nodes = graph.nodes.map {
            Node(name: $0.name, kind: $0.kind, declarationKind: $0.declarationKind, file: $0.file, line: $0.line,
                 lines: $0.codeLines, module: $0.module, framework: $0.framework, symbol: $0.symbol, role: $0.role,
                 roleReason: $0.roleReason.isEmpty ? nil : $0.roleReason)
        }
        symbols = graph.symbols.map { Symbol(name: $0.name, nodes: $0.nodes, isView: $0.isView) }
        edges = graph.edges.map {
            Edge(from: Int($0.from), to: Int($0.to), kind: $0.kind,
                 file: $0.file >= 0 ? Int($0.file) : nil, line: $0.file >= 0 ? Int($0.line) : nil)
        }
        previews = Dictionary(uniqueKeysWithValues: graph.previews.map { (String($0.key), $0.value) })
    }

    public struct Invalid: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The graph again, after checking every index, so a damaged report is an error, not a crash.
    public func graph() throws -> DependencyGraph {
        func check(_ index: Int?, _ count: Int, _ what: String) throws {
            guard let index else { return }
            guard index >= 0, index < count else { throw Invalid(description: "\(what) index \(index) out of range 0..<\(count)") }
        }
        for node in nodes {
            try check(node.file, files.count, "file")
            try check(node.module, modules.count, "module")
            try check(node.symbol, symbols.count, "symbol")
        }
        for symbol in symbols {
            guard !symbol.nodes.isEmpty else { throw Invalid(description: "symbol \(symbol.name) has no nodes") }
            for node in symbol.nodes { try check(node, nodes.count, "node") }
        }
        for edge in edges {
            try check(edge.from, nodes.count, "node")
            try check(edge.to, nodes.count, "node")
            try check(edge.file, files.count, "file")
        }
        var previewNodes: [Int: [Int]] = [:]
        for (key, value) in previews {
            guard let symbol = Int(key) else { throw Invalid(description: "preview key '\(key)' is not a symbol index") }
            try check(symbol, symbols.count, "symbol")
            for node in value { try check(node, nodes.count, "node") }
            previewNodes[symbol] = value
        }
        let graphNodes = nodes.map {
            DependencyGraph.Node(
                name: $0.name, kind: $0.kind, declarationKind: $0.declarationKind, file: $0.file, line: $0.line,
                codeLines: $0.lines, module: $0.module, framework: $0.framework, symbol: $0.symbol, role: $0.role,
                roleReason: $0.roleReason ?? "")
        }
        let graphSymbols = symbols.map {
            DependencyGraph.Symbol(
                name: $0.name, declarationKind: nodes[$0.nodes[0]].declarationKind, primary: $0.nodes[0], nodes: $0.nodes,
                isView: $0.isView, memberNames: [], signatureTargets: [:])
        }
        let graphEdges = edges.map {
            DependencyGraph.Edge(from: Int32($0.from), to: Int32($0.to), kind: $0.kind,
                                 file: Int32($0.file ?? -1), line: Int32($0.line ?? 0))
        }
        return DependencyGraph(
            files: files.map { FileFacts(path: $0) },
            modules: modules.map { ModuleInfo(name: $0, source: .root, declaredDependencies: []) },
            nodes: graphNodes, symbols: graphSymbols, edges: graphEdges,
            views: symbols.indices.filter { symbols[$0].isView }, previews: previewNodes,
            usedMembers: [:], resolution: ResolutionStatistics())
    }
}
