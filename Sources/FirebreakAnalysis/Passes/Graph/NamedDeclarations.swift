import FirebreakModel
import FirebreakScan

/// Stage 3 of `BuildDependencyGraph`: every declaration's qualified name, the per-module tables
/// of type and value names, and what each extension's written name resolves to.
struct NamedDeclarations {
    let compiled: CompiledFiles
    /// The declaration nodes, named.
    let nodes: [DependencyGraph.Node]
    let declarationNode: [[Int]]
    let witnessNode: [[Int: [String: Int]]]
    let qualifiedNames: [[String?]]
    let typeTable: [[String: [Int]]]
    let valueTable: [[String: [Int]]]
    /// What each extension's written name resolves to, looked up once.
    let extensionTargets: [[Int: Resolution]]

    /// Qualified names: first everything outside extensions, then each extension by what its
    /// written name resolves to, then what is nested in extensions.
    init(_ declared: DeclarationNodes) {
        var naming = Naming(declared)
        let compiled = declared.compiled
        let included = compiled.included
        for file in included {
            for index in compiled.files[file].declarations.indices where !naming.chainHasExtension(file, index) {
                naming.register(file, index, name: SymbolTable.qualifiedName(of: index, in: compiled.files[file]))
            }
        }
        let extensionLookup = naming.lookup
        for file in included {
            for (index, declaration) in compiled.files[file].declarations.enumerated() where declaration.kind == .extension {
                let name: String
                if case .node(let target) = extensionLookup.resolveType(declaration.name, file: file, owner: nil) {
                    name = naming.nodes[target].name
                } else {
                    name = declaration.name
                }
                naming.name(file, index, name)
            }
        }
        for file in included {
            for index in compiled.files[file].declarations.indices where naming.qualifiedNames[file][index] == nil {
                naming.register(file, index, name: naming.qualifiedName(file, index))
            }
        }
        // Resolved again now that types nested in extensions are named: `extension Outer.Inner`
        // joins `Inner` even when `Inner` is declared inside `extension Outer`.
        let lookup = naming.lookup
        var extensionTargets = Array(repeating: [Int: Resolution](), count: compiled.files.count)
        for file in included {
            for (index, declaration) in compiled.files[file].declarations.enumerated() where declaration.kind == .extension {
                extensionTargets[file][index] = lookup.resolveType(declaration.name, file: file, owner: nil)
            }
        }
        self.compiled = compiled
        nodes = naming.nodes
        declarationNode = declared.declarationNode
        witnessNode = declared.witnessNode
        qualifiedNames = naming.qualifiedNames
        typeTable = naming.typeTable
        valueTable = naming.valueTable
        self.extensionTargets = extensionTargets
    }

    /// Name lookup over every declaration's final name.
    func lookup(nodes: [DependencyGraph.Node]) -> NameLookup {
        NameLookup(compiled: compiled, nodes: nodes, declarationNode: declarationNode, qualifiedNames: qualifiedNames,
                   typeTable: typeTable, valueTable: valueTable)
    }

    /// The names being given, and the tables they fill.
    private struct Naming {
        let declared: DeclarationNodes
        var nodes: [DependencyGraph.Node]
        var qualifiedNames: [[String?]]
        var typeTable: [[String: [Int]]]
        var valueTable: [[String: [Int]]]

        init(_ declared: DeclarationNodes) {
            self.declared = declared
            nodes = declared.nodes
            qualifiedNames = declared.compiled.files.map { Array(repeating: nil, count: $0.declarations.count) }
            typeTable = Array(repeating: [:], count: declared.compiled.moduleMap.modules.count)
            valueTable = typeTable
        }

        var lookup: NameLookup {
            NameLookup(compiled: declared.compiled, nodes: nodes, declarationNode: declared.declarationNode,
                       qualifiedNames: qualifiedNames, typeTable: typeTable, valueTable: valueTable)
        }

        func chainHasExtension(_ file: Int, _ index: Int) -> Bool {
            let declarations = declared.compiled.files[file].declarations
            var current: Int? = index
            while let position = current {
                if declarations[position].kind == .extension { return true }
                current = declarations[position].parent
            }
            return false
        }

        func qualifiedName(_ file: Int, _ index: Int) -> String {
            if let known = qualifiedNames[file][index] { return known }
            let declaration = declared.compiled.files[file].declarations[index]
            guard let parent = declaration.parent else { return declaration.name }
            return qualifiedName(file, parent) + "." + declaration.name
        }

        /// Names a declaration and its witnesses, without entering it in the tables (extensions).
        mutating func name(_ file: Int, _ index: Int, _ name: String) {
            qualifiedNames[file][index] = name
            nodes[declared.declarationNode[file][index]].name = name
            for (member, witness) in declared.witnessNode[file][index] ?? [:] { nodes[witness].name = name + "." + member }
        }

        mutating func register(_ file: Int, _ index: Int, name: String) {
            self.name(file, index, name)
            let node = declared.declarationNode[file][index]
            let kind = declared.compiled.files[file].declarations[index].kind
            let module = declared.compiled.moduleOfFile[file]
            if CompiledFiles.typeKinds.contains(kind) {
                typeTable[module][name, default: []].append(node)
            } else if kind == .function || kind == .variable {
                valueTable[module][name, default: []].append(node)
            }
        }
    }
}
