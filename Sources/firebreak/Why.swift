import ArgumentParser
import FirebreakModel
import Foundation

struct Why: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show the shortest dependency paths from a view to a type, with file:line of every hop.",
        discussion: """
            Example: firebreak why ProfileView APIClient Examples/ClinicApp
            Exit status: 0 when a path is found, 1 when the view does not depend on the type, \
            2 for usage or input errors (including names that match nothing).
            """)

    @Argument(help: "The view (or any declaration) to start from: a simple or qualified name.")
    var view: String

    @Argument(help: "The type to reach: a simple or qualified name (framework types too, with or without their framework), or a framework's name for any of its types.")
    var type: String

    @OptionGroup var input: InputOptions


    @Option(name: .customLong("max-paths"), parsing: .unconditional, help: "How many shortest paths to show.")
    var maxPaths: Int = 3

    @OptionGroup var scanOptions: ScanOptions

    @OptionGroup var facts: FactsInputOptions

    func run() throws {
        guard maxPaths > 0 else { throw InputError(description: "--max-paths must be at least 1, got \(maxPaths)") }
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let graph = try AnalysisLoading.prepare(paths: input.paths, config: input.config, scanOptions: scanOptions, facts: facts, progress: progress).0.graph
        progress?.finish()
        let sources = try symbols(named: view, in: graph, role: "view")
        let startNodes = sources.flatMap { graph.closureRoots(ofView: $0) }
        // Of several types of that name, the one the view's code reaches is the one lint resolved there.
        let reached = Self.reachedSymbols(from: startNodes, in: graph)
        let targets = try symbols(named: type, in: graph, role: "type", prefer: { reached.contains($0) })
        let targetNodes = Set(targets.flatMap { graph.symbols[$0].nodes })
        let paths = DependencyPath.shortest(in: graph, from: startNodes, to: targetNodes, limit: maxPaths)
        guard !paths.isEmpty else {
            let text = "\(graph.symbols[sources[0]].name) does not depend on \(graph.symbols[targets[0]].name).\n"
            try OutputFile.standardOutput(Data(text.utf8))
            throw ExitCode(ExitStatus.findings)
        }
        let lines = paths.map { path in
            path.hops.reduce(path.start) { line, hop in
                line + " → \(hop.name) (\(hop.kind.phrase)\(hop.location.map { ", \($0)" } ?? ""))"
            }
        }
        try OutputFile.standardOutput(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    private func symbols(named name: String, in graph: DependencyGraph, role: String, prefer: ((Int) -> Bool)? = nil) throws -> [Int] {
        do {
            return try SymbolLookup(graph).symbols(named: name, what: role, frameworks: role == "type",
                                                   where: { role == "view" ? graph.symbols[$0].isView : true }, prefer: prefer)
        } catch let notFound as SymbolLookup.NotFound {
            throw InputError(description: notFound.description)
        } catch let ambiguous as SymbolLookup.Ambiguous {
            throw InputError(description: ambiguous.description)
        }
    }

    /// The symbols of every node the closure's walk from `roots` reaches.
    private static func reachedSymbols(from roots: [Int], in graph: DependencyGraph) -> Set<Int> {
        var seen = Set(roots)
        var queue = roots
        while let node = queue.popLast() {
            for edge in graph.successors(of: node) where seen.insert(Int(edge.to)).inserted { queue.append(Int(edge.to)) }
        }
        return Set(seen.map { graph.nodes[$0].symbol })
    }
}
