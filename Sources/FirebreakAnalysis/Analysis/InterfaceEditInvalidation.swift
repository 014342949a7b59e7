import FirebreakModel

/// The files an incremental build recompiles after an *interface* edit of one type (a member
/// added, a signature changed), following Swift's incremental rules as far as syntax shows them.
///
/// The driver recompiles the edited file and every file that uses a name whose interface
/// changed; nothing cascades further, because the recompiled files' own interfaces are unchanged.
/// A *body-only* edit recompiles the edited file alone. Here a file "uses" the type when its code
/// names it: the type, a type nested in it, or a typealias of it (a stored property, a parameter,
/// `X.shared`, `X()`, an extension, a conformance). Approximations, stated and measured in
/// docs/closure-model.md: a file that reaches the type only through an inferred type
/// (`model.client.fetch()`, or constructing a view model that holds the client) is not counted,
/// and callers of a function whose default argument names the type are not counted (the default
/// is compiled with the callee). A file that names only a protocol the type conforms to is not
/// recompiled: that is the firewall.
public struct InterfaceEditInvalidation: Sendable {
    /// For each node: the edges that point at it, as (source node, file where written).
    private let incoming: [[(from: Int32, file: Int32)]]
    /// Symbols nested in each symbol, and typealiases that name it, with the edge that says so.
    private let namedBy: [Int: [(symbol: Int, edge: Int64)]]

    public init(_ graph: DependencyGraph) {
        var incoming = Array(repeating: [(from: Int32, file: Int32)](), count: graph.nodes.count)
        var namedBy: [Int: [(symbol: Int, edge: Int64)]] = [:]
        for edge in graph.edges {
            incoming[Int(edge.to)].append((edge.from, edge.file))
            let source = graph.nodes[Int(edge.from)]
            let targetSymbol = graph.nodes[Int(edge.to)].symbol
            guard source.kind == .declaration, source.symbol != targetSymbol,
                  edge.kind == .nesting || source.declarationKind == .typealias else { continue }
            namedBy[targetSymbol, default: []].append((source.symbol, Self.key(edge.from, edge.to)))
        }
        self.incoming = incoming
        self.namedBy = namedBy
    }

    /// An edge as `FirewallCut.edges` are keyed: source in the high half, target in the low.
    public static func key(_ from: Int32, _ to: Int32) -> Int64 { Int64(from) << 32 | Int64(to) }

    /// Files recompiled after an edit inside a body of `symbol`'s declaration: that file alone.
    public static func rebuiltFiles(afterBodyEditOf symbol: Int, in graph: DependencyGraph) -> Set<Int> {
        graph.nodes[graph.symbols[symbol].primary].file.map { [$0] } ?? []
    }

    /// Files recompiled after an interface edit of `symbol` in `graph` (the graph this was made
    /// from): the files that declare or extend it, and the files whose code names it.
    /// - Parameter removed: edges to leave out (`key(from, to)`): a cut's, to price the type behind
    ///   its protocol without building the cut graph. The protocol's own edges never reach the type.
    public func rebuiltFiles(afterEditing symbol: Int, in graph: DependencyGraph, without removed: Set<Int64> = []) -> Set<Int> {
        var names: Set<Int> = [symbol]
        var pending = [symbol]
        while let next = pending.popLast() {
            for other in namedBy[next] ?? [] where !removed.contains(other.edge) && names.insert(other.symbol).inserted {
                pending.append(other.symbol)
            }
        }
        var files = Set<Int>()
        for name in names {
            for node in graph.symbols[name].nodes {
                if let file = graph.nodes[node].file { files.insert(file) }
                for use in incoming[node] where use.file >= 0 && !removed.contains(Self.key(use.from, Int32(node))) {
                    files.insert(Int(use.file))
                }
            }
        }
        return files
    }
}
