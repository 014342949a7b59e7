/// What an incremental build recompiles after an edit, in the terms the rebuild model prices.
///
/// An incremental build of a module runs its driver, re-emits the module and has every batch job
/// parse all of the module's files, whatever it recompiles: that fixed part grows with the
/// modules touched and their size (`modules`, `moduleTokens`). The rest grows with the files
/// actually recompiled (`files`, `tokens`, `complexity`).
public struct RebuildFeatures: Sendable, Hashable {
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
    /// The recompiled files' estimated type-checking of function bodies, in microseconds so that
    /// sums are exact (`FileFacts.typeCheckMicroseconds`).
    public var typeCheckMicroseconds: Int

    public init(modules: Int = 0, moduleTokens: Int = 0, files: Int = 0, tokens: Int = 0, bodyTokens: Int = 0,
                complexity: Int = 0, closures: Int = 0, typeCheckMicroseconds: Int = 0) {
        self.modules = modules
        self.moduleTokens = moduleTokens
        self.files = files
        self.tokens = tokens
        self.bodyTokens = bodyTokens
        self.complexity = complexity
        self.closures = closures
        self.typeCheckMicroseconds = typeCheckMicroseconds
    }

    public var typeCheckSeconds: Double { Double(typeCheckMicroseconds) / 1_000_000 }
}

extension RebuildFeatures: CostFeatures {
    public static var terms: [CostTerm<RebuildFeatures>] { RebuildCostTerms.all }
    public var measuredSeconds: Double { 0 }
    public var compilesNothing: Bool { files == 0 }
}

extension RebuildFeatures: Codable {
    private enum CodingKeys: String, CodingKey {
        case modules, moduleTokens, files, tokens, bodyTokens, complexity, closures, typeCheckSeconds
    }

    /// Features recorded before model 7 have no `typeCheckSeconds`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            modules: try container.decode(Int.self, forKey: .modules), moduleTokens: try container.decode(Int.self, forKey: .moduleTokens),
            files: try container.decode(Int.self, forKey: .files), tokens: try container.decode(Int.self, forKey: .tokens),
            bodyTokens: try container.decodeIfPresent(Int.self, forKey: .bodyTokens) ?? 0,
            complexity: try container.decode(Int.self, forKey: .complexity), closures: try container.decode(Int.self, forKey: .closures),
            typeCheckMicroseconds: Int(((try container.decodeIfPresent(Double.self, forKey: .typeCheckSeconds) ?? 0) * 1_000_000).rounded()))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(modules, forKey: .modules)
        try container.encode(moduleTokens, forKey: .moduleTokens)
        try container.encode(files, forKey: .files)
        try container.encode(tokens, forKey: .tokens)
        try container.encode(bodyTokens, forKey: .bodyTokens)
        try container.encode(complexity, forKey: .complexity)
        try container.encode(closures, forKey: .closures)
        try container.encode(typeCheckSeconds, forKey: .typeCheckSeconds)
    }
}
