import FirebreakModel
import FirebreakScan

/// Stage 1 of `BuildDependencyGraph`: the files as the compiler sees them. A file that several
/// targets compile appears once per target (the model's files first, then the copies), each with
/// its module, the scanned modules it imports and its other imports.
struct CompiledFiles {
    let moduleMap: ModuleMap
    let files: [FileFacts]
    let declarationRoles: [[RoleAssignment]]
    let moduleOfFile: [Int]
    /// Files that take no part (package manifests).
    let excluded: Set<Int>
    let importedModules: [[Int]]
    let frameworkImports: [[String]]
    /// `reExporters[module]`: modules whose names a file of `module` may see without importing them.
    let reExporters: [[Int]]

    static let typeKinds: Set<DeclarationKind> = [.struct, .class, .enum, .protocol, .actor, .typealias]

    /// The files compiled by several targets get one copy per further target, after all files, in
    /// file order: the graph's files are the scanned ones followed by these.
    static func copies(moduleMap: ModuleMap, excludedFiles: Set<Int>) -> [(file: Int, module: Int)] {
        moduleMap.additionalModules.sorted(by: { $0.key < $1.key }).filter { !excludedFiles.contains($0.key) }
            .flatMap { file, modules in modules.map { (file, $0) } }
    }

    init(model: RoleModel, moduleMap: ModuleMap, excludedFiles: Set<Int>) {
        var files = model.files
        var roles = model.declarationRoles
        var moduleOfFile = moduleMap.moduleOfFile
        for (file, module) in Self.copies(moduleMap: moduleMap, excludedFiles: excludedFiles) {
            files.append(model.files[file])
            roles.append(model.declarationRoles[file])
            moduleOfFile.append(module)
        }
        var importedModules: [[Int]] = []
        var frameworkImports: [[String]] = []
        for file in files.indices {
            guard !excludedFiles.contains(file) else {
                importedModules.append([])
                frameworkImports.append([])
                continue
            }
            let modules = files[file].imports.map { $0.path.first ?? "" }
            let own = moduleOfFile[file]
            importedModules.append(modules.compactMap { moduleMap.resolveImport($0, from: own) }.filter { $0 != own })
            frameworkImports.append(modules.filter { !moduleMap.declaresModule(importName: $0) })
        }
        self.moduleMap = moduleMap
        self.files = files
        declarationRoles = roles
        self.moduleOfFile = moduleOfFile
        excluded = excludedFiles
        self.importedModules = importedModules
        self.frameworkImports = frameworkImports
        reExporters = Self.reExporters(moduleMap)
    }

    /// The files that take part, in order.
    var included: [Int] { files.indices.filter { !excluded.contains($0) } }

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
}
