import FirebreakModel
import FirebreakScan

/// Dependency edges: structure, references, and extensions in other modules.
extension GraphBuilder {
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
}
