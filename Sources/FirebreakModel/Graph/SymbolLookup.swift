/// Names as users type them, for `why`, `graph` and `explain`: a declared or framework type by
/// simple or qualified name (`UNUserNotificationCenter`, `UserNotifications.UNUserNotificationCenter`),
/// a framework by name (`UserNotifications`: every type of it the code uses), and, for a name that
/// matches nothing, the nearest names.
public struct SymbolLookup: Sendable {
    public struct NotFound: Error, Sendable, CustomStringConvertible {
        public let name: String
        public let what: String
        public let suggestions: [String]
        public var description: String {
            "no \(what) named '\(name)' in the analysed files"
                + NameSuggestions.phrase(suggestions)
        }
    }

    public let graph: DependencyGraph

    public init(_ graph: DependencyGraph) {
        self.graph = graph
    }

    /// Symbols named `name`, or the framework types of a framework named `name`.
    /// - Parameter frameworks: whether a framework name stands for its types.
    public func symbols(named name: String, what: String, frameworks: Bool = true,
                        where accept: (Int) -> Bool = { _ in true }) throws -> [Int] {
        let found = graph.symbols(named: name, where: accept)
        if !found.isEmpty { return found }
        if frameworks {
            let types = graph.symbols.indices.filter { symbol in
                let node = graph.nodes[graph.symbols[symbol].primary]
                return node.kind == .external && node.framework == name && accept(symbol)
            }
            if !types.isEmpty { return types }
        }
        let candidates = graph.symbols.indices.filter(accept).flatMap { symbol -> [String] in
            let name = graph.symbols[symbol].name
            return [name, SymbolTable.lastComponent(name)]
        }
        let frameworkNames = frameworks ? graph.nodes.compactMap(\.framework) : []
        throw NotFound(name: name, what: what, suggestions: NameSuggestions.nearest(to: name, among: candidates + frameworkNames))
    }
}
