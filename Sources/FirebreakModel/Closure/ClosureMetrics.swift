/// The size of a closure: what the compiler must see.
public struct ClosureMetrics: Sendable, Codable, Hashable {
    /// Distinct declarations: a type with its extensions counts once; framework types do not count.
    public var declarations: Int
    public var files: Int
    /// Non-blank, non-comment lines of the declarations reached.
    public var lines: Int
    /// Scanned modules reached.
    public var modules: Int
    /// Frameworks whose types are reached, sorted.
    public var frameworks: [String]
    /// The files, sorted, relative to the working directory like findings.
    public var paths: [String]

    public init(declarations: Int = 0, files: Int = 0, lines: Int = 0, modules: Int = 0, frameworks: [String] = [], paths: [String] = []) {
        self.declarations = declarations
        self.files = files
        self.lines = lines
        self.modules = modules
        self.frameworks = frameworks
        self.paths = paths
    }
}
