import FirebreakModel
import FirebreakScan

/// Declarations, extensions and witnesses grouped into symbols.
extension GraphBuilder {
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
}
