import FirebreakCost
import FirebreakModel

/// Prices the incremental rebuild after an interface edit of one type, as the code is and with
/// the type behind a protocol.
public struct RebuildPricing: Sendable {
    let coefficients: RebuildCoefficients
    let invalidation: InterfaceEditInvalidation
    let fileModules: [Int?]
    /// Tokens of all files of each module: what its batch jobs parse on any rebuild.
    let moduleTokens: [Int]

    init(graph: DependencyGraph, coefficients: RebuildCoefficients) {
        self.coefficients = coefficients
        invalidation = InterfaceEditInvalidation(graph)
        fileModules = ModuleBuildGraph.fileModules(of: graph)
        moduleTokens = Self.moduleTokens(graph, fileModules)
    }

    private static func moduleTokens(_ graph: DependencyGraph, _ fileModules: [Int?]) -> [Int] {
        var tokens = Array(repeating: 0, count: graph.modules.count)
        for (file, module) in fileModules.enumerated() {
            if let module { tokens[module] += graph.files[file].tokenCount }
        }
        return tokens
    }

    func features(_ files: Set<Int>, in graph: DependencyGraph) -> RebuildFeatures {
        RebuildFeatures.of(files, in: graph, fileModules: fileModules, moduleTokens: moduleTokens)
    }

    /// The rebuild of `cut`'s one scanned target, as the code is and with the cut made.
    func rebuild(of cut: FirewallCut, in graph: DependencyGraph) -> AnalysisReport.Rebuild {
        let symbol = cut.targets[0]
        let naive = invalidation.rebuiltFiles(afterEditing: symbol, in: graph)
        let behindProtocol = invalidation.rebuiltFiles(
            afterEditing: symbol, in: graph, without: cut.removedPairs)
        let primary = graph.nodes[graph.symbols[symbol].primary]
        let views = graph.views.filter { view in
            graph.nodes[graph.symbols[view].primary].file.map(naive.contains) ?? false
        }.map { graph.symbols[$0].name }
        return AnalysisReport.Rebuild(
            type: graph.symbols[symbol].name, module: primary.module.map { graph.modules[$0].name } ?? "",
            files: naive.count, estimatedSeconds: CostModel.rounded(coefficients.seconds(features(naive, in: graph))),
            firewalled: AnalysisReport.RebuildEstimate(
                files: behindProtocol.count,
                estimatedSeconds: CostModel.rounded(coefficients.seconds(features(behindProtocol, in: graph)))),
            views: Array(Set(views)).sorted())
    }
}

extension RebuildPricing {
    /// The features of recompiling the files at `paths` (as the graph's files name them), for
    /// pricing a measured rebuild; paths the graph does not have are left out.
    public static func features(ofFilesAt paths: Set<String>, in graph: DependencyGraph) -> RebuildFeatures {
        let fileModules = ModuleBuildGraph.fileModules(of: graph)
        return RebuildFeatures.of(Set(graph.files.indices.filter { paths.contains(graph.files[$0].path) }), in: graph,
                                  fileModules: fileModules, moduleTokens: moduleTokens(graph, fileModules))
    }
}
