import FirebreakModel

/// One refactor: extract a protocol for a concrete infrastructure type (or for the part of a
/// framework the code uses) and make every high-level user depend on it instead.
public struct FirewallCut: Sendable, Hashable {
    /// `APIClient`, or a framework's name when the cut wraps its types (`UserNotifications`).
    public var name: String
    /// The concrete types' symbols: one scanned type, or the framework types the users reach.
    public var targets: [Int]
    /// For a framework cut, the framework.
    public var framework: String?
    /// High-level nodes that depend on it, sorted.
    public var users: [Int]
    /// Every dependency the cut replaces (to the targets' declarations, extensions and
    /// witnesses), in source order.
    public var edges: [DependencyGraph.Edge]
    /// Members of the type the users read: the extracted protocol's requirements.
    public var members: [String]

    /// `from << 32 | to` of every dependency the cut replaces: all edges between those nodes go.
    public var removedPairs: Set<Int64> { Set(edges.map { $0.pair }) }

    /// Nodes the extracted protocol depends on: the types its requirements' signatures name,
    /// other than the concrete types themselves; sorted.
    public func requirementTypes(in graph: DependencyGraph) -> [Int] {
        let targets = Set(self.targets)
        return Set(self.targets.flatMap { target in members.flatMap { graph.symbols[target].signatureTargets[$0] ?? [] } })
            .filter { !targets.contains(graph.nodes[$0].symbol) }.sorted()
    }
}

/// Finds the cuts and builds the graph as if they were made.
public struct FirewallPlanner: Sendable {
    public let frameworks: InfrastructureFrameworks
    /// Scanned types whose shared instance high-level code reads, as `singleton-access` judges
    /// them (`singletonSymbols`): cut wherever high-level code depends on them, whatever their
    /// role, so the plan cuts what lint asks to inject.
    public let singletons: Set<Int>

    public init(frameworks: InfrastructureFrameworks = InfrastructureFrameworks(), singletons: Set<Int> = []) {
        self.frameworks = frameworks
        self.singletons = singletons
    }

    /// The planner for a configuration's `forbidden_imports`.
    public init(configuration: Configuration, singletons: Set<Int> = []) {
        self.init(frameworks: InfrastructureFrameworks(configuration.forbiddenImports), singletons: singletons)
    }

    /// The planner of a prepared project: its configuration's frameworks and its singletons.
    public init(_ prepared: Pipeline.Prepared, configuration: Configuration) {
        self.init(configuration: configuration, singletons: Self.singletonSymbols(prepared.graph, model: prepared.model))
    }

    /// Scanned classes and actors (not views) with a shared instance that `singleton-access`
    /// reports when high-level code reads it: one that keeps state or does I/O (a class keeping
    /// state in memory is high-level, yet a view reading its shared instance still compiles
    /// against it and everything it reaches).
    public static func singletonSymbols(_ graph: DependencyGraph, model: RoleModel) -> Set<Int> {
        var singletons = Set<Int>()
        for (index, symbol) in graph.symbols.enumerated() where !symbol.isView && (symbol.declarationKind == .class || symbol.declarationKind == .actor) {
            let witnesses = symbol.nodes.filter { graph.nodes[$0].kind == .witness }
            guard !witnesses.isEmpty, let type = model.symbols.resolvedIndex(symbol.name) else { continue }
            let shared = witnesses.contains { model.isSharedInstance(typeIndex: type, member: SymbolTable.lastComponent(graph.nodes[$0].name)) }
            if shared { singletons.insert(index) }
        }
        return singletons
    }

    /// Platform types whose shared instances are services (`UserDefaults`, `URLSession`…).
    static let singletonTypes = Set(ServiceKnowledge.builtInSingletons.compactMap { $0.split(separator: ".").first.map(String.init) })

    /// Concrete infrastructure: a scanned type whose role is infrastructure and that is a
    /// service (a class or actor; a struct or enum only when it implements a scanned protocol,
    /// keeps a shared or live value, or is named like a service: request and response values
    /// are data, not something to hide behind a protocol), or a framework type from an
    /// infrastructure framework or a known platform service.
    public func isConcreteInfrastructure(_ symbol: Int, in graph: DependencyGraph) -> Bool {
        let primary = graph.nodes[graph.symbols[symbol].primary]
        if primary.kind == .external {
            let bare = SymbolTable.lastComponent(primary.name)
            return primary.framework.map(frameworks.contains) == true
                || ServiceKnowledge.builtInServiceClasses[bare] != nil || Self.singletonTypes.contains(bare)
        }
        guard primary.role == .infrastructure, let kind = graph.symbols[symbol].declarationKind else { return false }
        if kind == .class || kind == .actor { return true }
        guard kind == .struct || kind == .enum else { return false }
        let nodes = graph.symbols[symbol].nodes
        let implementsProtocol = nodes.contains { node in
            graph.successors(of: node).contains { edge in
                edge.kind == .inheritance && graph.nodes[Int(edge.to)].kind == .declaration
                    && graph.nodes[Int(edge.to)].declarationKind == .protocol
            }
        }
        let keepsWitness = nodes.contains { graph.nodes[$0].kind == .witness }
        return implementsProtocol || keepsWitness || RoleConventions.hasServiceName(SymbolTable.lastComponent(graph.symbols[symbol].name))
    }

    /// Every dependency from high-level code to concrete infrastructure, grouped by scanned
    /// target type, or by framework for framework types: wrapping one framework type alone
    /// rarely removes the framework.
    public func cuts(in graph: DependencyGraph) -> [FirewallCut] {
        var byTarget: [String: FirewallCut] = [:]
        var concrete: [Int: Bool] = [:]
        for (index, node) in graph.nodes.enumerated() where node.role == .highLevel && node.kind != .external {
            for edge in graph.successors(of: index) where edge.kind.isCuttable {
                let target = graph.nodes[Int(edge.to)].symbol
                guard target != node.symbol else { continue }
                let isConcrete = concrete[target] ?? (isConcreteInfrastructure(target, in: graph) || singletons.contains(target))
                concrete[target] = isConcrete
                guard isConcrete else { continue }
                let framework = graph.nodes[graph.symbols[target].primary].framework
                let key = framework.map { "framework " + $0 } ?? "type \(target)"
                var cut = byTarget[key] ?? FirewallCut(
                    name: framework ?? graph.symbols[target].name, targets: [], framework: framework,
                    users: [], edges: [], members: [])
                if !cut.targets.contains(target) { cut.targets.append(target) }
                cut.edges.append(edge)
                byTarget[key] = cut
            }
        }
        return byTarget.values.sorted { ($0.targets[0], $0.name) < ($1.targets[0], $1.name) }.map { found in
            var cut = found
            cut.targets.sort()
            cut.users = Array(Set(cut.edges.map { Int($0.from) })).sorted()
            // Witness values (`shared`, `live`) stay on the concrete type: they are what the
            // composition root passes in, not requirements.
            var declared = Set<String>()
            for target in cut.targets {
                let witnesses = Set(graph.symbols[target].nodes.filter { graph.nodes[$0].kind == .witness }
                    .map { SymbolTable.lastComponent(graph.nodes[$0].name) })
                declared.formUnion(graph.symbols[target].memberNames.subtracting(witnesses))
            }
            let used = Set(cut.users.flatMap { user in
                graph.symbols[graph.nodes[user].symbol].nodes.flatMap { graph.usedMembers[$0] ?? [] }
            })
            cut.members = used.intersection(declared).sorted()
            return cut
        }
    }

    /// The graph with each cut made: users lose their edges to the concrete type and gain one to
    /// a new protocol node, which depends only on the types in its requirements' signatures.
    public func applying(_ cuts: [FirewallCut], to graph: DependencyGraph) -> DependencyGraph {
        guard !cuts.isEmpty else { return graph }
        var result = graph
        var removed = Set<Int64>()
        var added: [DependencyGraph.Edge] = []
        for cut in cuts {
            result.nodes.append(DependencyGraph.Node(
                name: "protocol for \(cut.name)", kind: .protocol, declarationKind: .protocol, file: nil,
                line: 0, codeLines: 2 + cut.members.count, module: nil, framework: nil,
                symbol: result.symbols.count, role: .highLevel))
            let stub = result.nodes.count - 1
            result.symbols.append(DependencyGraph.Symbol(
                name: "protocol for \(cut.name)", declarationKind: .protocol, primary: stub, nodes: [stub],
                isView: false, memberNames: Set(cut.members), signatureTargets: [:]))
            // `cut.edges` holds every cuttable edge from a user to any of the targets' nodes,
            // witnesses (`APIClient.shared`) included.
            removed.formUnion(cut.removedPairs)
            for edge in cut.edges {
                added.append(DependencyGraph.Edge(from: edge.from, to: Int32(stub), kind: .firewall, file: edge.file, line: edge.line))
            }
            for type in cut.requirementTypes(in: graph) {
                added.append(DependencyGraph.Edge(from: Int32(stub), to: Int32(type), kind: .firewall, file: -1, line: 0))
            }
        }
        var seen = Set<Int64>()
        let newEdges = added.filter { seen.insert($0.pair).inserted }
        let kept = graph.edges.filter { !removed.contains($0.pair) }
        result.setEdges(kept + newEdges, unique: true)
        return result
    }
}
