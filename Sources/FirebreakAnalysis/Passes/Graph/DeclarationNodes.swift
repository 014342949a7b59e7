import FirebreakModel
import FirebreakScan

/// Stage 2 of `BuildDependencyGraph`: a node for every declaration and for every witness (a
/// member that may satisfy a protocol requirement), named as written for now.
struct DeclarationNodes {
    let compiled: CompiledFiles
    let nodes: [DependencyGraph.Node]
    /// `declarationNode[file][declaration]`, -1 for excluded files.
    let declarationNode: [[Int]]
    /// `witnessNode[file][declaration][member name]`.
    let witnessNode: [[Int: [String: Int]]]

    init(_ compiled: CompiledFiles) {
        var nodes: [DependencyGraph.Node] = []
        var declarationNode: [[Int]] = []
        var witnessNode: [[Int: [String: Int]]] = []
        for file in compiled.files.indices {
            let facts = compiled.files[file]
            guard !compiled.excluded.contains(file) else {
                declarationNode.append(Array(repeating: -1, count: facts.declarations.count))
                witnessNode.append([:])
                continue
            }
            var fileNodes: [Int] = []
            var fileWitnesses: [Int: [String: Int]] = [:]
            let module = compiled.moduleOfFile[file]
            for (index, declaration) in facts.declarations.enumerated() {
                let role = compiled.declarationRoles[file][index].role
                let reason = compiled.declarationRoles[file][index].reason
                nodes.append(DependencyGraph.Node(
                    name: declaration.name, kind: .declaration, declarationKind: declaration.kind, file: file,
                    line: declaration.startLine, codeLines: declaration.codeLines, module: module,
                    framework: nil, symbol: -1, role: role, roleReason: reason))
                fileNodes.append(nodes.count - 1)
                for member in declaration.members where member.isWitness && fileWitnesses[index]?[member.name] == nil {
                    nodes.append(DependencyGraph.Node(
                        name: member.name, kind: .witness, declarationKind: nil, file: file, line: member.startLine,
                        codeLines: member.codeLines, module: module, framework: nil, symbol: -1, role: role,
                        roleReason: reason))
                    fileWitnesses[index, default: [:]][member.name] = nodes.count - 1
                }
            }
            declarationNode.append(fileNodes)
            witnessNode.append(fileWitnesses)
        }
        self.compiled = compiled
        self.nodes = nodes
        self.declarationNode = declarationNode
        self.witnessNode = witnessNode
    }
}
