import FirebreakModel
import FirebreakScan

/// What a module or a file says about the types in it, beyond each type's own code.
enum ModuleBehaviour {
    /// Modules that declare no view and no type named like a view model, and where some type does
    /// I/O itself or stores a type of such a module: a networking or persistence package, and a
    /// backend package around it, whose observable classes (an image loader, a client) are
    /// services, not view models.
    static func infrastructureModules(symbols: SymbolTable, views: Set<Int>, evidence: InputOutputEvidence, moduleOfFile: [Int]) -> Set<Int> {
        guard !moduleOfFile.isEmpty else { return [] }
        func module(_ index: Int) -> Int? {
            let file = symbols.types[index].declarations[0].file
            return moduleOfFile.indices.contains(file) && moduleOfFile[file] >= 0 ? moduleOfFile[file] : nil
        }
        var infrastructure: Set<Int> = []
        var declaresViews: Set<Int> = []
        for index in symbols.types.indices {
            guard let module = module(index) else { continue }
            let name = symbols.types[index].simpleName
            if views.contains(index) || RoleConventions.viewModelSuffixes.contains(where: name.hasSuffix) { declaresViews.insert(module) }
            if evidence.firstUse[index] != nil { infrastructure.insert(module) }
        }
        infrastructure.subtract(declaresViews)
        var changed = true
        while changed {
            changed = false
            for index in symbols.types.indices {
                guard let owner = module(index), !infrastructure.contains(owner), !declaresViews.contains(owner),
                      evidence.links[index].contains(where: { module($0.type).map(infrastructure.contains) ?? false }) else { continue }
                infrastructure.insert(owner)
                changed = true
            }
        }
        return infrastructure
    }

    /// Views declared in the file of an `@main` type and named in no other file, private or not:
    /// wiring of the entry point (a root view that builds the services after sign-in, as
    /// SwiftUI-Enterprise-App's `AuthenticatedRootView` does), part of the composition root.
    static func mainFileViews(files: [FileFacts], symbols: SymbolTable, views: Set<Int>) -> [Int: String] {
        var mainOfFile: [Int: String] = [:]
        for type in symbols.types where type.attributes.contains("main") {
            mainOfFile[type.declarations[0].file] = type.qualifiedName
        }
        guard !mainOfFile.isEmpty else { return [:] }
        var candidates: [String: Int] = [:]
        for index in views.sorted() where symbols.types[index].declarations.count == 1 && symbols.types[index].extensions.isEmpty {
            let id = symbols.types[index].declarations[0]
            let file = id.file
            if mainOfFile[file] != nil, candidates[symbols.types[index].simpleName] == nil { candidates[symbols.types[index].simpleName] = index }
        }
        guard !candidates.isEmpty else { return [:] }
        var namedElsewhere: Set<String> = []
        for (file, facts) in files.enumerated() {
            for reference in facts.references {
                let name = reference.name.lastNameComponent
                if let index = candidates[name], symbols.types[index].declarations[0].file != file { namedElsewhere.insert(name) }
            }
        }
        var result: [Int: String] = [:]
        for (name, index) in candidates where !namedElsewhere.contains(name) {
            result[index] = mainOfFile[symbols.types[index].declarations[0].file]
        }
        return result
    }
}
