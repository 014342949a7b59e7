import FirebreakModel
import FirebreakScan

/// The nodes, symbols and edges the later stages of `BuildDependencyGraph` extend: symbols are
/// grouped, framework types get a node the first time something names them, edges are added.
struct GraphParts {
    var nodes: [DependencyGraph.Node]
    var symbols: [DependencyGraph.Symbol] = []
    var edges: [DependencyGraph.Edge] = []
    /// Framework types' nodes by `Framework.Name`.
    private var externalNodes: [String: Int] = [:]

    init(nodes: [DependencyGraph.Node]) {
        self.nodes = nodes
    }

    mutating func newSymbol(primary: Int) -> Int {
        symbols.append(DependencyGraph.Symbol(
            name: nodes[primary].name, declarationKind: nodes[primary].declarationKind, primary: primary,
            nodes: [primary], isView: false, memberNames: [], signatureTargets: [:]))
        nodes[primary].symbol = symbols.count - 1
        return symbols.count - 1
    }

    mutating func join(_ node: Int, _ symbol: Int) {
        nodes[node].symbol = symbol
        symbols[symbol].nodes.append(node)
    }

    mutating func addEdge(_ from: Int, _ to: Int, _ kind: EdgeKind, file: Int, line: Int) {
        edges.append(Self.edge(from, to, kind, file: file, line: line))
    }

    static func edge(_ from: Int, _ to: Int, _ kind: EdgeKind, file: Int, line: Int) -> DependencyGraph.Edge {
        DependencyGraph.Edge(from: Int32(from), to: Int32(to), kind: kind, file: Int32(file), line: Int32(line))
    }

    /// The node of a framework type, made (with its own symbol) the first time it is named.
    mutating func externalNode(framework: String, name: String) -> Int {
        let bare = name.hasPrefix(framework + ".") ? String(name.dropFirst(framework.count + 1)) : name
        let key = framework + "." + bare
        if let existing = externalNodes[key] { return existing }
        nodes.append(DependencyGraph.Node(
            name: key, kind: .external, declarationKind: nil, file: nil, line: 0, codeLines: 0, module: nil,
            framework: framework, symbol: -1, role: .neutral, roleReason: "type of the framework \(framework)"))
        let node = nodes.count - 1
        _ = newSymbol(primary: node)
        externalNodes[key] = node
        return node
    }
}
