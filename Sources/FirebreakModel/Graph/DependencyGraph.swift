import FirebreakScan

/// Declarations and what each needs to compile, over every scanned file.
///
/// Nodes are declaration parts (a type's primary declaration and each extension), witness values,
/// and framework types; a *symbol* groups the nodes of one type. Edges are stored sorted by source
/// (compressed rows), one per source and target, keeping the first place the dependency is written.
public struct DependencyGraph: Sendable {
    public enum NodeKind: String, Sendable, Codable {
        case declaration, witness, external
        /// The protocol a firewall cut would extract (firewalled graphs only).
        case `protocol`
    }

    public struct Node: Sendable {
        /// Qualified name: `ProfileView`, `ProfileView.Row`, `ProfileDependencies.live`, `CoreLocation.CLLocationManager`.
        public var name: String
        public var kind: NodeKind
        public var declarationKind: DeclarationKind?
        /// Index into the analysed files; nil for framework types and extracted protocols.
        public var file: Int?
        public var line: Int
        /// Non-blank, non-comment lines of this node alone.
        public var codeLines: Int
        /// Index into `modules`; nil for framework types.
        public var module: Int?
        /// For framework types: the framework it was attributed to.
        public var framework: String?
        public var symbol: Int
        public var role: Role
        /// Why the node has its role: the convention, path, configuration entry or protocol.
        public var roleReason: String = ""

        package init(
            name: String,
            kind: NodeKind,
            declarationKind: DeclarationKind? = nil,
            file: Int? = nil,
            line: Int,
            codeLines: Int,
            module: Int? = nil,
            framework: String? = nil,
            symbol: Int,
            role: Role,
            roleReason: String = ""
        ) {
            self.name = name
            self.kind = kind
            self.declarationKind = declarationKind
            self.file = file
            self.line = line
            self.codeLines = codeLines
            self.module = module
            self.framework = framework
            self.symbol = symbol
            self.role = role
            self.roleReason = roleReason
        }
    }

    public struct Edge: Sendable, Hashable {
        public var from: Int32
        public var to: Int32
        public var kind: EdgeKind
        /// Where the dependency is written: a file index and line; -1 when structural.
        public var file: Int32
        public var line: Int32

        /// `from << 32 | to`: the key of every edge between the same two nodes.
        public var pair: Int64 { Int64(from) << 32 | Int64(to) }

        package init(from: Int32, to: Int32, kind: EdgeKind, file: Int32, line: Int32) {
            self.from = from
            self.to = to
            self.kind = kind
            self.file = file
            self.line = line
        }
    }

    /// A type, function, variable or preview, with all its nodes.
    public struct Symbol: Sendable {
        public var name: String
        public var declarationKind: DeclarationKind?
        /// The first node: the primary declaration (or the framework type).
        public var primary: Int
        public var nodes: [Int]
        public var isView: Bool
        /// Names of members declared in the type, for "members actually used".
        public var memberNames: Set<String>
        /// For each member: the types its signature names (parameters, result, property type).
        public var signatureTargets: [String: [Int]]

        package init(
            name: String,
            declarationKind: DeclarationKind? = nil,
            primary: Int,
            nodes: [Int],
            isView: Bool,
            memberNames: Set<String>,
            signatureTargets: [String: [Int]]
        ) {
            self.name = name
            self.declarationKind = declarationKind
            self.primary = primary
            self.nodes = nodes
            self.isView = isView
            self.memberNames = memberNames
            self.signatureTargets = signatureTargets
        }
    }

    public var files: [FileFacts]
    public var modules: [ModuleInfo]
    public var nodes: [Node]
    public var symbols: [Symbol]
    public private(set) var edges: [Edge]
    /// Edges of node `n` are `edges[edgeStart[n]..<edgeStart[n + 1]]`.
    public private(set) var edgeStart: [Int]
    /// Symbols of SwiftUI views, in path order.
    public var views: [Int]
    /// For each view symbol: preview nodes that use it.
    public var previews: [Int: [Int]]
    /// For each declaration node: the member names its code reads with a dot.
    public var usedMembers: [Int: [String]]
    public var resolution: ResolutionStatistics

    public init(
        files: [FileFacts], modules: [ModuleInfo], nodes: [Node], symbols: [Symbol], edges: [Edge], views: [Int],
        previews: [Int: [Int]], usedMembers: [Int: [String]], resolution: ResolutionStatistics
    ) {
        self.files = files
        self.modules = modules
        self.nodes = nodes
        self.symbols = symbols
        self.views = views
        self.previews = previews
        self.usedMembers = usedMembers
        self.resolution = resolution
        self.edges = []
        self.edgeStart = []
        setEdges(edges)
    }

    /// Replaces all edges: sorts them by source, keeps the first of each source and target.
    /// - Parameter unique: the edges are known to be distinct and without self-loops.
    public mutating func setEdges(_ unsorted: [Edge], unique: Bool = false) {
        var kept: [Edge] = []
        if unique {
            kept = unsorted
        } else {
            var seen = Set<Int64>()
            kept.reserveCapacity(unsorted.count)
            for edge in unsorted where edge.from != edge.to {
                if seen.insert(edge.pair).inserted { kept.append(edge) }
            }
        }
        // Stable by source, so each node's edges stay in the order they were written.
        var counts = Array(repeating: 0, count: nodes.count + 1)
        for edge in kept { counts[Int(edge.from) + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var next = counts
        var sorted = kept
        for edge in kept {
            sorted[next[Int(edge.from)]] = edge
            next[Int(edge.from)] += 1
        }
        edges = sorted
        edgeStart = counts
    }

    public func successors(of node: Int) -> ArraySlice<Edge> {
        edges[edgeStart[node]..<edgeStart[node + 1]]
    }

    /// The roots of a view's closure: the view, its extensions in modules its own module can see,
    /// and the previews that show it. An app's extension of a package's view is compiled with the
    /// app, not with the package: the view's closure does not count what the extension reaches.
    public func closureRoots(ofView symbol: Int) -> [Int] {
        let module = nodes[symbols[symbol].primary].module
        let own = symbols[symbol].nodes.filter { node in
            guard let module, let other = nodes[node].module, other != module else { return true }
            return self.modules[module].declaredDependencies.contains(self.modules[other].name)
                || self.modules[module].declaredDependencies.contains(self.modules[other].importName)
        }
        return own + (previews[symbol] ?? [])
    }

    /// Symbols a user means by `name`: those with that qualified name, else those whose
    /// qualified name ends with it (`Row` finds `ProfileView.Row`). Witness values never match.
    public func symbols(named name: String, where accept: (Int) -> Bool = { _ in true }) -> [Int] {
        let exact = symbols.indices.filter { symbols[$0].name == name && accept($0) }
        if !exact.isEmpty { return exact }
        return symbols.indices.filter {
            symbols[$0].name.hasSuffix("." + name) && nodes[symbols[$0].primary].kind != .witness && accept($0)
        }
    }

    /// `File.swift:12` for an edge's position, relative like findings.
    public func location(of edge: Edge) -> String? {
        guard edge.file >= 0 else { return nil }
        return "\(files[Int(edge.file)].path):\(edge.line)"
    }
}

/// How many written names the graph could resolve, and which it could not.
public struct ResolutionStatistics: Sendable, Codable, Hashable {
    /// Type names resolved to a scanned declaration.
    public var resolved = 0
    /// Type names attributed to a framework.
    public var external = 0
    /// Type names nothing declares and no evidence attributes: counted, not guessed.
    public var unresolved = 0
    /// Type names declared more than once in the modules the file can see.
    public var ambiguous = 0
    /// The most frequent unresolved names, with counts.
    public var topUnresolved: [NameCount] = []
    public var topAmbiguous: [NameCount] = []

    public struct NameCount: Sendable, Codable, Hashable {
        public var name: String
        public var count: Int

        package init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    public init() {}
}
