import FirebreakScan

/// What `firebreak modules` prints: the module map found, with where each module came from.
public struct ModuleListing: Sendable, Codable, Equatable {
    public static let schemaVersion = 1

    public struct Module: Sendable, Codable, Equatable {
        public var name: String
        public var importName: String
        /// `package`, `xcode-project`, `xcodegen`, `configured` or `root`.
        public var source: String
        /// The description it was read from, relative to the working directory.
        public var origin: String?
        public var kind: String?
        /// Swift files it compiles, shared files counted in every module.
        public var files: Int
        /// Of `files`, those other modules compile too.
        public var sharedFiles: Int
        public var dependencies: [String]
        public var frameworks: [String]
        /// With `--files`: the files, sorted.
        public var paths: [String]?
    }

    public struct Skipped: Sendable, Codable, Equatable {
        public var path: String
        public var reason: String
    }

    public var schemaVersion: Int
    public var modules: [Module]
    /// Swift files inside a project's folder that no target compiles: left out of the graph.
    public var uncompiledFiles: [String]
    public var skipped: [Skipped]

    public init(moduleMap: ModuleMap, structure: ProjectStructure, files: [FileFacts], withPaths: Bool) {
        var members = Array(repeating: [Int](), count: moduleMap.modules.count)
        for file in files.indices {
            for module in moduleMap.modules(of: file) { members[module].append(file) }
        }
        schemaVersion = Self.schemaVersion
        modules = moduleMap.modules.enumerated().map { index, info in
            Module(
                name: info.name, importName: info.importName, source: info.source.rawValue, origin: info.origin,
                kind: info.kind?.rawValue, files: members[index].count,
                sharedFiles: members[index].filter { moduleMap.modules(of: $0).count > 1 }.count,
                dependencies: info.declaredDependencies, frameworks: info.frameworks,
                paths: withPaths ? members[index].map { files[$0].path }.sorted() : nil)
        }
        .sorted { ($0.origin ?? "~", $0.name) < ($1.origin ?? "~", $1.name) }
        uncompiledFiles = moduleMap.uncompiledFiles.map { files[$0].path }.sorted()
        skipped = structure.skipped.map { Skipped(path: $0.path, reason: $0.message) }
    }
}
