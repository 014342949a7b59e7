/// What sort of member a `MemberFact` records.
public enum MemberKind: String, Sendable, Codable, Hashable, CaseIterable {
    case method, property, initializer, `subscript`, `case`
}

/// A member of a type or extension: its name for "members actually used", its line range, and
/// whether it is a witness value.
public struct MemberFact: Sendable, Codable, Hashable {
    public var name: String
    public var kind: MemberKind
    public var isStatic: Bool
    /// A static member that produces an instance of its own type: `static let live = Self(...)`,
    /// `static var mock: Dependencies { ... }`, `static let shared = APIClient()`,
    /// `static func live(client:) -> Self`. Like a protocol's conformer, the code inside it is
    /// not part of the type's interface, so the graph gives it a node of its own.
    public var isWitness: Bool
    /// A property that stores a value (no accessors, or only observers), not a computed one: a
    /// class holding another type in one is what a file with top-level code recompiles with.
    public var isStored: Bool
    public var startLine: Int
    public var endLine: Int
    /// Non-blank, non-comment lines inside the member; filled for witnesses only.
    public var codeLines: Int

    public init(
        name: String, kind: MemberKind, isStatic: Bool, isWitness: Bool, isStored: Bool = false, startLine: Int, endLine: Int,
        codeLines: Int = 0
    ) {
        self.name = name
        self.kind = kind
        self.isStatic = isStatic
        self.isWitness = isWitness
        self.isStored = isStored
        self.startLine = startLine
        self.endLine = endLine
        self.codeLines = codeLines
    }
}
