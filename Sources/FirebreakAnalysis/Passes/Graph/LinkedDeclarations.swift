import FirebreakModel
import FirebreakScan

/// Stage 5 of `BuildDependencyGraph`: the dependency edges. Structure (nesting, witnesses), then
/// every reference a declaration writes, resolved by `NameLookup` and counted, then the uses that
/// reach a type's extensions in other modules.
struct LinkedDeclarations {
    let compiled: CompiledFiles
    /// `declarationNode[file][declaration]`, -1 for excluded files.
    let declarationNode: [[Int]]
    let parts: GraphParts
    let statistics: ResolutionStatistics

    /// - Parameter lap: called after each of the three kinds of edges, for timings.
    init(_ grouped: GroupedSymbols, knowledge: ServiceKnowledge, lap: (String) -> Void) {
        var linking = Linking(grouped: grouped, knowledge: knowledge)
        linking.addStructuralEdges()
        lap("  structural edges")
        linking.addReferenceEdges()
        lap("  reference edges")
        linking.addForeignExtensionEdges()
        lap("  foreign extension edges")
        compiled = grouped.named.compiled
        declarationNode = grouped.named.declarationNode
        parts = linking.parts
        statistics = linking.tally.finished
    }

    /// Resolutions counted: how many names resolved, and the most frequent that did not.
    private struct Tally {
        var statistics = ResolutionStatistics()
        var unresolved: [String: Int] = [:]
        var ambiguous: [String: Int] = [:]

        mutating func count(_ outcome: NameLookup.Outcome) {
            switch outcome.resolution {
            case .node: statistics.resolved += 1
            case .external: statistics.external += 1
            case .ambiguous:
                statistics.ambiguous += 1
                ambiguous[outcome.countedName, default: 0] += 1
            case .unresolved:
                statistics.unresolved += 1
                unresolved[outcome.countedName, default: 0] += 1
            case .notAReference: break
            }
        }

        var finished: ResolutionStatistics {
            var result = statistics
            result.topUnresolved = Self.top(unresolved)
            result.topAmbiguous = Self.top(ambiguous)
            return result
        }

        static func top(_ counts: [String: Int]) -> [ResolutionStatistics.NameCount] {
            counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(20)
                .map { ResolutionStatistics.NameCount(name: $0.key, count: $0.value) }
        }
    }

    private struct Linking {
        /// Extensions in another module than their type, by the type's node.
        let foreignExtensions: [Int: [Int]]
        let knowledge: ServiceKnowledge
        let lookup: NameLookup
        var parts: GraphParts
        var tally = Tally()
        /// Witness nodes by symbol and member name.
        var witnesses: [Int: [String: [Int]]] = [:]

        let compiled: CompiledFiles
        let named: NamedDeclarations

        init(grouped: GroupedSymbols, knowledge: ServiceKnowledge) {
            foreignExtensions = grouped.foreignExtensions
            self.knowledge = knowledge
            compiled = grouped.named.compiled
            named = grouped.named
            parts = grouped.parts
            lookup = grouped.named.lookup(nodes: grouped.parts.nodes)
        }

        mutating func addStructuralEdges() {
            for file in compiled.included {
                for (index, declaration) in compiled.files[file].declarations.enumerated() {
                    let node = named.declarationNode[file][index]
                    if let parent = declaration.parent {
                        parts.addEdge(node, named.declarationNode[file][parent], .nesting, file: file, line: declaration.startLine)
                    }
                    for witness in (named.witnessNode[file][index] ?? [:]).values.sorted() {
                        parts.addEdge(witness, node, .witness, file: file, line: parts.nodes[witness].line)
                    }
                }
            }
        }

        /// Resolving names is most of the work and reads only the lookup: it runs per file on
        /// every core. The edges (and the framework nodes they create) are then added in file and
        /// reference order, so the graph is the same as one thread would build.
        mutating func addReferenceEdges() {
            for node in parts.nodes.indices where parts.nodes[node].kind == .witness {
                let member = SymbolTable.lastComponent(parts.nodes[node].name)
                witnesses[parts.nodes[node].symbol, default: [:]][member, default: []].append(node)
            }
            let included = compiled.included
            let resolver = self
            let resolved = ParallelMap.map(included.count) { resolver.resolveReferences(of: included[$0]) }
            // By index: copying each resolved reference out retained its edges and names.
            for (position, file) in included.enumerated() {
                for index in resolved[position].indices { add(resolved[position][index], file: file) }
            }
        }

        /// A reference with its name looked up: the edges it adds, not yet added.
        private struct ResolvedReference {
            enum Target {
                case node(Int)
                case external(framework: String, name: String)
            }

            var source: Int
            var line: Int
            /// Counted in the resolution statistics (type names, not value names).
            var outcome: NameLookup.Outcome?
            var edges: [(target: Target, kind: EdgeKind)] = []
            /// The member whose signature names the target.
            var signatureMember: String?
        }

        private func resolveReferences(of file: Int) -> [ResolvedReference] {
            // The scopes a name is looked up in depend on its declaration only.
            var scopes: [Int: NameLookup.Scope] = [:]
            var resolved: [ResolvedReference] = []
            for reference in compiled.files[file].references {
                guard let owner = reference.owner else { continue }
                let source = reference.member.flatMap { named.witnessNode[file][owner]?[$0] } ?? named.declarationNode[file][owner]
                let scope = scopes[owner] ?? lookup.scopes(file: file, owner: owner)
                scopes[owner] = scope
                resolved.append(resolve(reference, from: source, scope: scope, file: file))
            }
            return resolved
        }

        private func resolve(_ reference: ReferenceFact, from source: Int, scope: NameLookup.Scope, file: Int) -> ResolvedReference {
            var result = ResolvedReference(source: source, line: reference.position.line)
            if reference.isValueName {
                result.edges = lookup.resolveValue(reference.name, file: file).map { (.node($0), .reference) }
                return result
            }
            var kind = EdgeKind(reference.kind)
            let target: ResolvedReference.Target
            let outcome = lookup.resolveCounting(reference.name, file: file, scope: scope)
            result.outcome = outcome
            switch outcome.resolution {
            case .node(let node):
                target = .node(node)
                let symbol = parts.nodes[node].symbol
                if let member = reference.staticMember, let witness = witness(named: member, of: symbol, from: file) {
                    if ServiceKnowledge.isSingletonPropertyName(member), parts.symbols[symbol].declarationKind?.isReferenceType == true {
                        kind = .singletonAccess
                    }
                    result.edges.append((.node(witness), kind))
                }
            case .external(let framework, let name):
                target = .external(framework: framework, name: name)
                if let member = reference.staticMember,
                   knowledge.isExternalSingleton(type: SymbolTable.lastComponent(name), member: member) {
                    kind = .singletonAccess
                }
            default:
                return result
            }
            result.edges.append((target, kind))
            if let member = reference.member, kind.isSignature { result.signatureMember = member }
            return result
        }

        private mutating func add(_ reference: ResolvedReference, file: Int) {
            if let outcome = reference.outcome { tally.count(outcome) }
            var last: Int?
            for (target, kind) in reference.edges {
                let node: Int
                switch target {
                case .node(let existing): node = existing
                case .external(let framework, let name): node = parts.externalNode(framework: framework, name: name)
                }
                parts.addEdge(reference.source, node, kind, file: file, line: reference.line)
                last = node
            }
            if let member = reference.signatureMember, let target = last {
                parts.symbols[parts.nodes[reference.source].symbol].signatureTargets[member, default: []].append(target)
            }
        }

        /// A witness the file can see: in the type's module, the file's own, or one it imports (an
        /// extension in another target declares a witness only that target sees).
        func witness(named member: String, of symbol: Int, from file: Int) -> Int? {
            let typeModule = parts.nodes[parts.symbols[symbol].primary].module
            return witnesses[symbol]?[member]?.first { node in
                guard let module = parts.nodes[node].module else { return true }
                return module == typeModule || module == compiled.moduleOfFile[file] || compiled.importedModules[file].contains(module)
            }
        }

        /// A use of a type reaches the type's extensions from another module when the user's file is
        /// in that module or imports it: a watch target does not see the iOS app's extensions.
        mutating func addForeignExtensionEdges() {
            guard !foreignExtensions.isEmpty else { return }
            var added: [DependencyGraph.Edge] = []
            for use in parts.edges where use.kind != .extension && use.kind != .nesting {
                guard let extensions = foreignExtensions[Int(use.to)], let from = parts.nodes[Int(use.from)].file,
                      let module = parts.nodes[Int(use.from)].module else { continue }
                for node in extensions {
                    guard let extensionModule = parts.nodes[node].module,
                          extensionModule == module || compiled.importedModules[from].contains(extensionModule) else { continue }
                    added.append(GraphParts.edge(Int(use.from), node, .extension, file: Int(use.file), line: Int(use.line)))
                }
            }
            parts.edges += added
        }
    }
}
