import ArgumentParser
import FirebreakModel
import FirebreakReport
import Foundation

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Say why a type has its role: the convention, path, configuration entry or protocol that decided it.",
        discussion: """
            Example: firebreak explain PhotoLibraryManager
            Roles decide what lint reports and what analyze may cut; `layers:` in .firebreak.yml \
            overrides any of them. Exit status: 0, or 2 for usage or input errors (including a name \
            that matches nothing, with the nearest names).
            """)

    @Argument(help: "The type: a simple or qualified name, or a framework type.")
    var type: String

    @OptionGroup var input: InputOptions

    @Option(help: "Output format: text or json.")
    var format: String = "text"


    @OptionGroup var scanOptions: ScanOptions

    @OptionGroup var facts: FactsInputOptions

    struct Part: Codable {
        var kind: String
        var path: String?
        var line: Int?
        var module: String?
        var role: String
        var roleReason: String
    }

    struct Explanation: Codable {
        var name: String
        var role: String
        var roleReason: String
        var declaredIn: [Part]
    }

    func run() throws {
        guard ["text", "json"].contains(format) else { throw InputError(description: "unknown format '\(format)'; expected text or json") }
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let (prepared, configuration) = try AnalysisLoading.prepare(paths: input.paths, config: input.config, scanOptions: scanOptions, facts: facts, progress: progress)
        let graph = prepared.graph
        let infrastructure = InfrastructureFrameworks(configuration.forbiddenImports)
        progress?.finish()
        let symbols: [Int]
        do {
            symbols = try SymbolLookup(graph).symbols(named: type, what: "type", frameworks: false)
        } catch let notFound as SymbolLookup.NotFound {
            throw InputError(description: notFound.description)
        } catch let ambiguous as SymbolLookup.Ambiguous {
            throw InputError(description: ambiguous.description)
        }
        let explanations = symbols.map { explanation(of: $0, in: graph, infrastructure: infrastructure) }
        if format == "json" {
            try OutputFile.standardOutput(Data(JSONText.encode(explanations).utf8))
            return
        }
        for explanation in explanations {
            var out = "\(explanation.name): \(explanation.role)\n  because: \(explanation.roleReason)\n"
            for part in explanation.declaredIn {
                if let path = part.path {
                    out += "  \(part.kind) at \(path):\(part.line ?? 0)\(part.module.map { " (module \($0))" } ?? "")"
                } else {
                    out += "  \(part.kind) of \(part.module ?? "an unknown framework")"
                }
                if part.role != explanation.role || part.roleReason != explanation.roleReason {
                    out += ": \(part.role), \(part.roleReason)"
                }
                out += "\n"
            }
            if explanation.declaredIn.contains(where: { $0.path != nil }) {
                out += "  to override: .firebreak.yml  layers: [{ role: ROLE, types: [\"\(SymbolTable.lastComponent(explanation.name))\"] }], "
                    + "ROLE one of \(Role.allCases.map(\.rawValue).joined(separator: ", "))\n"
            }
            try OutputFile.standardOutput(Data(out.utf8))
        }
    }

    /// "; its shared instance NotificationCenter.default is a platform service…": what lint
    /// reports about a framework type that is neutral itself.
    static func sharedInstances(of name: String) -> String {
        let type = SymbolTable.lastComponent(name)
        let instances = ServiceKnowledge.builtInSingletons.filter { $0.hasPrefix(type + ".") }.sorted()
        guard !instances.isEmpty else { return "" }
        let plumbing = ServiceKnowledge.plumbingMembers[type].map { _ in " (not its UI plumbing: keyboard, windows, scenes, content size)" } ?? ""
        return "; its shared instance \(instances.joined(separator: ", ")) is a platform service: high-level code that reads it is "
            + "reported (singleton-access)\(plumbing)"
    }

    func explanation(of symbol: Int, in graph: DependencyGraph, infrastructure: InfrastructureFrameworks) -> Explanation {
        let primary = graph.nodes[graph.symbols[symbol].primary]
        if primary.kind == .external, let framework = primary.framework {
            let infra = infrastructure.contains(framework)
            let reason = (infra
                ? "type of \(framework), an infrastructure framework (forbidden_imports): high-level code that imports it is reported"
                : "type of \(framework), a framework high-level code may use") + Self.sharedInstances(of: graph.symbols[symbol].name)
            return Explanation(
                name: graph.symbols[symbol].name, role: infra ? Role.infrastructure.rawValue : Role.neutral.rawValue, roleReason: reason,
                declaredIn: [Part(kind: "framework type", path: nil, line: nil, module: framework, role: infra ? "infrastructure" : "neutral",
                                  roleReason: reason)])
        }
        let parts = graph.symbols[symbol].nodes.filter { graph.nodes[$0].kind != .witness }.map { index -> Part in
            let node = graph.nodes[index]
            let kind = node.kind == .external ? "framework type"
                : index == graph.symbols[symbol].primary ? (node.declarationKind?.rawValue ?? "declaration") : "extension"
            return Part(kind: kind, path: node.file.map { graph.files[$0].path }, line: node.file == nil ? nil : node.line,
                        module: node.module.map { graph.modules[$0].name } ?? node.framework,
                        role: node.role.rawValue, roleReason: node.roleReason)
        }
        return Explanation(name: graph.symbols[symbol].name, role: primary.role.rawValue, roleReason: primary.roleReason, declaredIn: parts)
    }
}
