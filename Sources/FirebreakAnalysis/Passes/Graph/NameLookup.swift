import FirebreakModel
import FirebreakScan

/// What a written name refers to.
enum Resolution {
    case node(Int)
    case external(framework: String, name: String)
    case ambiguous
    case unresolved
    case notAReference
}

/// Name lookup, the way the compiler does it as far as syntax allows, over the names known when
/// it is made (a value: a later stage makes its own with more names known).
struct NameLookup {
    let compiled: CompiledFiles
    /// Declaration nodes: their files, and their symbols once grouped.
    let nodes: [DependencyGraph.Node]
    let declarationNode: [[Int]]
    let qualifiedNames: [[String?]]
    /// `typeTable[module][qualified name]`: primary declaration nodes.
    let typeTable: [[String: [Int]]]
    let valueTable: [[String: [Int]]]
    /// The modules that declare each type name: one hash of a name says where to look (most
    /// names a file writes are the frameworks', declared in no scanned module).
    let modulesDeclaring: [String: [Int]]

    init(compiled: CompiledFiles, nodes: [DependencyGraph.Node], declarationNode: [[Int]], qualifiedNames: [[String?]],
         typeTable: [[String: [Int]]], valueTable: [[String: [Int]]]) {
        self.compiled = compiled
        self.nodes = nodes
        self.declarationNode = declarationNode
        self.qualifiedNames = qualifiedNames
        self.typeTable = typeTable
        self.valueTable = valueTable
        var modulesDeclaring: [String: [Int]] = [:]
        for (module, table) in typeTable.enumerated() {
            for name in table.keys { modulesDeclaring[name, default: []].append(module) }
        }
        self.modulesDeclaring = modulesDeclaring
    }

    /// Type names enclosing a declaration, innermost first, and the generic parameters in scope.
    typealias Scope = (types: [String], generics: Set<String>)

    /// A resolution, and the name it counts under when it is ambiguous or unresolved.
    struct Outcome {
        let resolution: Resolution
        let countedName: String
    }

    /// Type names enclosing `owner`, innermost first, and the generic parameters in scope.
    func scopes(file: Int, owner: Int?) -> Scope {
        var types: [String] = []
        var generics = Set<String>()
        var current = owner
        let declarations = compiled.files[file].declarations
        while let index = current {
            let declaration = declarations[index]
            generics.formUnion(declaration.genericParameters)
            if declaration.kind != .function, declaration.kind != .variable, declaration.kind != .preview,
               let name = qualifiedNames[file][index] {
                types.append(name)
                if declaration.kind == .extension,
                   let primary = typeTable[compiled.moduleOfFile[file]][name]?.first, let primaryFile = nodes[primary].file,
                   let primaryIndex = declarationNode[primaryFile].firstIndex(of: primary) {
                    generics.formUnion(compiled.files[primaryFile].declarations[primaryIndex].genericParameters)
                }
            }
            current = declaration.parent
        }
        return (types, generics)
    }

    func resolveType(_ path: String, file: Int, owner: Int?) -> Resolution {
        resolveCounting(path, file: file, owner: owner).resolution
    }

    func resolveCounting(_ path: String, file: Int, owner: Int?) -> Outcome {
        resolveCounting(path, file: file, scope: scopes(file: file, owner: owner))
    }

    /// `resolveCounting(_:file:owner:)` with the owner's scopes already known: a declaration's
    /// references share them.
    func resolveCounting(_ path: String, file: Int, scope: Scope) -> Outcome {
        // Most names have no dot: no split, and their only prefix is themselves.
        let components = path.isQualifiedName ? path.nameComponents : [path]
        guard let first = components.first else { return Outcome(resolution: .notAReference, countedName: path) }
        if scope.generics.contains(first) { return Outcome(resolution: .notAReference, countedName: path) }
        let module = compiled.moduleOfFile[file]

        if components.count > 1, let named = compiled.moduleMap.resolveImport(first, from: module) {
            let rest = components.dropFirst().joined(separator: ".")
            if let hit = typeTable[named][rest], let choice = choose(hit, file: file) {
                return Outcome(resolution: .node(choice), countedName: path)
            }
        }
        for type in scope.types {
            if let hit = typeTable[module][type + "." + path], let choice = choose(hit, file: file) {
                return Outcome(resolution: .node(choice), countedName: path)
            }
        }
        // `A.B.C` that only resolves as `A.B` or `A` still depends on what resolved.
        for length in stride(from: components.count, through: 1, by: -1) {
            let prefix = components.count == 1 ? components[0] : components.prefix(length).joined(separator: ".")
            switch lookupVisible(prefix, file: file, module: module) {
            case .node(let node): return Outcome(resolution: .node(node), countedName: path)
            case .ambiguous: return Outcome(resolution: .ambiguous, countedName: prefix)
            default: continue
            }
        }
        if let attribution = ExternalFrameworks.attribute(path, imports: compiled.frameworkImports[file]) {
            return Outcome(resolution: .external(framework: attribution.framework, name: path), countedName: path)
        }
        return Outcome(resolution: .unresolved, countedName: path)
    }

    /// One of several declarations of a name in a module: the one in the same file, or the only one.
    func choose(_ candidates: [Int], file: Int) -> Int? {
        if candidates.count == 1 { return candidates[0] }
        if let local = candidates.first(where: { nodes[$0].file == file }) { return local }
        let symbolsHit = Set(candidates.map { nodes[$0].symbol })
        return symbolsHit.count == 1 ? candidates[0] : nil
    }

    func lookupVisible(_ name: String, file: Int, module: Int) -> Resolution {
        guard let holders = modulesDeclaring[name] else { return .unresolved }
        if holders.contains(module), let hit = typeTable[module][name] {
            return choose(hit, file: file).map(Resolution.node) ?? .ambiguous
        }
        let imported = compiled.importedModules[file].compactMap { imported in
            holders.contains(imported) ? typeTable[imported][name].flatMap { choose($0, file: file) } : nil
        }
        if imported.count == 1 { return .node(imported[0]) }
        if imported.count > 1 { return .ambiguous }
        // Declared in a scanned module the file does not import: reached through a re-export, so
        // only from modules the target depends on, when it says which.
        let elsewhere = compiled.reExporters[module].compactMap { other in
            holders.contains(other) ? typeTable[other][name].flatMap { choose($0, file: file) } : nil
        }
        if elsewhere.count == 1 { return .node(elsewhere[0]) }
        return elsewhere.isEmpty ? .unresolved : .ambiguous
    }

    func resolveValue(_ name: String, file: Int) -> [Int] {
        let module = compiled.moduleOfFile[file]
        if let hit = valueTable[module][name] { return hit }
        return compiled.importedModules[file].flatMap { valueTable[$0][name] ?? [] }
    }
}
