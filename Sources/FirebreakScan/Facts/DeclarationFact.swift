/// What sort of declaration a `DeclarationFact` records.
public enum DeclarationKind: String, Sendable, Codable, Hashable, CaseIterable {
    case `struct`, `class`, `enum`, `protocol`, `actor`, `extension`, `typealias`
    /// A free function at file scope.
    case function
    /// A global variable at file scope.
    case variable
    /// A file-scope `#Preview { ... }`.
    case preview

    /// Types whose instances have identity: the only kinds that can be a shared service.
    public var isReferenceType: Bool { self == .class || self == .actor }
}

/// A `static` (or `class`) stored property, the raw material of singleton detection.
public struct StaticPropertyFact: Sendable, Codable, Hashable {
    public var name: String
    /// The annotated type as written, without optional markers (`APIClient` for `APIClient?`).
    public var typeName: String?
    /// True when the property holds an instance of the declaring type itself:
    /// `static let shared = APIClient()`, `static let shared: APIClient = .init()`, `= Self()`.
    public var holdsOwnInstance: Bool
    public var position: SourcePosition

    public init(name: String, typeName: String?, holdsOwnInstance: Bool, position: SourcePosition) {
        self.name = name
        self.typeName = typeName
        self.holdsOwnInstance = holdsOwnInstance
        self.position = position
    }
}

/// A type, extension, typealias, or file-scope function or variable.
public struct DeclarationFact: Sendable, Codable, Hashable {
    public var kind: DeclarationKind
    /// The declared name; for an extension, the extended type as written (`Foo.Bar`).
    public var name: String
    /// Index of the enclosing declaration in `FileFacts.declarations`, nil at file scope.
    public var parent: Int?
    public var genericParameters: [String]
    /// Inherited types and conformances as written (`View`, `ObservableObject`, `Sendable`).
    public var inheritance: [String]
    /// Attribute names without `@` (`main`, `Observable`, `MainActor`).
    public var attributes: [String]
    public var staticProperties: [StaticPropertyFact]
    /// Members declared directly in this type or extension, in source order.
    public var members: [MemberFact]
    /// Names read with a dot anywhere in this declaration (`fetchUser`, `shared`), sorted:
    /// the members an extracted protocol would need.
    public var usedMembers: [String]
    public var startLine: Int
    public var endLine: Int
    /// Non-blank, non-comment lines that belong to this declaration itself, without nested
    /// declarations and witness members (which count their own).
    public var codeLines: Int
    /// Declared inside an `#if DEBUG` clause: code that release builds do not compile.
    public var isDebugOnly: Bool = false
    /// A type declared `private` or `fileprivate`: only its file can use it.
    public var isPrivate: Bool = false

    public init(
        kind: DeclarationKind, name: String, parent: Int?, genericParameters: [String] = [],
        inheritance: [String] = [], attributes: [String] = [], staticProperties: [StaticPropertyFact] = [],
        members: [MemberFact] = [], usedMembers: [String] = [], startLine: Int, endLine: Int, codeLines: Int = 0
    ) {
        self.kind = kind
        self.name = name
        self.parent = parent
        self.genericParameters = genericParameters
        self.inheritance = inheritance
        self.attributes = attributes
        self.staticProperties = staticProperties
        self.members = members
        self.usedMembers = usedMembers
        self.startLine = startLine
        self.endLine = endLine
        self.codeLines = codeLines
    }

    /// The last component of the name: `Bar` for an extension of `Foo.Bar`.
    public var simpleName: String {
        name.lastNameComponent
    }
}
