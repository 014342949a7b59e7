/// What an incremental build recompiles after an edit, in the terms the rebuild model prices.
///
/// An incremental build of a module runs its driver, re-emits the module and has every batch job
/// parse all of the module's files, whatever it recompiles: that fixed part grows with the
/// modules touched and their size (`modules`, `moduleTokens`). The rest grows with the files
/// actually recompiled (`files`, `tokens`, `complexity`).
public struct RebuildFeatures: Sendable, Codable, Hashable {
    /// Modules with at least one recompiled file, and the tokens of all their files.
    public var modules: Int
    public var moduleTokens: Int
    /// Recompiled files, their tokens (`bodyTokens` of them inside function bodies), complexity and
    /// closures (counted in complexity too).
    public var files: Int
    public var tokens: Int
    public var bodyTokens: Int
    public var complexity: Int
    public var closures: Int

    public init(modules: Int = 0, moduleTokens: Int = 0, files: Int = 0, tokens: Int = 0, bodyTokens: Int = 0,
                complexity: Int = 0, closures: Int = 0) {
        self.modules = modules
        self.moduleTokens = moduleTokens
        self.files = files
        self.tokens = tokens
        self.bodyTokens = bodyTokens
        self.complexity = complexity
        self.closures = closures
    }

    /// The features of recompiling `files` (indices into the graph's files).
    public static func of(_ files: Set<Int>, in graph: DependencyGraph, fileModules: [Int?], moduleTokens: [Int]) -> RebuildFeatures {
        var features = RebuildFeatures(files: files.count)
        var modules = Set<Int>()
        for file in files {
            features.tokens += graph.files[file].tokenCount
            features.bodyTokens += graph.files[file].bodyTokenCount
            features.complexity += graph.files[file].complexity
            features.closures += graph.files[file].closureCount
            if let module = fileModules[file] { modules.insert(module) }
        }
        features.modules = modules.count
        features.moduleTokens = modules.reduce(0) { $0 + moduleTokens[$1] }
        return features
    }
}
