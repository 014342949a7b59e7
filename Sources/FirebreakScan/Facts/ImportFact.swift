/// One `import` declaration: `@testable import A`, `import class M.X`, `@preconcurrency import B`.
public struct ImportFact: Sendable, Codable, Hashable {
    /// The dotted path after the keyword (`M.X` in `import class M.X`).
    public var path: [String]
    /// `class`, `struct`, `func`… for a scoped import; nil for a whole-module import.
    public var kind: String?
    /// Attribute names without `@`, such as `testable` or `preconcurrency`.
    public var attributes: [String]
    public var position: SourcePosition

    /// The imported module: the first component of the path.
    public var module: String { path.first ?? "" }

    public init(path: [String], kind: String?, attributes: [String], position: SourcePosition) {
        self.path = path
        self.kind = kind
        self.attributes = attributes
        self.position = position
    }
}
