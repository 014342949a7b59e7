import FirebreakModel
import FirebreakScan

/// Builds the dependency graph from scanned facts, roles and modules, in typed stages (Graph/):
///
///     RoleModel → CompiledFiles → DeclarationNodes → NamedDeclarations → GroupedSymbols
///               → LinkedDeclarations → DiscoveredViews → DependencyGraph
///
/// Names resolve the way the compiler looks them up, as far as syntax allows (`NameLookup`):
/// generic parameters first (not dependencies), then nested types of each enclosing type,
/// innermost first, then the file's own module, then the scanned modules it imports. A name
/// declared in more than one visible place is *ambiguous* and one no scanned file declares is
/// *external*: both are counted, and only evidence attributes an external name to a framework.
public struct BuildDependencyGraph: Sendable {
    public let moduleMap: ModuleMap
    public let knowledge: ServiceKnowledge
    public let viewProtocols: ViewProtocols
    /// Files that take no part (package manifests).
    public let excludedFiles: Set<Int>

    public init(moduleMap: ModuleMap, knowledge: ServiceKnowledge = ServiceKnowledge(),
                viewProtocols: ViewProtocols = ViewProtocols(), excludedFiles: Set<Int> = []) {
        self.moduleMap = moduleMap
        self.knowledge = knowledge
        self.viewProtocols = viewProtocols
        self.excludedFiles = excludedFiles
    }

    public func callAsFunction(_ model: RoleModel) -> DependencyGraph {
        timed(model).graph
    }

    /// The graph, and how long each of its stages took.
    public func timed(_ model: RoleModel) -> (graph: DependencyGraph, timings: PhaseTimings) {
        var timings = PhaseTimings()
        let compiled = CompiledFiles(model: model, moduleMap: moduleMap, excludedFiles: excludedFiles)
        let declared = DeclarationNodes(compiled)
        timings.lap("  nodes")
        let named = NamedDeclarations(declared)
        timings.lap("  names")
        let grouped = GroupedSymbols(named)
        timings.lap("  symbols")
        let linked = LinkedDeclarations(grouped, knowledge: knowledge) { timings.lap($0) }
        let views = DiscoveredViews(linked, viewProtocols: viewProtocols)
        timings.lap("  views")
        return (views.graph(), timings)
    }
}
