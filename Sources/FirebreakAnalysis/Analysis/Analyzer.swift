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
        var secondsByFile: [Int: Double] = [:]
        for (index, file) in graph.files.enumerated() {
            if let seconds = fileSeconds[file.path] { secondsByFile[index] = seconds }
        }
        let builds = ModuleBuildGraph(graph: graph, fileSeconds: secondsByFile)
        let viewModules = graph.views.map { graph.nodes[graph.symbols[$0].primary].module }
        func buildModules(_ view: Int, _ dependencies: [Set<Int>]) -> Set<Int> {
            viewModules[view].map { builds.closure(of: $0, dependencies: dependencies) } ?? []
        }
        let planner = FirewallPlanner(frameworks: InfrastructureFrameworks(configuration.forbiddenImports))
        let rootSets = graph.views.map { graph.closureRoots(ofView: $0) }
        let before = Reachability.closures(of: graph, roots: rootSets)
        let beforeMetrics = before.map { ClosureMetrics.measure($0, in: graph) }
        timer.lap("closures of \(graph.views.count) views")
        let cuts = planner.cuts(in: graph)
        let firewalledGraph = planner.applying(cuts, to: graph)
        let after = Reachability.closures(of: firewalledGraph, roots: rootSets)
        let afterMetrics = after.map { ClosureMetrics.measure($0, in: firewalledGraph) }
        let beforeBuilds = graph.views.indices.map { buildModules($0, builds.dependencies) }
        let firewalledDependencies = ModuleBuildGraph.dependencies(of: firewalledGraph)
        let afterBuilds = graph.views.indices.map { buildModules($0, firewalledDependencies) }
        timer.lap("firewalled closures (\(cuts.count) cuts)")

        // Each cut alone: the views whose closure holds the cut's target, and the rebuild after an
        // interface edit of a scanned target.
        let rebuildPricing = RebuildPricing(graph: graph, coefficients: costModel.rebuildCoefficients)
        var viewCuts = Array(repeating: [AnalysisReport.ViewCut](), count: graph.views.count)
        var plan: [AnalysisReport.PlanStep] = []
        var rebuilds: [AnalysisReport.Rebuild] = []
        for cut in cuts {
            let targetNodes = cut.targets.flatMap { graph.symbols[$0].nodes }
            let affected = graph.views.indices.filter { view in targetNodes.contains { before[view].contains($0) } }
            let isScannedType = cut.framework == nil && cut.targets.count == 1
            var rebuildSaving = 0.0
            if isScannedType {
                let rebuild = rebuildPricing.rebuild(of: cut, in: graph)
                rebuildSaving = rebuild.savedSeconds
                rebuilds.append(rebuild)
            }
            guard !affected.isEmpty else { continue }
            let cutGraph = planner.applying([cut], to: graph)
            let alone = Reachability.closures(of: cutGraph, roots: affected.map { rootSets[$0] })
            let cutDependencies = ModuleBuildGraph.dependencies(of: cutGraph)
            var total = 0
            var totalSeconds = 0.0
            var viewsHelped = 0
            var frameworksRemoved = Set<String>()
            for (position, view) in affected.enumerated() {
                let metrics = ClosureMetrics.measure(alone[position], in: cutGraph, withPaths: false)
                let lines = beforeMetrics[view].lines - metrics.lines
                let frameworks = removedFrameworks(beforeMetrics[view], metrics)
                guard lines > 0 || !frameworks.isEmpty else { continue }
                let seconds = costModel.saving(
                    from: builds.features(of: beforeBuilds[view]), to: builds.features(of: buildModules(view, cutDependencies)))
                total += lines
                totalSeconds += seconds
                viewsHelped += 1
                frameworksRemoved.formUnion(frameworks)
                viewCuts[view].append(AnalysisReport.ViewCut(
                    target: cut.name, lines: lines,
                    files: beforeMetrics[view].files - metrics.files, estimatedSeconds: seconds,
                    rebuildSeconds: rebuildSaving, frameworks: frameworks))
            }
            guard viewsHelped > 0 else { continue }
            var step = planStep(cut, graph: graph, views: viewsHelped, lines: total, seconds: totalSeconds, rebuildSeconds: rebuildSaving)
            step.frameworks = frameworksRemoved.sorted()
            plan.append(step)
        }
        timer.lap("each cut alone")
        // Cold-build seconds where a cut changes the modules a build needs, rebuild seconds otherwise.
        plan.sort(by: Self.ranksBefore)
        for index in plan.indices { plan[index].rank = index + 1 }
        rebuilds.sort { ($0.savedSeconds, $0.files - $0.firewalled.files, $1.type) > ($1.savedSeconds, $1.files - $1.firewalled.files, $0.type) }
        var rebuiltBy = Array(repeating: [String](), count: graph.views.count)
        let viewIndex = Dictionary(graph.views.indices.map { (graph.symbols[graph.views[$0]].name, $0) }, uniquingKeysWith: { first, _ in first })
        for rebuild in rebuilds {
            for name in rebuild.views { if let view = viewIndex[name] { rebuiltBy[view].append(rebuild.type) } }
        }

        let views = graph.views.indices.map { index -> AnalysisReport.View in
            let symbol = graph.symbols[graph.views[index]]
            let node = graph.nodes[symbol.primary]
            let closure = beforeMetrics[index]
            let firewalled = afterMetrics[index]
            let saved = max(0, closure.lines - firewalled.lines)
            let build = builds.features(of: beforeBuilds[index])
            let firewalledBuild = builds.features(of: afterBuilds[index])
            return AnalysisReport.View(
                name: symbol.name, path: node.file.map { graph.files[$0].path } ?? "", line: node.line,
                module: node.module.map { graph.modules[$0].name } ?? "",
                closure: closure, buildModules: beforeBuilds[index].map { graph.modules[$0].name }.sorted(), build: build,
                estimatedSeconds: costModel.seconds(build), firewalled: firewalled, firewalledBuild: firewalledBuild,
                savings: AnalysisReport.Savings(
                    lines: saved, files: max(0, closure.files - firewalled.files),
                    declarations: closure.declarations - firewalled.declarations,
                    modules: max(0, closure.modules - firewalled.modules),
                    fraction: closure.lines == 0 ? 0 : ModuleMetrics.rounded(Double(saved) / Double(closure.lines)),
                    estimatedSeconds: costModel.saving(from: build, to: firewalledBuild),
                    frameworks: removedFrameworks(closure, firewalled)),
                cuts: viewCuts[index].sorted {
                    ($0.estimatedSeconds, $0.rebuildSeconds, $0.lines, $1.target) > ($1.estimatedSeconds, $1.rebuildSeconds, $1.lines, $0.target)
                },
                rebuiltBy: rebuiltBy[index])
        }

        let closureLines = views.map(\.closure.lines).sorted()
        let largest = views.max { ($0.closure.lines, $1.name) < ($1.closure.lines, $0.name) }
        let linesSaved = views.reduce(0) { $0 + $1.savings.lines }
        let summary = AnalysisReport.Summary(
            // The scanned files once each: a file several targets compile is one file of source.
            files: prepared.model.files.count, lines: prepared.model.files.reduce(0) { $0 + $1.codeLineCount },
            declarations: Set(graph.nodes.filter { $0.kind != .external }.map(\.symbol)).count,
            modules: graph.modules.count, views: views.count,
            medianClosureLines: closureLines.isEmpty ? 0 : closureLines[closureLines.count / 2],
            largestClosure: largest.map { AnalysisReport.NamedLines(name: $0.name, lines: $0.closure.lines) },
            linesSaved: linesSaved, estimatedSeconds: CostModel.rounded(views.reduce(0) { $0 + $1.savings.estimatedSeconds }),
            viewsWithSavings: views.filter { $0.savings.lines > 0 || !$0.savings.frameworks.isEmpty }.count)
        return AnalysisReport(
            tool: .current, costModel: costModel, summary: summary, resolution: graph.resolution,
            findings: prepared.lint.report.findings, diagnostics: prepared.diagnostics, views: views,
            modules: ModuleMetrics.measure(graph), plan: plan, rebuilds: rebuilds, graph: GraphSnapshot(graph))
    }

    /// The same dependency written once reaches both a type and its witness: list it once.
    static func uniqued(_ dependencies: [AnalysisReport.Dependency]) -> [AnalysisReport.Dependency] {
        var seen = Set<String>()
        return dependencies.filter { seen.insert("\($0.from)|\($0.path)|\($0.line)").inserted }
    }

    /// Frameworks reached before and not after, leaving out the platform ones every view sees.
    static func removedFrameworks(_ before: ClosureMetrics, _ after: ClosureMetrics) -> [String] {
        Set(before.frameworks).subtracting(after.frameworks).subtracting(ExternalFrameworks.platform).sorted()
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
