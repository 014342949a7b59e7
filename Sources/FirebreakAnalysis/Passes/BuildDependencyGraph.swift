import FirebreakModel
import FirebreakScan

/// Builds the dependency graph from scanned facts, roles and modules.
///
/// Names resolve the way the compiler looks them up, as far as syntax allows: generic
/// parameters first (not dependencies), then nested types of each enclosing type, innermost
/// first, then the file's own module, then the scanned modules it imports. A name declared in
/// more than one visible place is *ambiguous* and one no scanned file declares is *external*:
/// both are counted, and only evidence attributes an external name to a framework.
public struct BuildDependencyGraph: Sendable {
    public let moduleMap: ModuleMap
    public let knowledge: ServiceKnowledge
    public let viewProtocols: ViewProtocols
    /// Files that take no part (package manifests).
    public let excludedFiles: Set<Int>

    public init(moduleMap: ModuleMap, knowledge: ServiceKnowledge = ServiceKnowledge(),
                viewProtocols: ViewProtocols = ViewProtocols(), excludedFiles: Set<Int> = []) {
        self.moduleMap = moduleMap
        self.knowledge = knowledge
        self.viewProtocols = viewProtocols
        self.excludedFiles = excludedFiles
    }

    public func callAsFunction(_ model: RoleModel) -> DependencyGraph {
        timed(model).graph
    }

    /// The graph, and how long each of its steps took.
    public func timed(_ model: RoleModel) -> (graph: DependencyGraph, timings: PhaseTimings) {
        var builder = Builder(pass: self, model: model)
        let graph = builder.build()
        return (graph, builder.timings)
    }
}

private enum Resolution {
    case node(Int)
    case external(framework: String, name: String)
    case ambiguous
    case unresolved
    case notAReference
}

private struct Builder {
    let pass: BuildDependencyGraph
    /// The model's files, then a copy of each file for every further target that compiles it.
    let files: [FileFacts]
    let declarationRoles: [[RoleAssignment]]
    let moduleOfFile: [Int]

    var nodes: [DependencyGraph.Node] = []
    var symbols: [DependencyGraph.Symbol] = []
    var edges: [DependencyGraph.Edge] = []
    /// `declarationNode[file][declaration]`, -1 for excluded files.
    var declarationNode: [[Int]] = []
    var witnessNode: [[Int: [String: Int]]] = []
    var qualifiedNames: [[String?]] = []
    /// What each extension's written name resolves to, looked up once.
    var extensionTargets: [[Int: Resolution]] = []
    /// `typeTable[module][qualified name]`: primary declaration nodes.
    var typeTable: [[String: [Int]]]
    var valueTable: [[String: [Int]]]
    var externalNodes: [String: Int] = [:]
    /// Extensions declared in another module than their type, by the type's node: only code that
    /// sees the extension's module reaches them.
    var foreignExtensions: [Int: [Int]] = [:]
    /// Witness nodes by symbol and member name, filled before reference edges need them.
    var witnesses: [Int: [String: [Int]]] = [:]
    var statistics = ResolutionStatistics()
    var unresolvedCounts: [String: Int] = [:]
    var ambiguousCounts: [String: Int] = [:]
    /// Scanned-module names each file imports, and its other imports.
    var importedModules: [[Int]] = []
    var frameworkImports: [[String]] = []
    /// `reExporters[module]`: modules whose names a file of `module` may see without importing them.
    let reExporters: [[Int]]
    var timings = PhaseTimings()

    init(pass: BuildDependencyGraph, model: RoleModel) {
        self.pass = pass
        var files = model.files
        var roles = model.declarationRoles
        var moduleOfFile = pass.moduleMap.moduleOfFile
        for (file, modules) in pass.moduleMap.additionalModules.sorted(by: { $0.key < $1.key })
            where !pass.excludedFiles.contains(file) {
            for module in modules {
                files.append(model.files[file])
                roles.append(model.declarationRoles[file])
                moduleOfFile.append(module)
            }
        }
        self.files = files
        declarationRoles = roles
        self.moduleOfFile = moduleOfFile
        reExporters = Self.reExporters(pass.moduleMap)
        typeTable = Array(repeating: [:], count: pass.moduleMap.modules.count)
        valueTable = Array(repeating: [:], count: pass.moduleMap.modules.count)
    }

    /// The modules a target depends on, transitively, when its description names dependencies that
    /// were scanned; otherwise every module but test targets.
    static func reExporters(_ map: ModuleMap) -> [[Int]] {
        var byName: [String: Int] = [:]
        for (index, module) in map.modules.enumerated() {
            byName[module.importName] = byName[module.importName] ?? index
        }
        for (index, module) in map.modules.enumerated() { byName[module.name] = index }
        let direct = map.modules.map { $0.declaredDependencies.compactMap { byName[$0] } }
        return map.modules.indices.map { module in
            var seen: Set<Int> = [module]
            var stack = direct[module]
            while let next = stack.popLast() {
                if seen.insert(next).inserted { stack += direct[next] }
            }
            seen.remove(module)
            if !seen.isEmpty { return seen.sorted() }
            return map.modules.indices.filter { $0 != module && map.modules[$0].kind?.isTestCode != true }
        }
    }

    static let typeKinds: Set<DeclarationKind> = [.struct, .class, .enum, .protocol, .actor, .typealias]

    mutating func build() -> DependencyGraph {
        for file in files.indices {
            guard !pass.excludedFiles.contains(file) else {
                importedModules.append([])
                frameworkImports.append([])
                continue
            }
            let modules = files[file].imports.map { $0.path.first ?? "" }
            let own = moduleOfFile[file]
            importedModules.append(modules.compactMap { pass.moduleMap.resolveImport($0, from: own) }.filter { $0 != own })
            frameworkImports.append(modules.filter { !pass.moduleMap.declaresModule(importName: $0) })
        }
        timings = PhaseTimings()
        createNodes()
        timings.lap("  nodes")
        nameDeclarations()
        timings.lap("  names")
        groupSymbols()
        timings.lap("  symbols")
        addStructuralEdges()
        timings.lap("  structural edges")
        addReferenceEdges()
        timings.lap("  reference edges")
        addForeignExtensionEdges()
        timings.lap("  foreign extension edges")
        let (views, previews) = findViewsAndPreviews()
        timings.lap("  views")
        statistics.topUnresolved = Self.top(unresolvedCounts)
        statistics.topAmbiguous = Self.top(ambiguousCounts)
        var usedMembers: [Int: [String]] = [:]
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for (index, declaration) in files[file].declarations.enumerated() where !declaration.usedMembers.isEmpty {
                usedMembers[declarationNode[file][index]] = declaration.usedMembers
            }
        }
        return DependencyGraph(
            files: files, modules: pass.moduleMap.modules, nodes: nodes, symbols: symbols, edges: edges,
            views: views, previews: previews, usedMembers: usedMembers, resolution: statistics)
    }

    static func top(_ counts: [String: Int]) -> [ResolutionStatistics.NameCount] {
        counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(20)
            .map { ResolutionStatistics.NameCount(name: $0.key, count: $0.value) }
    }

    // MARK: - Nodes

    mutating func createNodes() {
        for file in files.indices {
            guard !pass.excludedFiles.contains(file) else {
                declarationNode.append(Array(repeating: -1, count: files[file].declarations.count))
                witnessNode.append([:])
                qualifiedNames.append(Array(repeating: nil, count: files[file].declarations.count))
                continue
            }
            var fileNodes: [Int] = []
            var fileWitnesses: [Int: [String: Int]] = [:]
            for (index, declaration) in files[file].declarations.enumerated() {
                let role = declarationRoles[file][index].role
                let reason = declarationRoles[file][index].reason
                nodes.append(DependencyGraph.Node(
                    name: declaration.name, kind: .declaration, declarationKind: declaration.kind, file: file,
                    line: declaration.startLine, codeLines: declaration.codeLines, module: moduleOfFile[file],
                    framework: nil, symbol: -1, role: role, roleReason: reason))
                fileNodes.append(nodes.count - 1)
                for member in declaration.members where member.isWitness && fileWitnesses[index]?[member.name] == nil {
                    nodes.append(DependencyGraph.Node(
                        name: member.name, kind: .witness, declarationKind: nil, file: file, line: member.startLine,
                        codeLines: member.codeLines, module: moduleOfFile[file], framework: nil, symbol: -1, role: role,
                        roleReason: reason))
                    fileWitnesses[index, default: [:]][member.name] = nodes.count - 1
                }
            }
            declarationNode.append(fileNodes)
            witnessNode.append(fileWitnesses)
            qualifiedNames.append(Array(repeating: nil, count: fileNodes.count))
        }
    }

    func chainHasExtension(_ file: Int, _ index: Int) -> Bool {
        var current: Int? = index
        while let position = current {
            if files[file].declarations[position].kind == .extension { return true }
            current = files[file].declarations[position].parent
        }
        return false
    }

    /// Qualified names: first everything outside extensions, then each extension by what its
    /// written name resolves to, then what is nested in extensions.
    mutating func nameDeclarations() {
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for index in files[file].declarations.indices where !chainHasExtension(file, index) {
                register(file, index, name: SymbolTable.qualifiedName(of: index, in: files[file]))
            }
        }
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for (index, declaration) in files[file].declarations.enumerated() where declaration.kind == .extension {
                if case .node(let target) = resolveType(declaration.name, file: file, owner: nil, count: false) {
                    qualifiedNames[file][index] = nodes[target].name
                } else {
                    qualifiedNames[file][index] = declaration.name
                }
                nodes[declarationNode[file][index]].name = qualifiedNames[file][index]!
                for (member, witness) in witnessNode[file][index] ?? [:] {
                    nodes[witness].name = qualifiedNames[file][index]! + "." + member
                }
            }
        }
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for index in files[file].declarations.indices where qualifiedNames[file][index] == nil {
                register(file, index, name: qualifiedName(file, index))
            }
        }
        // Resolved again now that types nested in extensions are named: `extension Outer.Inner`
        // joins `Inner` even when `Inner` is declared inside `extension Outer`.
        extensionTargets = Array(repeating: [:], count: files.count)
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for (index, declaration) in files[file].declarations.enumerated() where declaration.kind == .extension {
                extensionTargets[file][index] = resolveType(declaration.name, file: file, owner: nil, count: false)
            }
        }
    }

    func qualifiedName(_ file: Int, _ index: Int) -> String {
        if let known = qualifiedNames[file][index] { return known }
        let declaration = files[file].declarations[index]
        guard let parent = declaration.parent else { return declaration.name }
        return qualifiedName(file, parent) + "." + declaration.name
    }

    mutating func register(_ file: Int, _ index: Int, name: String) {
        qualifiedNames[file][index] = name
        let node = declarationNode[file][index]
        nodes[node].name = name
        let declaration = files[file].declarations[index]
        let module = moduleOfFile[file]
        if Self.typeKinds.contains(declaration.kind) {
            typeTable[module][name, default: []].append(node)
        } else if declaration.kind == .function || declaration.kind == .variable {
            valueTable[module][name, default: []].append(node)
        }
        for (member, witness) in witnessNode[file][index] ?? [:] { nodes[witness].name = name + "." + member }
    }

    // MARK: - Symbols

    mutating func newSymbol(primary: Int, isView: Bool = false) -> Int {
        symbols.append(DependencyGraph.Symbol(
            name: nodes[primary].name, declarationKind: nodes[primary].declarationKind, primary: primary,
            nodes: [primary], isView: isView, memberNames: [], signatureTargets: [:]))
        nodes[primary].symbol = symbols.count - 1
        return symbols.count - 1
    }

    mutating func join(_ node: Int, _ symbol: Int) {
        nodes[node].symbol = symbol
        symbols[symbol].nodes.append(node)
    }

    mutating func groupSymbols() {
        var typeSymbols: [Int: [String: Int]] = [:]  // module → qualified name → symbol
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for (index, declaration) in files[file].declarations.enumerated() where declaration.kind != .extension {
                let node = declarationNode[file][index]
                let module = moduleOfFile[file]
                if Self.typeKinds.contains(declaration.kind), declaration.kind != .typealias,
                   let existing = typeSymbols[module]?[nodes[node].name] {
                    join(node, existing)
                } else {
                    let symbol = newSymbol(primary: node)
                    if Self.typeKinds.contains(declaration.kind) { typeSymbols[module, default: [:]][nodes[node].name] = symbol }
                }
            }
        }
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for (index, declaration) in files[file].declarations.enumerated() where declaration.kind == .extension {
                let node = declarationNode[file][index]
                let resolution = extensionTargets[file][index]
                if case .node(let target) = resolution {
                    join(node, nodes[target].symbol)
                    edges.append(edge(node, target, .extension, file: file, line: declaration.startLine))
                    if nodes[node].module == nodes[target].module {
                        edges.append(edge(target, node, .extension, file: -1, line: 0))
                    } else {
                        foreignExtensions[target, default: []].append(node)
                    }
                } else {
                    // An extension of a framework type depends on that type; nothing in the scanned
                    // code names the extension, so it is reached only through its own users' names.
                    _ = newSymbol(primary: node)
                    if case .external(let framework, let name) = resolution {
                        edges.append(edge(node, externalNode(framework: framework, name: name), .extension,
                                          file: file, line: declaration.startLine))
                    }
                }
            }
        }
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for (index, declaration) in files[file].declarations.enumerated() {
                let symbol = nodes[declarationNode[file][index]].symbol
                symbols[symbol].memberNames.formUnion(declaration.members.map(\.name))
                for witness in (witnessNode[file][index] ?? [:]).values.sorted() { join(witness, symbol) }
            }
        }
    }

    func edge(_ from: Int, _ to: Int, _ kind: EdgeKind, file: Int, line: Int) -> DependencyGraph.Edge {
        DependencyGraph.Edge(from: Int32(from), to: Int32(to), kind: kind, file: Int32(file), line: Int32(line))
    }

    // MARK: - Edges

    /// A use of a type reaches the type's extensions from another module when the user's file is
    /// in that module or imports it: a watch target does not see the iOS app's extensions.
    mutating func addForeignExtensionEdges() {
        guard !foreignExtensions.isEmpty else { return }
        var added: [DependencyGraph.Edge] = []
        for use in edges where use.kind != .extension && use.kind != .nesting {
            guard let extensions = foreignExtensions[Int(use.to)], let from = nodes[Int(use.from)].file,
                  let module = nodes[Int(use.from)].module else { continue }
            for node in extensions {
                guard let extensionModule = nodes[node].module,
                      extensionModule == module || importedModules[from].contains(extensionModule) else { continue }
                added.append(edge(Int(use.from), node, .extension, file: Int(use.file), line: Int(use.line)))
            }
        }
        edges += added
    }

    mutating func addStructuralEdges() {
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for (index, declaration) in files[file].declarations.enumerated() {
                let node = declarationNode[file][index]
                if let parent = declaration.parent {
                    edges.append(edge(node, declarationNode[file][parent], .nesting, file: file, line: declaration.startLine))
                }
                for witness in (witnessNode[file][index] ?? [:]).values.sorted() {
                    edges.append(edge(witness, node, .witness, file: file, line: nodes[witness].line))
                }
            }
        }
    }

    mutating func addReferenceEdges() {
        for node in nodes.indices where nodes[node].kind == .witness {
            let member = SymbolTable.lastComponent(nodes[node].name)
            witnesses[nodes[node].symbol, default: [:]][member, default: []].append(node)
        }
        for file in files.indices where !pass.excludedFiles.contains(file) {
            for reference in files[file].references {
                guard let owner = reference.owner else { continue }
                let source = reference.member.flatMap { witnessNode[file][owner]?[$0] } ?? declarationNode[file][owner]
                let line = reference.position.line
                if reference.isValueName {
                    for target in resolveValue(reference.name, file: file) {
                        edges.append(edge(source, target, .reference, file: file, line: line))
                    }
                    continue
                }
                var kind = EdgeKind(reference.kind)
                let target: Int
                switch resolveType(reference.name, file: file, owner: owner, count: true) {
                case .node(let node):
                    target = node
                    if let member = reference.staticMember, let witness = witness(named: member, of: nodes[node].symbol, from: file) {
                        if ServiceKnowledge.isSingletonPropertyName(member),
                           symbols[nodes[node].symbol].declarationKind?.isReferenceType == true {
                            kind = .singletonAccess
                        }
                        edges.append(edge(source, witness, kind, file: file, line: line))
                    }
                case .external(let framework, let name):
                    target = externalNode(framework: framework, name: name)
                    if let member = reference.staticMember,
                       pass.knowledge.isExternalSingleton(type: SymbolTable.lastComponent(name), member: member) {
                        kind = .singletonAccess
                    }
                default:
                    continue
                }
                edges.append(edge(source, target, kind, file: file, line: line))
                if let member = reference.member, kind.isSignature {
                    symbols[nodes[source].symbol].signatureTargets[member, default: []].append(target)
                }
            }
        }
    }

    /// A witness the file can see: in the type's module, the file's own, or one it imports (an
    /// extension in another target declares a witness only that target sees).
    func witness(named member: String, of symbol: Int, from file: Int) -> Int? {
        let typeModule = nodes[symbols[symbol].primary].module
        return witnesses[symbol]?[member]?.first { node in
            guard let module = nodes[node].module else { return true }
            return module == typeModule || module == moduleOfFile[file] || importedModules[file].contains(module)
        }
    }

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

    // MARK: - Resolution

    /// Type names enclosing `owner`, innermost first, and the generic parameters in scope.
    func scopes(file: Int, owner: Int?) -> (types: [String], generics: Set<String>) {
        var types: [String] = []
        var generics = Set<String>()
        var current = owner
        while let index = current {
            let declaration = files[file].declarations[index]
            generics.formUnion(declaration.genericParameters)
            if declaration.kind != .function, declaration.kind != .variable, declaration.kind != .preview,
               let name = qualifiedNames[file][index] {
                types.append(name)
                if declaration.kind == .extension,
                   let primary = typeTable[moduleOfFile[file]][name]?.first, let primaryFile = nodes[primary].file,
                   let primaryIndex = declarationNode[primaryFile].firstIndex(of: primary) {
                    generics.formUnion(files[primaryFile].declarations[primaryIndex].genericParameters)
                }
            }
            current = declaration.parent
        }
        return (types, generics)
    }

    mutating func resolveType(_ path: String, file: Int, owner: Int?, count: Bool) -> Resolution {
        let components = path.split(separator: ".").map(String.init)
        guard let first = components.first else { return .notAReference }
        let scope = scopes(file: file, owner: owner)
        if scope.generics.contains(first) { return .notAReference }
        let module = moduleOfFile[file]

        if components.count > 1, let named = pass.moduleMap.resolveImport(first, from: module) {
            let rest = components.dropFirst().joined(separator: ".")
            if let hit = typeTable[named][rest], let choice = choose(hit, file: file) {
                if count { statistics.resolved += 1 }
                return .node(choice)
            }
        }
        for type in scope.types {
            if let hit = typeTable[module][type + "." + path], let choice = choose(hit, file: file) {
                if count { statistics.resolved += 1 }
                return .node(choice)
            }
        }
        // `A.B.C` that only resolves as `A.B` or `A` still depends on what resolved.
        for length in stride(from: components.count, through: 1, by: -1) {
            let prefix = components.prefix(length).joined(separator: ".")
            switch lookupVisible(prefix, file: file, module: module) {
            case .node(let node):
                if count { statistics.resolved += 1 }
                return .node(node)
            case .ambiguous:
                if count {
                    statistics.ambiguous += 1
                    ambiguousCounts[prefix, default: 0] += 1
                }
                return .ambiguous
            default:
                continue
            }
        }
        if let attribution = ExternalFrameworks.attribute(path, imports: frameworkImports[file]) {
            if count { statistics.external += 1 }
            return .external(framework: attribution.framework, name: path)
        }
        if count {
            statistics.unresolved += 1
            unresolvedCounts[path, default: 0] += 1
        }
        return .unresolved
    }

    /// One of several declarations of a name in a module: the one in the same file, or the only one.
    func choose(_ candidates: [Int], file: Int) -> Int? {
        if candidates.count == 1 { return candidates[0] }
        if let local = candidates.first(where: { nodes[$0].file == file }) { return local }
        let symbolsHit = Set(candidates.map { nodes[$0].symbol })
        return symbolsHit.count == 1 ? candidates[0] : nil
    }

    func lookupVisible(_ name: String, file: Int, module: Int) -> Resolution {
        if let hit = typeTable[module][name] {
            return choose(hit, file: file).map(Resolution.node) ?? .ambiguous
        }
        let imported = importedModules[file].compactMap { typeTable[$0][name].flatMap { choose($0, file: file) } }
        if imported.count == 1 { return .node(imported[0]) }
        if imported.count > 1 { return .ambiguous }
        // Declared in a scanned module the file does not import: reached through a re-export, so
        // only from modules the target depends on, when it says which.
        let elsewhere = reExporters[module].compactMap { typeTable[$0][name].flatMap { choose($0, file: file) } }
        if elsewhere.count == 1 { return .node(elsewhere[0]) }
        return elsewhere.isEmpty ? .unresolved : .ambiguous
    }

    func resolveValue(_ name: String, file: Int) -> [Int] {
        let module = moduleOfFile[file]
        if let hit = valueTable[module][name] { return hit }
        return importedModules[file].flatMap { valueTable[$0][name] ?? [] }
    }

    // MARK: - Views and previews

    /// Views: structs, classes and enums that reach a view protocol through conformances,
    /// refining protocols, superclasses or typealiases. Types declared in the file that declares a
    /// `View` protocol (a stub standing in for SwiftUI), or in a scanned module named SwiftUI, are
    /// that framework's, not screens.
    mutating func findViewsAndPreviews() -> ([Int], [Int: [Int]]) {
        var previewNodes: [Int] = []
        let bySource = Dictionary(grouping: edges, by: { Int($0.from) })
        var viewLike = Set<Int>()
        var frameworkFiles = Set<Int>()
        for node in nodes.indices {
            let isSeed: Bool
            switch nodes[node].kind {
            case .external: isSeed = pass.viewProtocols.matchesExternal(nodes[node].name)
            case .declaration:
                guard let module = nodes[node].module, symbols[nodes[node].symbol].primary == node else { continue }
                isSeed = pass.viewProtocols.matchesDeclared(nodes[node].name, module: pass.moduleMap.modules[module].importName)
                // A declared `View` stands in for SwiftUI: what its file declares is the framework's.
                if isSeed, nodes[node].name == "View", let file = nodes[node].file { frameworkFiles.insert(file) }
            default: isSeed = false
            }
            if isSeed { viewLike.insert(nodes[node].symbol) }
        }
        let seeds = viewLike
        // Conformance edges, and every edge out of a typealias (its aliased type).
        var conformances: [(from: Int, to: Int)] = []
        for node in nodes.indices where nodes[node].kind == .declaration {
            if nodes[node].declarationKind == .preview { previewNodes.append(node) }
            let isAlias = nodes[node].declarationKind == .typealias
            for edge in bySource[node] ?? [] where edge.kind == .inheritance || (isAlias && edge.kind != .nesting) {
                conformances.append((nodes[node].symbol, nodes[Int(edge.to)].symbol))
                if edge.kind == .inheritance, nodes[Int(edge.to)].name == "SwiftUI.PreviewProvider" { previewNodes.append(node) }
            }
        }
        var changed = !viewLike.isEmpty
        while changed {
            changed = false
            for (from, to) in conformances where viewLike.contains(to) && !viewLike.contains(from) {
                viewLike.insert(from)
                changed = true
            }
        }
        let viewSymbols = viewLike.subtracting(seeds).filter { symbol in
            let kind = symbols[symbol].declarationKind
            guard kind == .struct || kind == .class || kind == .enum else { return false }
            let primary = nodes[symbols[symbol].primary]
            guard let module = primary.module, let file = primary.file else { return false }
            return !frameworkFiles.contains(file) && pass.moduleMap.modules[module].importName != "SwiftUI"
        }
        for symbol in viewSymbols { symbols[symbol].isView = true }
        var previews: [Int: [Int]] = [:]
        for preview in previewNodes {
            for edge in bySource[preview] ?? [] where symbols[nodes[Int(edge.to)].symbol].isView {
                let symbol = nodes[Int(edge.to)].symbol
                if previews[symbol]?.contains(preview) != true { previews[symbol, default: []].append(preview) }
            }
        }
        let views = viewSymbols.sorted { symbols[$0].primary < symbols[$1].primary }
        return (views, previews)
    }
}
