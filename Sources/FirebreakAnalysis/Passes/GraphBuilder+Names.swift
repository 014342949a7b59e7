import FirebreakModel
import FirebreakScan

/// Nodes for declarations and witnesses, and their qualified names.
extension GraphBuilder {
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
}
