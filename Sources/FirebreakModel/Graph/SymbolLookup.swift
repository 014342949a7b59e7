/// Names as users type them, for `why`, `graph` and `explain`: a declared or framework type by
/// simple, nested or module-qualified name (`ProfileView`, `Feature.ProfileView`,
/// `UserNotifications.UNUserNotificationCenter`), a framework by name (`UserNotifications`: every
/// type of it the code uses), and, for a name that matches nothing, the nearest names.
///
/// A name that stands for two different types (two targets' `MovieRow`) is refused with every
/// candidate, never picked silently. An app's extension of a framework type is that type: `ImagePipeline`
/// is Nuke's, with the app's `extension ImagePipeline` beside it.
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

    public struct Ambiguous: Error, Sendable, CustomStringConvertible {
        public let name: String
        public let what: String
        /// `Module.Name (path:line)`, one per type.
        public let candidates: [String]
        public var description: String {
            "'\(name)' names \(candidates.count) \(what)s: \(candidates.joined(separator: ", ")); write Module.Name to choose one"
        }
    }

    public let graph: DependencyGraph

    public init(_ graph: DependencyGraph) {
        self.graph = graph
    }

    /// The symbols of the one type named `name`, or the framework types of a framework named `name`.
    /// - Parameters:
    ///   - frameworks: whether a framework name stands for its types.
    ///   - prefer: among several types, the one to take when it is the only one this accepts (`why`
    ///     takes the type the view's code reaches, as lint resolved it there).
    public func symbols(named name: String, what: String, frameworks: Bool = true, where accept: (Int) -> Bool = { _ in true },
                        prefer: ((Int) -> Bool)? = nil) throws -> [Int] {
        var types = identities(of: candidates(named: name, where: accept))
        if types.count > 1, let prefer {
            let preferred = types.filter { $0.contains(where: prefer) }
            if preferred.count == 1 { types = preferred }
        }
        if types.count > 1 {
            throw Ambiguous(name: name, what: what, candidates: types.map { describe($0[0]) }.sorted())
        }
        if let only = types.first { return only }
        if frameworks {
            let types = graph.symbols.indices.filter { symbol in
                let node = graph.nodes[graph.symbols[symbol].primary]
                return node.kind == .external && node.framework == name && accept(symbol)
            }
            if !types.isEmpty { return types }
        }
        let suggestions = graph.symbols.indices.filter(accept).flatMap { symbol -> [String] in
            let name = graph.symbols[symbol].name
            return [name, SymbolTable.lastComponent(name)]
        }
        let frameworkNames = frameworks ? graph.nodes.compactMap(\.framework) : []
        throw NotFound(name: name, what: what, suggestions: NameSuggestions.nearest(to: name, among: suggestions + frameworkNames))
    }

    /// Symbols the name matches: `Module.Name` within that module or framework; else the exact
    /// name, and a framework's type of that name; else a nested type ending in it.
    func candidates(named name: String, where accept: (Int) -> Bool) -> [Int] {
        if let dot = name.firstIndex(of: ".") {
            let head = String(name[..<dot]), rest = String(name[name.index(after: dot)...])
            let inModule = graph.symbols.indices.filter { symbol in
                guard accept(symbol), graph.symbols[symbol].name == rest else { return false }
                let node = graph.nodes[graph.symbols[symbol].primary]
                return node.module.map { graph.modules[$0].name == head || graph.modules[$0].importName == head } ?? false
            }
            if !inModule.isEmpty { return inModule }
        }
        let exact = graph.symbols.indices.filter { symbol in
            guard accept(symbol) else { return false }
            let symbolName = graph.symbols[symbol].name
            if symbolName == name { return true }
            let node = graph.nodes[graph.symbols[symbol].primary]
            return node.kind == .external && node.framework.map { symbolName == $0 + "." + name } == true
        }
        if !exact.isEmpty { return exact }
        return graph.symbols.indices.filter {
            graph.symbols[$0].name.hasSuffix("." + name) && graph.nodes[graph.symbols[$0].primary].kind != .witness && accept($0)
        }
    }

    /// Candidates grouped by the type they are: a framework type and the app's extensions of it
    /// are one; a declaration that two targets compile (an iOS and a tvOS app sharing a file) is
    /// one; declarations in two places are two.
    private func identities(of symbols: [Int]) -> [[Int]] {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for symbol in symbols {
            let node = graph.nodes[graph.symbols[symbol].primary]
            let simple = SymbolTable.lastComponent(graph.symbols[symbol].name)
            let key = node.kind == .external || node.declarationKind == .extension ? "framework type \(simple)"
                : node.file.map { "declared at \(graph.files[$0].path):\(node.line)" } ?? "symbol \(symbol)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(symbol)
        }
        return order.map { groups[$0]! }
    }

    private func describe(_ symbol: Int) -> String {
        let node = graph.nodes[graph.symbols[symbol].primary]
        let name = graph.symbols[symbol].name
        if node.kind == .external { return "\(name) (framework \(node.framework ?? "unknown"))" }
        let module = node.module.map { graph.modules[$0].name + "." } ?? ""
        let place = node.file.map { " (\(graph.files[$0].path):\(node.line))" } ?? ""
        return module + name + place
    }
}
