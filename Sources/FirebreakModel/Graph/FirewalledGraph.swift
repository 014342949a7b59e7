/// The dependency graph as if every cut of the plan were made, and the dependencies the cuts
/// replace: what drawings of firewalled closures need, planned once by the analysis.
public struct FirewalledGraph: Sendable {
    public let graph: DependencyGraph
    /// `from << 32 | to` of every dependency a cut replaces.
    public let cutEdges: Set<Int64>

    public init(graph: DependencyGraph, cutEdges: Set<Int64>) {
        self.graph = graph
        self.cutEdges = cutEdges
    }
}
