import FirebreakModel
import FirebreakScan
import Foundation

/// `analyze` after the pipeline: closures → cuts → each cut alone → rebuilds → report.
public enum Analyzer {
    /// - Parameter fileSeconds: measured compile seconds by file path (`--build-stats`).
    public static func analyze(
        _ prepared: Pipeline.Prepared, configuration: Configuration, costModel: CostModel, fileSeconds: [String: Double] = [:]
    ) -> AnalysisReport {
        var timings = PhaseTimings()
        return analyze(prepared, configuration: configuration, costModel: costModel, fileSeconds: fileSeconds, timings: &timings)
    }

    /// - Parameter fileSeconds: measured compile seconds by file path (`--build-stats`).
    public static func analyze(
        _ prepared: Pipeline.Prepared, configuration: Configuration, costModel: CostModel, fileSeconds: [String: Double],
        timings timer: inout PhaseTimings
    ) -> AnalysisReport {
        let graph = prepared.graph
        let planner = FirewallPlanner(prepared, configuration: configuration)
        let closures = ViewClosures(graph: graph, fileSeconds: fileSeconds)
        timer.lap("closures of \(graph.views.count) views")
        let cuts = planner.cuts(in: graph)
        let firewalled = closures.firewalled(by: cuts, planner: planner)
        timer.lap("firewalled closures (\(cuts.count) cuts)")
        let alone = eachCutAlone(cuts, closures: closures, costModel: costModel)
        timer.lap("each cut alone")
        let views = viewReports(closures: closures, firewalled: firewalled, alone: alone, costModel: costModel)
        let report = AnalysisReport(
            tool: .current, costModel: costModel, summary: summary(of: views, prepared: prepared, removedLines: ClosureMeasurer(graph).measure(firewalled.removed, withPaths: false).lines), resolution: graph.resolution,
            findings: prepared.lint.report.findings, diagnostics: prepared.diagnostics, views: views,
            modules: ModuleMetrics.measure(graph), plan: alone.plan, rebuilds: alone.rebuilds, graph: GraphSnapshot(graph)).withRanges()
        timer.lap("report")
        return report
    }

    /// The graph with every cut of the plan made: what `graph --firewalled` draws.
    public static func firewalledGraph(_ prepared: Pipeline.Prepared, configuration: Configuration) -> FirewalledGraph {
        let graph = prepared.graph
        let planner = FirewallPlanner(prepared, configuration: configuration)
        let cuts = planner.cuts(in: graph)
        return FirewalledGraph(graph: planner.applying(cuts, to: graph),
                               cutEdges: cuts.reduce(into: Set<Int64>()) { $0.formUnion($1.removedPairs) })
    }

    /// Each cut made alone: what it removes from each view it reaches, its plan step, and the
    /// rebuild after an interface edit of its scanned target.
    struct CutsAlone {
        var viewCuts: [[AnalysisReport.ViewCut]]
        var plan: [AnalysisReport.PlanStep] = []
        var rebuilds: [AnalysisReport.Rebuild] = []
        /// By view: the types whose interface edit recompiles it, in `rebuilds` order.
        var rebuiltBy: [[String]] = []
    }

    static func eachCutAlone(_ cuts: [FirewallCut], closures: ViewClosures, costModel: CostModel) -> CutsAlone {
        let graph = closures.graph
        let rebuildPricing = RebuildPricing(graph: graph, coefficients: costModel.rebuildCoefficients)
        let evaluator = CutAloneClosures(graph: graph, cuts: cuts)
        let roots = closures.roots
        let lost = ParallelMap.map(graph.views.count) { evaluator.lost(fromRoots: roots[$0]) }
        // Each cut is independent of the others: priced on every core, assembled in cut order.
        let outcomes = ParallelMap.map(cuts.count) { index in
            cutAlone(index, cuts[index], closures: closures, evaluator: evaluator, lost: lost, costModel: costModel,
                     rebuildPricing: rebuildPricing)
        }
        var result = CutsAlone(viewCuts: Array(repeating: [], count: graph.views.count))
        for (index, cut) in cuts.enumerated() {
            let outcome = outcomes[index]
            if let rebuild = outcome.rebuild { result.rebuilds.append(rebuild) }
            guard !outcome.views.isEmpty else { continue }
            for (view, viewCut) in outcome.views { result.viewCuts[view].append(viewCut) }
            let views = outcome.views.map(\.cut)
            var planStep = planStep(cut, graph: graph, views: views.count, lines: views.reduce(0) { $0 + $1.lines },
                                    seconds: views.reduce(0) { $0 + $1.estimatedSeconds },
                                    rebuildSeconds: outcome.rebuild?.savedSeconds ?? 0)
            planStep.frameworks = Set(views.flatMap(\.frameworks)).sorted()
            planStep.distinctLines = outcome.distinctLines
            result.plan.append(planStep)
        }
        // Cold-build seconds where a cut changes the modules a build needs, rebuild seconds otherwise.
        result.plan.sort(by: Self.ranksBefore)
        for index in result.plan.indices { result.plan[index].rank = index + 1 }
        result.rebuilds.sort {
            ($0.savedSeconds, $0.files - $0.firewalled.files, $1.type) > ($1.savedSeconds, $1.files - $1.firewalled.files, $0.type)
        }
        result.rebuiltBy = Array(repeating: [], count: graph.views.count)
        let viewIndex = Dictionary(graph.views.indices.map { (graph.symbols[graph.views[$0]].name, $0) }, uniquingKeysWith: { first, _ in first })
        for rebuild in result.rebuilds {
            for name in rebuild.views { if let view = viewIndex[name] { result.rebuiltBy[view].append(rebuild.type) } }
        }
        return result
    }

    /// What cut `index` alone does: its rebuild, and what it removes from each view it shrinks.
    private struct CutOutcome {
        var rebuild: AnalysisReport.Rebuild?
        var views: [(view: Int, cut: AnalysisReport.ViewCut)] = []
        /// Lines some view loses to the cut, each counted once.
        var distinctLines = 0
    }

    private static func cutAlone(
        _ index: Int, _ cut: FirewallCut, closures: ViewClosures, evaluator: CutAloneClosures, lost: [[Int: [Int]]],
        costModel: CostModel, rebuildPricing: RebuildPricing
    ) -> CutOutcome {
        let graph = closures.graph
        var outcome = CutOutcome()
        let targetNodes = cut.targets.flatMap { graph.symbols[$0].nodes }
        let affected = graph.views.indices.filter { view in targetNodes.contains { closures.before[view].contains($0) } }
        var rebuildSaving = 0.0
        if cut.framework == nil, cut.targets.count == 1 {
            let rebuild = rebuildPricing.rebuild(of: cut, in: graph)
            rebuildSaving = rebuild.savedSeconds
            outcome.rebuild = rebuild
        }
        guard !affected.isEmpty else { return outcome }
        let dependencies = closures.builds.dependencies(removing: evaluator.removed[index], from: cut.users, in: graph)
        var removedNodes = Set<Int>()
        for view in affected {
            let before = closures.beforeMetrics[view]
            let (metrics, lostNodes) = evaluator.measured(cut: index, lost: lost[view][index] ?? [], closure: closures.before[view], before: before)
            removedNodes.formUnion(lostNodes)
            let lines = before.lines - metrics.lines
            let frameworks = removedFrameworks(before, metrics)
            guard lines > 0 || !frameworks.isEmpty else { continue }
            let seconds = costModel.saving(
                from: closures.builds.features(of: closures.beforeBuilds[view]),
                to: closures.builds.features(of: closures.buildModules(view, dependencies)))
            outcome.views.append((view, AnalysisReport.ViewCut(
                target: cut.name, lines: lines, files: before.files - metrics.files, estimatedSeconds: seconds,
                rebuildSeconds: rebuildSaving, frameworks: frameworks)))
        }
        outcome.distinctLines = removedNodes.reduce(0) { total, node in
            graph.nodes[node].framework == nil && graph.nodes[node].kind != .protocol ? total + graph.nodes[node].codeLines : total
        }
        return outcome
    }

    static func viewReports(
        closures: ViewClosures, firewalled: ViewClosures.Firewalled, alone: CutsAlone, costModel: CostModel
    ) -> [AnalysisReport.View] {
        let graph = closures.graph
        return graph.views.indices.map { index -> AnalysisReport.View in
            let symbol = graph.symbols[graph.views[index]]
            let node = graph.nodes[symbol.primary]
            let closure = closures.beforeMetrics[index]
            let after = firewalled.metrics[index]
            let saved = max(0, closure.lines - after.lines)
            let build = closures.builds.features(of: closures.beforeBuilds[index])
            let firewalledBuild = closures.builds.features(of: firewalled.builds[index])
            return AnalysisReport.View(
                name: symbol.name, path: node.file.map { graph.files[$0].path } ?? "", line: node.line,
                module: node.module.map { graph.modules[$0].name } ?? "",
                closure: closure, buildModules: closures.beforeBuilds[index].map { graph.modules[$0].name }.sorted(), build: build,
                estimatedSeconds: costModel.seconds(build), firewalled: after, firewalledBuild: firewalledBuild,
                savings: AnalysisReport.Savings(
                    lines: saved, files: max(0, closure.files - after.files),
                    declarations: closure.declarations - after.declarations,
                    modules: max(0, closure.modules - after.modules),
                    fraction: closure.lines == 0 ? 0 : ModuleMetrics.rounded(Double(saved) / Double(closure.lines)),
                    estimatedSeconds: costModel.saving(from: build, to: firewalledBuild),
                    frameworks: removedFrameworks(closure, after)),
                cuts: alone.viewCuts[index].sorted {
                    ($0.estimatedSeconds, $0.rebuildSeconds, $0.lines, $1.target) > ($1.estimatedSeconds, $1.rebuildSeconds, $1.lines, $0.target)
                },
                rebuiltBy: alone.rebuiltBy[index])
        }
    }

    /// - Parameter removedLines: lines of the nodes some view's closure loses, each counted once.
    static func summary(of views: [AnalysisReport.View], prepared: Pipeline.Prepared, removedLines: Int) -> AnalysisReport.Summary {
        let graph = prepared.graph
        let closureLines = views.map(\.closure.lines).sorted()
        let largest = views.max { ($0.closure.lines, $1.name) < ($1.closure.lines, $0.name) }
        var removedFiles = Set<String>()
        for view in views where view.savings.files > 0 {
            removedFiles.formUnion(Set(view.closure.paths).subtracting(view.firewalled.paths))
        }
        var summary = AnalysisReport.Summary(
            // The scanned files once each: a file several targets compile is one file of source.
            files: prepared.model.files.count, lines: prepared.model.files.reduce(0) { $0 + $1.codeLineCount },
            declarations: Set(graph.nodes.filter { $0.kind != .external }.map(\.symbol)).count,
            modules: graph.modules.count, views: views.count,
            medianClosureLines: closureLines.isEmpty ? 0 : closureLines[closureLines.count / 2],
            largestClosure: largest.map { AnalysisReport.NamedLines(name: $0.name, lines: $0.closure.lines) },
            linesSaved: views.reduce(0) { $0 + $1.savings.lines },
            estimatedSeconds: CostModel.rounded(views.reduce(0) { $0 + $1.savings.estimatedSeconds }),
            viewsWithSavings: views.filter { $0.savings.lines > 0 || !$0.savings.frameworks.isEmpty }.count)
        summary.distinctLinesRemoved = removedLines
        summary.distinctFilesRemoved = removedFiles.count
        return summary
    }

    /// The same dependency written once reaches both a type and its witness: list it once.
    static func uniqued(_ dependencies: [AnalysisReport.Dependency]) -> [AnalysisReport.Dependency] {
        var seen = Set<String>()
        return dependencies.filter { seen.insert("\($0.from)|\($0.path)|\($0.line)").inserted }
    }

    /// Frameworks reached before and not after, leaving out the platform ones every view sees.
    static func removedFrameworks(_ before: ClosureMetrics, _ after: ClosureMetrics) -> [String] {
        guard before.frameworks != after.frameworks else { return [] }
        return Set(before.frameworks).subtracting(after.frameworks).subtracting(ExternalFrameworks.platform).sorted()
    }

    /// Cuts that shorten a cold build first, by those seconds; then by rebuild seconds; then by
    /// lines removed; ties by name.
    static func ranksBefore(_ lhs: AnalysisReport.PlanStep, _ rhs: AnalysisReport.PlanStep) -> Bool {
        func key(_ step: AnalysisReport.PlanStep) -> (Int, Double, Int, Int) {
            switch step.rankedBy {
            case .coldBuild: return (2, step.estimatedSeconds, step.lines, step.views)
            case .rebuild: return (1, step.rebuildSeconds, step.lines, step.views)
            case .lines: return (0, 0, step.lines, step.views)
            }
        }
        return key(lhs) != key(rhs) ? key(lhs) > key(rhs) : lhs.target < rhs.target
    }

    static func planStep(
        _ cut: FirewallCut, graph: DependencyGraph, views: Int, lines: Int, seconds: Double, rebuildSeconds: Double
    ) -> AnalysisReport.PlanStep {
        let node = graph.nodes[graph.symbols[cut.targets[0]].primary]
        return AnalysisReport.PlanStep(
            rank: 0, target: cut.name, path: node.file.map { graph.files[$0].path },
            line: node.file == nil ? nil : node.line, framework: cut.framework,
            types: cut.targets.map { graph.symbols[$0].name },
            usedBy: Array(Set(cut.users.map { graph.symbols[graph.nodes[$0].symbol].name })).sorted(),
            members: cut.members,
            dependencies: uniqued(cut.edges.map { edge in
                AnalysisReport.Dependency(
                    from: graph.symbols[graph.nodes[Int(edge.from)].symbol].name,
                    to: graph.symbols[graph.nodes[Int(edge.to)].symbol].name, kind: edge.kind,
                    path: edge.file >= 0 ? graph.files[Int(edge.file)].path : "", line: Int(edge.line))
            }),
            views: views, lines: lines, estimatedSeconds: CostModel.rounded(seconds), rebuildSeconds: rebuildSeconds,
            rankedBy: CostModel.rounded(seconds) > 0 ? .coldBuild : rebuildSeconds > 0 ? .rebuild : .lines, frameworks: [],
            existingProtocol: cut.framework == nil ? existingProtocol(of: cut.targets[0], covering: cut.members, in: graph) : nil)
    }

    /// The scanned protocol a type conforms to that can stand in for it: the one named after it
    /// (`VoiceMessageRecorder: VoiceMessageRecorderProtocol`), else one that declares every
    /// member the users read.
    static func existingProtocol(of symbol: Int, covering members: [String], in graph: DependencyGraph) -> String? {
        var protocols = Set<String>()
        var covering = Set<String>()
        for node in graph.symbols[symbol].nodes {
            for edge in graph.successors(of: node) where edge.kind == .inheritance {
                let target = graph.nodes[Int(edge.to)]
                guard target.kind == .declaration, target.declarationKind == .protocol else { continue }
                let name = graph.symbols[target.symbol].name
                protocols.insert(name)
                if !members.isEmpty, Set(members).isSubset(of: graph.symbols[target.symbol].memberNames) { covering.insert(name) }
            }
        }
        let simple = SymbolTable.lastComponent(graph.symbols[symbol].name)
        let simpleNames = Dictionary(protocols.map { (SymbolTable.lastComponent($0), $0) }, uniquingKeysWith: min)
        if let named = RoleConventions.adaptedProtocol(of: simple, conformances: Set(simpleNames.keys), scannedProtocols: Set(simpleNames.keys)) {
            return simpleNames[named]
        }
        return covering.sorted().first
    }
}
