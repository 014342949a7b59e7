import FirebreakModel
import FirebreakScan

/// Every view's declaration closure and the modules its build needs, as the code is; and the
/// same with every cut of the plan made.
struct ViewClosures {
    let graph: DependencyGraph
    let builds: ModuleBuildGraph
    /// By view: the roots of its closure (the view, its extensions, its previews).
    let roots: [[Int]]
    let before: [NodeSet]
    let beforeMetrics: [ClosureMetrics]
    let beforeBuilds: [Set<Int>]
    private let viewModules: [Int?]

    /// - Parameter fileSeconds: measured compile seconds by file path (`--build-stats`).
    init(graph: DependencyGraph, fileSeconds: [String: Double]) {
        self.graph = graph
        var secondsByFile: [Int: Double] = [:]
        for (index, file) in graph.files.enumerated() {
            if let seconds = fileSeconds[file.path] { secondsByFile[index] = seconds }
        }
        let builds = ModuleBuildGraph(graph: graph, fileSeconds: secondsByFile)
        let viewModules = graph.views.map { graph.nodes[graph.symbols[$0].primary].module }
        self.builds = builds
        self.viewModules = viewModules
        roots = graph.views.map { graph.closureRoots(ofView: $0) }
        let before = Reachability.closures(of: graph, roots: roots)
        let measurer = ClosureMeasurer(graph)
        self.before = before
        beforeMetrics = ParallelMap.map(before.count) { measurer.measure(before[$0]) }
        beforeBuilds = viewModules.map { module in module.map { builds.closure(of: $0) } ?? [] }
    }

    /// The modules a cold build of `view` compiles under these module dependencies.
    func buildModules(_ view: Int, _ dependencies: [Set<Int>]) -> Set<Int> {
        viewModules[view].map { builds.closure(of: $0, dependencies: dependencies) } ?? []
    }

    struct Firewalled {
        var metrics: [ClosureMetrics]
        var builds: [Set<Int>]
        /// Nodes some view's closure loses, each once.
        var removed: NodeSet
    }

    /// Every view with all `cuts` made.
    func firewalled(by cuts: [FirewallCut], planner: FirewallPlanner) -> Firewalled {
        let firewalledGraph = planner.applying(cuts, to: graph)
        let after = Reachability.closures(of: firewalledGraph, roots: roots)
        let dependencies = ModuleBuildGraph.dependencies(of: firewalledGraph)
        let measurer = ClosureMeasurer(firewalledGraph)
        var removed = NodeSet(capacity: graph.nodes.count)
        for (view, closure) in before.enumerated() { removed.formUnion(closure, subtracting: after[view]) }
        return Firewalled(
            metrics: ParallelMap.map(after.count) { measurer.measure(after[$0]) },
            builds: graph.views.indices.map { buildModules($0, dependencies) }, removed: removed)
    }
}
