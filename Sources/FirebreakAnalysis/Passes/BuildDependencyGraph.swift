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
        var builder = GraphBuilder(pass: self, model: model)
        let graph = builder.build()
        return (graph, builder.timings)
    }
}

enum Resolution {
    case node(Int)
    case external(framework: String, name: String)
    case ambiguous
    case unresolved
    case notAReference
}

/// The graph under construction: each step below fills part of it, in `build()`'s order.
struct GraphBuilder {
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
}
