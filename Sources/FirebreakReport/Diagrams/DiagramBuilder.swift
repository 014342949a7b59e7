import FirebreakModel
import FirebreakScan

/// Turns the dependency graph into diagrams: a view's closure, a type's closure, the module graph.
///
/// Large drawings collapse before Graphviz sees them (types → files → modules): `dot` on a few
/// thousand nodes can run for many minutes, so above `maxNodes` the builder coarsens and says so.
public struct DiagramBuilder: Sendable {
    public enum Granularity: String, Sendable, CaseIterable {
        case types, files, modules
    }

    public struct Options: Sendable {
        public var depth: Int?
        public var granularity: Granularity
        public var firewalled: Bool
        public var excludeExternals: Bool
        public var maxNodes: Int
        /// The module graph leaves test targets out unless asked: they depend on everything and
        /// nothing depends on them, so they only tangle the drawing.
        public var includeTests: Bool
        /// Closures leave previews and mocks (exempt code) out unless asked: they are not what the
        /// view compiles against, and at small depths they crowd it out.
        public var includePreviews: Bool

        public init(depth: Int? = nil, granularity: Granularity = .types, firewalled: Bool = false,
                    excludeExternals: Bool = false, maxNodes: Int = 80, includeTests: Bool = false,
                    includePreviews: Bool = false) {
            self.depth = depth
            self.granularity = granularity
            self.firewalled = firewalled
            self.excludeExternals = excludeExternals
            self.maxNodes = maxNodes
            self.includeTests = includeTests
            self.includePreviews = includePreviews
        }
    }

    public struct NotFound: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public let graph: DependencyGraph
    let firewalledGraph: DependencyGraph
    /// `(from node, to node)` of every dependency the plan cuts.
    let cutEdges: Set<Int64>
    /// `path:line>Type` → rule id, for the rules a dependency edge can carry: an edge is a violation
    /// when it leaves the finding's line for the type the finding names, not for another type
    /// written on the same line.
    let violations: [String: String]

    /// A finding as the diagram marks it: where, and the symbol it names (`APIClient.shared`).
    public typealias MarkedFinding = (rule: String, path: String, line: Int, symbol: String)

    /// - Parameter firewalled: the plan's graph with every cut made (`Analyzer.firewalledGraph`);
    ///   nil draws no firewalled closures and marks no suggested cuts (a saved report's graph).
    public init(graph: DependencyGraph, firewalled: FirewalledGraph? = nil, findings: [MarkedFinding]) {
        self.graph = graph
        firewalledGraph = firewalled?.graph ?? graph
        cutEdges = firewalled?.cutEdges ?? []
        violations = Self.violations(findings)
    }

    static func violations(_ findings: [MarkedFinding]) -> [String: String] {
        var violations: [String: String] = [:]
        let edgeRules: Set<String> = ["singleton-access", "concrete-instantiation", "concrete-default-argument"]
        for finding in findings where edgeRules.contains(finding.rule) {
            let key = "\(finding.path):\(finding.line)>\(targetType(of: finding.symbol))"
            violations[key] = violations[key] ?? finding.rule
        }
        return violations
    }

    /// The simple name of the type a finding's symbol names: `APIClient` of `APIClient.shared`,
    /// of `APIClient.shared()` and of `Networking.APIClient`.
    static func targetType(of symbol: String) -> String {
        let name = symbol.hasSuffix("()") ? String(symbol.dropLast(2)) : symbol
        let components = name.split(separator: ".")
        // A member is written in lower camel case, a type in upper: `A.B.shared` names `B`.
        if components.count > 1, components.last?.first?.isLowercase == true { return String(components[components.count - 2]) }
        return String(components.last ?? "")
    }

    /// The rule of the finding an edge of `source` carries, if any.
    func violation(of edge: DependencyGraph.Edge, in source: DependencyGraph) -> String? {
        guard let location = source.location(of: edge) else { return nil }
        let target = SymbolTable.lastComponent(source.symbols[source.nodes[Int(edge.to)].symbol].name)
        return violations[location + ">" + target]
    }

    // MARK: - Entry points

    public var viewNames: [String] { graph.views.map { graph.symbols[$0].name } }

    public func view(_ name: String, options: Options) throws -> Diagram {
        let symbols = try matching(name, what: "view") { graph.symbols[$0].isView }
        let roots = symbols.flatMap { graph.closureRoots(ofView: $0) }
        // The previews that show the view are roots of its closure (a preview build compiles
        // them), drawn only with --include-previews like the previews and mocks it reaches.
        let previewRoots = Set(symbols.flatMap { graph.previews[$0] ?? [] })
        let what = options.firewalled ? "firewalled closure" : "closure"
        return closureDiagram(title: "\(graph.symbols[symbols[0]].name): \(what)", roots: roots, previewRoots: previewRoots, options: options)
    }

    public func type(_ name: String, options: Options) throws -> Diagram {
        let symbols = try matching(name, what: "type") { _ in true }
        let roots = symbols.flatMap { graph.symbols[$0].nodes }
        return closureDiagram(title: "\(graph.symbols[symbols[0]].name): what it pulls in", roots: roots, options: options)
    }

    private func matching(_ name: String, what: String, where accept: (Int) -> Bool) throws -> [Int] {
        do {
            return try SymbolLookup(graph).symbols(named: name, what: what, frameworks: what == "type", where: accept)
        } catch let notFound as SymbolLookup.NotFound {
            throw NotFound(description: notFound.description)
        } catch let ambiguous as SymbolLookup.Ambiguous {
            throw NotFound(description: ambiguous.description)
        }
    }

    // MARK: - Closures

    func closureDiagram(title: String, roots: [Int], previewRoots: Set<Int> = [], options: Options) -> Diagram {
        let source = options.firewalled ? firewalledGraph : graph
        let reach = reach(from: roots, previewRoots: previewRoots, in: source, options: options)
        var notes: [String] = []
        if reach.leftOut > 0 {
            notes.append("\(reach.leftOut) \(reach.leftOut == 1 ? "preview or mock" : "previews and mocks") left out (--include-previews draws them)")
        }
        let rootSymbols = Set(roots.map { source.nodes[$0].symbol })
        let isRoot = { (node: Int) in rootSymbols.contains(source.nodes[node].symbol) }
        var diagram: Diagram
        if options.granularity == .types, let nearSide = nearSide(reach, in: source, options: options) {
            let radius = nearSide.radius
            let kept = radius == 0 ? "the root and what its findings name" : "types within \(radius) \(radius == 1 ? "step" : "steps") of the root"
            notes.append("\(kept); farther code collapsed to modules: \(nearSide.typeCount) types exceed the limit of \(options.maxNodes)")
            diagram = assemble(title: title, notes: notes, reached: reach.nodes, in: source, key: nearSide.key, isRoot: isRoot)
        } else {
            let (granularity, collapsed) = granularity(for: [(reach.nodes, source)], options: options)
            diagram = assemble(title: title, notes: notes + collapsed, reached: reach.nodes, in: source, granularity: granularity,
                               isRoot: isRoot)
        }
        diagram.closureLines = Self.codeLines(reach.nodes, in: source)
        return diagram
    }

    /// Code lines of reached nodes: frameworks and extracted protocols have none of their own.
    static func codeLines(_ reached: [Int], in source: DependencyGraph) -> Int {
        reached.reduce(0) { total, node in
            source.nodes[node].framework == nil && source.nodes[node].kind != .protocol ? total + source.nodes[node].codeLines : total
        }
    }

    /// What a closure's walk reached: nodes breadth-first, each one's depth in symbol hops, and how
    /// many exempt symbols (previews, mocks) it left out.
    struct Reach {
        var nodes: [Int]
        var depth: [Int: Int]
        var leftOut: Int
    }

    /// Nodes reached from `roots`, breadth-first by symbol hops, so --depth counts what a reader
    /// sees as one step. Previews and mocks are left out unless asked; a root is left out only if it
    /// is a preview, a `#Preview` or one of `previewRoots` (and not the only root: `graph --type`
    /// of a preview's own name).
    func reach(from roots: [Int], previewRoots: Set<Int> = [], in source: DependencyGraph, options: Options) -> Reach {
        let isLeftOut = { (node: Int) in
            !options.includePreviews && (source.nodes[node].role == .exempt || source.nodes[node].declarationKind == .preview)
        }
        // Of the roots, only previews are left out: the drawn type itself stays whatever its role.
        let isLeftOutRoot = { (node: Int) in
            !options.includePreviews && (source.nodes[node].declarationKind == .preview || previewRoots.contains(node))
        }
        let kept = roots.contains { !isLeftOutRoot($0) } ? roots.filter { !isLeftOutRoot($0) } : roots
        var leftOut = Set(roots.filter { !kept.contains($0) }.map { source.nodes[$0].symbol })
        var depth = Array(repeating: -1, count: source.nodes.count)
        var queue: [Int] = []
        for root in kept where depth[root] == -1 {
            depth[root] = 0
            queue.append(root)
        }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            // At the depth limit only a finding's edges go on, one step: a drawing that stops
            // short of what its own code is reported for hides the reason it was asked for.
            let atLimit = options.depth.map { depth[node] >= $0 } ?? false
            for edge in source.successors(of: node) {
                let next = Int(edge.to)
                guard depth[next] == -1 else { continue }
                if atLimit, depth[node] > options.depth! || violation(of: edge, in: source) == nil { continue }
                // Framework types are drawn one node per framework; the platform ones every file
                // sees (Swift, Foundation, SwiftUI…) are left out as noise.
                if source.nodes[next].kind == .external,
                   options.excludeExternals || source.nodes[next].framework.map(ExternalFrameworks.platform.contains) ?? true {
                    continue
                }
                if isLeftOut(next) {
                    leftOut.insert(source.nodes[next].symbol)
                    continue
                }
                let sameSymbol = source.nodes[next].symbol == source.nodes[node].symbol
                depth[next] = depth[node] + (sameSymbol ? 0 : 1)
                queue.append(next)
            }
        }
        return Reach(nodes: queue, depth: Dictionary(uniqueKeysWithValues: queue.map { ($0, depth[$0]) }), leftOut: leftOut.count)
    }

    /// When the types do not fit in `maxNodes`: the largest radius around the roots whose types,
    /// with what their findings name and everything farther drawn one node per module (or
    /// framework), fit; radius 0 is the roots alone. Nil when the types fit, or when not even the
    /// roots do (the whole drawing collapses then).
    func nearSide(_ reach: Reach, in source: DependencyGraph, options: Options)
        -> (radius: Int, typeCount: Int, key: (Int) -> String)? {
        let typeCount = Set(reach.nodes.map { unitKey(of: $0, in: source, .types) }).count
        guard typeCount > options.maxNodes else { return nil }
        // A symbol is as near as its nearest node, so an extension in another file does not split it.
        var symbolDepth: [Int: Int] = [:]
        for node in reach.nodes {
            let symbol = source.nodes[node].symbol
            symbolDepth[symbol] = min(symbolDepth[symbol] ?? Int.max, reach.depth[node] ?? 0)
        }
        let deepest = symbolDepth.values.max() ?? 0
        for radius in stride(from: deepest - 1, through: 0, by: -1) {
            let pinned = violationTargets(of: reach.nodes, within: radius, symbolDepth: symbolDepth, in: source)
            let key = { (node: Int) -> String in
                if (symbolDepth[source.nodes[node].symbol] ?? 0) <= radius || pinned.contains(source.nodes[node].symbol) {
                    return self.unitKey(of: node, in: source, .types)
                }
                let module = self.unitKey(of: node, in: source, .modules)
                // "r:": the rest of a module, told apart from the types near the root that it also holds.
                return module.hasPrefix("m:") ? "r:" + module.dropFirst(2) : module
            }
            if Set(reach.nodes.map(key)).count <= options.maxNodes { return (radius, typeCount, key) }
        }
        return nil
    }

    /// Symbols a finding of the near side names (its edge's target): drawn as themselves, so the
    /// finding's edge reads as what was reported rather than as an edge into a module's far side.
    func violationTargets(of reached: [Int], within radius: Int, symbolDepth: [Int: Int], in source: DependencyGraph) -> Set<Int> {
        var targets = Set<Int>()
        let reachedSet = Set(reached)
        for node in reached where (symbolDepth[source.nodes[node].symbol] ?? 0) <= radius {
            for edge in source.successors(of: node) where reachedSet.contains(Int(edge.to)) && violation(of: edge, in: source) != nil {
                targets.insert(source.nodes[Int(edge.to)].symbol)
            }
        }
        return targets
    }

    /// The finest granularity at which every drawing fits in `maxNodes`, and what was collapsed.
    func granularity(for drawings: [(reached: [Int], source: DependencyGraph)], options: Options) -> (Granularity, [String]) {
        var granularity = options.granularity
        var notes: [String] = []
        while true {
            let count = drawings.map { drawing in
                Set(drawing.reached.map { unitKey(of: $0, in: drawing.source, granularity) }).count
            }.max() ?? 0
            guard count > options.maxNodes, let coarser = Self.coarser(granularity) else { break }
            notes.append("collapsed from \(granularity.rawValue) to \(coarser.rawValue): \(count) nodes exceed the limit of \(options.maxNodes)")
            granularity = coarser
        }
        return (granularity, notes)
    }

    static func coarser(_ granularity: Granularity) -> Granularity? {
        switch granularity {
        case .types: return .files
        case .files: return .modules
        case .modules: return nil
        }
    }

    /// The drawn unit a node belongs to at a granularity: its symbol, file, or module; framework
    /// types collapse to their framework at files and modules.
    func unitKey(of node: Int, in source: DependencyGraph, _ granularity: Granularity) -> String {
        let item = source.nodes[node]
        if let framework = item.framework { return "x:" + framework }
        switch granularity {
        case .types: return "t:" + source.symbols[item.symbol].name
        case .files: return item.file.map { "f:" + source.files[$0].path } ?? "t:" + source.symbols[item.symbol].name
        case .modules: return item.module.map { "m:" + source.modules[$0].name } ?? "t:" + source.symbols[item.symbol].name
        }
    }

    func assemble(
        title: String, notes: [String], reached: [Int], in source: DependencyGraph, granularity: Granularity,
        isRoot: (Int) -> Bool
    ) -> Diagram {
        assemble(title: title, notes: notes, reached: reached, in: source, key: { unitKey(of: $0, in: source, granularity) },
                 isRoot: isRoot)
    }

    /// One drawn node per distinct `key`, edges between them, violations and cuts marked.
    func assemble(
        title: String, notes: [String], reached: [Int], in source: DependencyGraph, key unitKey: (Int) -> String,
        isRoot: (Int) -> Bool
    ) -> Diagram {
        var members: [String: [Int]] = [:]
        for node in reached { members[unitKey(node), default: []].append(node) }
        let keys = members.keys.sorted()
        var ids: [String: String] = [:]
        var used = Set<String>()
        for key in keys {
            let base = DOTWriter.identifier(String(key.prefix(1)) + "_" + key.dropFirst(2))
            var id = base
            var suffix = 2
            while used.contains(id) {
                id = base + "_\(suffix)"
                suffix += 1
            }
            used.insert(id)
            ids[key] = id
        }
        var nodes: [Diagram.Node] = []
        for key in keys {
            let group = members[key]!
            let first = source.nodes[group[0]]
            let lines = group.reduce(0) { $0 + source.nodes[$1].codeLines }
            // Files are labelled by name; types, modules and frameworks by the key itself; the far
            // side of a module by its name too.
            var label = key.hasPrefix("f:") ? String(key.dropFirst(2).split(separator: "/").last ?? "") : String(key.dropFirst(2))
            if key.hasPrefix("r:") { label += " (farther code)" }
            let module = first.framework.map { _ in "frameworks" } ?? first.module.map { source.modules[$0].name }
            nodes.append(Diagram.Node(
                id: ids[key]!, label: label,
                detail: first.kind == .external ? "framework" : first.kind == .protocol ? "extracted" : "\(Figures.grouped(lines)) lines",
                module: module, layer: layer(of: group, in: source), isRoot: group.contains(where: isRoot)))
        }
        var edges: [String: Diagram.Edge] = [:]
        let reachedSet = Set(reached)
        for node in reached {
            let from = unitKey(node)
            for edge in source.successors(of: node) where reachedSet.contains(Int(edge.to)) {
                let to = unitKey(Int(edge.to))
                guard from != to else { continue }
                let key = ids[from]! + ">" + ids[to]!
                var drawn = edges[key] ?? Diagram.Edge(from: ids[from]!, to: ids[to]!, label: nil, violation: nil, isCut: false)
                if drawn.violation == nil, edge.kind != .firewall { drawn.violation = violation(of: edge, in: source) }
                if cutEdges.contains(edge.pair) || edge.kind == .firewall { drawn.isCut = true }
                edges[key] = drawn
            }
        }
        return Diagram(title: title, nodes: nodes, edges: edges.keys.sorted().map { edges[$0]! }, notes: notes)
    }

    /// Infrastructure wins over presentation, presentation over domain; a group of framework
    /// types alone is external.
    func layer(of group: [Int], in source: DependencyGraph) -> Diagram.Layer {
        let layers = Set(group.map { index -> Diagram.Layer in
            let node = source.nodes[index]
            if node.kind == .external { return .external }
            if node.role == .infrastructure { return .infrastructure }
            // Views, view models, controllers and previews; high-level protocols and values are the domain.
            if node.declarationKind == .preview { return .presentation }
            if node.role == .highLevel, source.symbols[node.symbol].isView
                || node.declarationKind == .class || node.declarationKind == .actor {
                return .presentation
            }
            return .domain
        })
        if layers.contains(.infrastructure) { return .infrastructure }
        if layers == [.external] { return .external }
        if layers.contains(.presentation) { return .presentation }
        return .domain
    }

    // MARK: - Modules

    public func modules(options: Options) -> Diagram {
        var (nodes, moduleIDs, testTargets) = moduleNodes(options: options)
        var edges: [String: (Diagram.Edge, Int)] = [:]
        var frameworkIDs: [String: String] = [:]
        // A framework gets a box only when a violation reaches it; the others a module uses are
        // listed in its box: thirty framework boxes with an edge from most modules were most of
        // a real app's drawing, and said less than the list.
        let violatingFrameworks = options.excludeExternals ? [] : frameworksReachedByViolations()
        var usedFrameworks: [Int: Set<String>] = [:]
        for (index, node) in graph.nodes.enumerated() {
            guard let module = node.module, moduleIDs[module] != nil else { continue }
            for edge in graph.successors(of: index) {
                let target = graph.nodes[Int(edge.to)]
                let to: String
                if let other = target.module, other != module {
                    guard let id = moduleIDs[other] else { continue }
                    to = id
                } else if let framework = target.framework, !options.excludeExternals, !ExternalFrameworks.platform.contains(framework) {
                    guard violatingFrameworks.contains(framework) else {
                        usedFrameworks[module, default: []].insert(framework)
                        continue
                    }
                    let id = frameworkIDs[framework] ?? "x_" + DOTWriter.identifier(framework)
                    frameworkIDs[framework] = id
                    to = id
                } else {
                    continue
                }
                let key = moduleIDs[module]! + ">" + to
                var entry = edges[key] ?? (Diagram.Edge(from: moduleIDs[module]!, to: to, label: nil, violation: nil, isCut: false), 0)
                entry.1 += 1
                if entry.0.violation == nil { entry.0.violation = violation(of: edge, in: graph) }
                if cutEdges.contains(edge.pair) { entry.0.isCut = true }
                edges[key] = entry
            }
        }
        for (module, frameworks) in usedFrameworks {
            guard let position = nodes.firstIndex(where: { $0.id == moduleIDs[module] }) else { continue }
            nodes[position].detail = (nodes[position].detail.map { $0 + "\n" } ?? "") + Self.frameworkList(frameworks)
        }
        for (framework, id) in frameworkIDs.sorted(by: { $0.key < $1.key }) {
            nodes.append(Diagram.Node(id: id, label: framework, detail: "framework", module: "frameworks", layer: .external, isRoot: false))
        }
        let drawn = edges.keys.sorted().map { key -> Diagram.Edge in
            var edge = edges[key]!.0
            edge.label = edge.violation == nil ? "\(edges[key]!.1)" : nil
            return edge
        }
        let notes = testTargets == 0 ? [] : ["\(testTargets) test \(testTargets == 1 ? "target" : "targets") left out (--include-tests draws them)"]
        var diagram = Diagram(title: "Modules (A abstractness, I instability, D distance from the main sequence)",
                              nodes: nodes, edges: drawn, notes: notes)
        diagram.labelsBesideEdges = true
        return diagram
    }

    /// A box per module (test targets only with `--include-tests`) with its metrics, by name.
    private func moduleNodes(options: Options) -> (nodes: [Diagram.Node], ids: [Int: String], testTargets: Int) {
        let metrics = Dictionary(uniqueKeysWithValues: ModuleMetrics.measure(graph).map { ($0.name, $0) })
        var nodes: [Diagram.Node] = []
        var moduleIDs: [Int: String] = [:]
        var testTargets = 0
        for (index, module) in graph.modules.enumerated().sorted(by: { $0.element.name < $1.element.name }) {
            if !options.includeTests, module.kind?.isTestCode == true {
                testTargets += 1
                continue
            }
            let id = "m_" + DOTWriter.identifier(module.name) + "_\(index)"
            moduleIDs[index] = id
            let detail = metrics[module.name].map { m in
                "A \(Self.decimal(m.abstractness)) · I \(Self.decimal(m.instability)) · D \(Self.decimal(m.distance))\n"
                    + "\(Figures.grouped(m.lines)) lines, \(m.files) files"
            }
            nodes.append(Diagram.Node(id: id, label: module.name, detail: detail, module: nil, layer: moduleLayer(index), isRoot: false))
        }
        return (nodes, moduleIDs, testTargets)
    }

    /// Frameworks that some dependency a lint rule reports reaches.
    private func frameworksReachedByViolations() -> Set<String> {
        var frameworks = Set<String>()
        for (index, node) in graph.nodes.enumerated() where node.module != nil {
            for edge in graph.successors(of: index) {
                guard let framework = graph.nodes[Int(edge.to)].framework, violation(of: edge, in: graph) != nil else { continue }
                frameworks.insert(framework)
            }
        }
        return frameworks
    }

    /// "uses Charts, Nuke, SwiftSoup and 2 more"
    static func frameworkList(_ frameworks: Set<String>) -> String {
        let sorted = frameworks.sorted()
        let shown = sorted.prefix(3).joined(separator: ", ")
        return sorted.count > 3 ? "uses \(shown) and \(sorted.count - 3) more" : "uses \(shown)"
    }

    /// The layer holding most of a module's lines.
    func moduleLayer(_ module: Int) -> Diagram.Layer {
        var lines: [Diagram.Layer: Int] = [:]
        for (index, node) in graph.nodes.enumerated() where node.module == module {
            lines[layer(of: [index], in: graph), default: 0] += node.codeLines
        }
        return lines.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? .domain
    }

    static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
