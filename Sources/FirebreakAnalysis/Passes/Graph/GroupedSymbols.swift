import FirebreakModel
import FirebreakScan

/// Stage 4 of `BuildDependencyGraph`: declarations, extensions and witnesses grouped into
/// symbols, with the edges between a type and its extensions.
struct GroupedSymbols {
    let named: NamedDeclarations
    let parts: GraphParts
    /// Extensions declared in another module than their type, by the type's node: only code that
    /// sees the extension's module reaches them.
    let foreignExtensions: [Int: [Int]]

    init(_ named: NamedDeclarations) {
        let compiled = named.compiled
        let included = compiled.included
        var parts = GraphParts(nodes: named.nodes)
        var foreignExtensions: [Int: [Int]] = [:]
        var typeSymbols: [Int: [String: Int]] = [:]  // module → qualified name → symbol
        for file in included {
            for (index, declaration) in compiled.files[file].declarations.enumerated() where declaration.kind != .extension {
                let node = named.declarationNode[file][index]
                let module = compiled.moduleOfFile[file]
                if CompiledFiles.typeKinds.contains(declaration.kind), declaration.kind != .typealias,
                   let existing = typeSymbols[module]?[parts.nodes[node].name] {
                    parts.join(node, existing)
                } else {
                    let symbol = parts.newSymbol(primary: node)
                    if CompiledFiles.typeKinds.contains(declaration.kind) {
                        typeSymbols[module, default: [:]][parts.nodes[node].name] = symbol
                    }
                }
            }
        }
        for file in included {
            for (index, declaration) in compiled.files[file].declarations.enumerated() where declaration.kind == .extension {
                let node = named.declarationNode[file][index]
                let resolution = named.extensionTargets[file][index]
                if case .node(let target) = resolution {
                    parts.join(node, parts.nodes[target].symbol)
                    parts.addEdge(node, target, .extension, file: file, line: declaration.startLine)
                    if parts.nodes[node].module == parts.nodes[target].module {
                        parts.addEdge(target, node, .extension, file: -1, line: 0)
                    } else {
                        foreignExtensions[target, default: []].append(node)
                    }
                } else {
                    // An extension of a framework type depends on that type; nothing in the scanned
                    // code names the extension, so it is reached only through its own users' names.
                    _ = parts.newSymbol(primary: node)
                    if case .external(let framework, let name) = resolution {
                        let external = parts.externalNode(framework: framework, name: name)
                        parts.addEdge(node, external, .extension, file: file, line: declaration.startLine)
                    }
                }
            }
        }
        for file in included {
            for (index, declaration) in compiled.files[file].declarations.enumerated() {
                let symbol = parts.nodes[named.declarationNode[file][index]].symbol
                parts.symbols[symbol].memberNames.formUnion(declaration.members.map(\.name))
                for witness in (named.witnessNode[file][index] ?? [:]).values.sorted() { parts.join(witness, symbol) }
            }
        }
        self.named = named
        self.parts = parts
        self.foreignExtensions = foreignExtensions
    }
}
