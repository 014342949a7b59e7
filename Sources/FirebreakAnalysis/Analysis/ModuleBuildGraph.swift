import FirebreakCost
import FirebreakModel

/// Modules as a build sees them: what each one depends on, and what compiling it costs.
///
/// A cold build of a view needs the view's module and every module that module depends on,
/// transitively; a dependency exists when any declaration in one module uses one in the other.
public struct ModuleBuildGraph: Sendable {
    public let dependencies: [Set<Int>]
    public let features: [BuildFeatures]
    /// How many edges make each module depend on another, by `module << 32 | other`.
    let dependencyEdges: [Int64: Int]

    /// - Parameter fileSeconds: measured compile seconds by file index (`--build-stats`).
    public init(graph: DependencyGraph, fileSeconds: [Int: Double] = [:]) {
        (dependencies, dependencyEdges) = Self.dependencyEdges(of: graph)
        var features = Array(repeating: BuildFeatures(modules: 1), count: graph.modules.count)
        let scannedModules = Set(graph.modules.map(\.name))
        for (file, module) in Self.fileModules(of: graph).enumerated() {
            guard let module else { continue }
            let facts = graph.files[file]
            let importsFramework = facts.imports.contains { entry in
                entry.path.first.map { !scannedModules.contains($0) && ExternalFrameworks.loadsAtCompileTime($0) } ?? false
            }
            if importsFramework { features[module].frameworkModules = 1 }
            if let seconds = fileSeconds[file] {
                features[module].measuredFiles += 1
                features[module].measuredSeconds += seconds
            } else {
                features[module].files += 1
                features[module].lines += facts.codeLineCount
                features[module].tokens += facts.tokenCount
                features[module].complexity += facts.complexity
                features[module].closures += facts.closureCount
                features[module].expressionTokens += facts.expressionTokenCount
                features[module].typeCheckMicroseconds += facts.typeCheckMicroseconds
                features[module].bodyTokens += facts.bodyTokenCount
            }
        }
        self.features = features
    }

    /// The module of each file, from its declarations; nil for a file that declares nothing.
    public static func fileModules(of graph: DependencyGraph) -> [Int?] {
        var fileModule = Array<Int?>(repeating: nil, count: graph.files.count)
        for node in graph.nodes {
            if let file = node.file, let module = node.module { fileModule[file] = module }
        }
        return fileModule
    }

    /// Module → modules its declarations use, from the declaration graph (after any cuts).
    ///
    /// A use counts against the module that declares the type, not one that extends it: an app
    /// target's `extension APIClient: Fetching {}` does not make every user of `APIClient` depend
    /// on the app.
    public static func dependencies(of graph: DependencyGraph) -> [Set<Int>] {
        dependencyEdges(of: graph).dependencies
    }

    static func dependencyEdges(of graph: DependencyGraph) -> (dependencies: [Set<Int>], edges: [Int64: Int]) {
        var dependencies = Array(repeating: Set<Int>(), count: graph.modules.count)
        var counts: [Int64: Int] = [:]
        for (index, node) in graph.nodes.enumerated() {
            guard let module = node.module else { continue }
            for edge in graph.successors(of: index) {
                guard let other = targetModule(of: edge, in: graph), other != module else { continue }
                dependencies[module].insert(other)
                counts[Int64(module) << 32 | Int64(other), default: 0] += 1
            }
        }
        return (dependencies, counts)
    }

    /// The module that declares what an edge points to (not one that merely extends it).
    static func targetModule(of edge: DependencyGraph.Edge, in graph: DependencyGraph) -> Int? {
        graph.nodes[graph.symbols[graph.nodes[Int(edge.to)].symbol].primary].module
    }

    /// The module dependencies with the edges between `removed` node pairs gone, all of which
    /// start at `users`: a dependency goes when none of its edges is left. What
    /// `dependencies(of:)` gives for the graph with one cut made, without building that graph.
    func dependencies(removing removed: Set<Int64>, from users: [Int], in graph: DependencyGraph) -> [Set<Int>] {
        var lost: [Int64: Int] = [:]
        for user in Set(users) {
            guard let module = graph.nodes[user].module else { continue }
            for edge in graph.successors(of: user) where removed.contains(edge.pair) {
                guard let other = Self.targetModule(of: edge, in: graph), other != module else { continue }
                lost[Int64(module) << 32 | Int64(other), default: 0] += 1
            }
        }
        var result = dependencies
        for (key, count) in lost where dependencyEdges[key] == count {
            result[Int(key >> 32)].remove(Int(key & 0xFFFF_FFFF))
        }
        return result
    }

    /// The module and everything it depends on, transitively.
    public func closure(of module: Int, dependencies: [Set<Int>]? = nil) -> Set<Int> {
        let dependencies = dependencies ?? self.dependencies
        var seen: Set<Int> = [module]
        var stack = [module]
        while let next = stack.popLast() {
            for other in dependencies[next] where seen.insert(other).inserted { stack.append(other) }
        }
        return seen
    }

    public func features(of modules: Set<Int>) -> BuildFeatures {
        modules.reduce(BuildFeatures()) { $0 + features[$1] }
    }
}
