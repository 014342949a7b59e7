/// What a cold build of a set of modules has to compile, in the terms the cost model prices.
public struct BuildFeatures: Sendable, Codable, Hashable {
    public var modules: Int
    /// Files, code lines, tokens and complexity (closures, generic parameters and requirements,
    /// binary operators) of the files without a measured compile time.
    public var files: Int
    public var lines: Int
    public var tokens: Int
    public var complexity: Int
    /// Files with a compile time from `--build-stats`, and the sum of those times.
    public var measuredFiles: Int
    public var measuredSeconds: Double

    public init(modules: Int = 0, files: Int = 0, lines: Int = 0, tokens: Int = 0, complexity: Int = 0,
                measuredFiles: Int = 0, measuredSeconds: Double = 0) {
        self.modules = modules
        self.files = files
        self.lines = lines
        self.tokens = tokens
        self.complexity = complexity
        self.measuredFiles = measuredFiles
        self.measuredSeconds = measuredSeconds
    }

    public static func + (lhs: BuildFeatures, rhs: BuildFeatures) -> BuildFeatures {
        BuildFeatures(
            modules: lhs.modules + rhs.modules, files: lhs.files + rhs.files, lines: lhs.lines + rhs.lines,
            tokens: lhs.tokens + rhs.tokens, complexity: lhs.complexity + rhs.complexity,
            measuredFiles: lhs.measuredFiles + rhs.measuredFiles, measuredSeconds: lhs.measuredSeconds + rhs.measuredSeconds)
    }
}
