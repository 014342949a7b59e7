import FirebreakModel
import FirebreakScan

/// Name lookup, the way the compiler does it as far as syntax allows.
extension GraphBuilder {
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
}
