import FirebreakCost

extension RebuildFeatures {
    /// The features of recompiling `files` (indices into the graph's files).
    public static func of(_ files: Set<Int>, in graph: DependencyGraph, fileModules: [Int?], moduleTokens: [Int]) -> RebuildFeatures {
        var features = RebuildFeatures(files: files.count)
        var modules = Set<Int>()
        for file in files {
            features.tokens += graph.files[file].tokenCount
            features.bodyTokens += graph.files[file].bodyTokenCount
            features.complexity += graph.files[file].complexity
            features.closures += graph.files[file].closureCount
            features.typeCheckMicroseconds += graph.files[file].typeCheckMicroseconds
            if let module = fileModules[file] { modules.insert(module) }
        }
        features.modules = modules.count
        features.moduleTokens = modules.reduce(0) { $0 + moduleTokens[$1] }
        return features
    }
}
