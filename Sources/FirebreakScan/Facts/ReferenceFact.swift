/// Where a name is written, which decides what kind of dependency it is.
public enum ReferenceKind: String, Sendable, Codable, Hashable, CaseIterable {
    /// `struct A: B`, `extension A: B`.
    case inheritance
    /// The type of a stored instance or static property.
    case storedProperty = "stored-property"
    /// The type of a computed property.
    case property
    case parameter
    case returnType = "return-type"
    /// `Array<User>`, `Box<Item>`.
    case genericArgument = "generic-argument"
    /// `<T: Store>`, `where T == User`.
    case genericConstraint = "generic-constraint"
    /// A type written anywhere else: a local annotation, a cast, a key path root.
    case typeAnnotation = "type-annotation"
    /// `@StateObject`, `@Injected`: property wrappers and attached macros.
    case attribute
    /// `T(...)`, `T.init(...)`.
    case instantiation
    /// `T.member`: a static property or method read through the type; `member` says which.
    case staticMember = "static-member"
    /// A name used as a value inside code: `User.self`, a free function, a global.
    case expression
}

/// A name one declaration uses: the raw material of the dependency graph.
///
/// Recorded once per owner, member, name, kind and static member (the first occurrence), so
/// facts stay small while every distinct dependency keeps a position to show.
public struct ReferenceFact: Sendable, Codable, Hashable {
    /// As written: `User`, `Networking.APIClient`, `Outer.Inner`, or a lower-case identifier.
    public var name: String
    public var kind: ReferenceKind
    /// For `.staticMember`: the member read (`shared`, `live`, `current`).
    public var staticMember: String?
    /// Index into `FileFacts.declarations` of the innermost declaration that owns the code
    /// (a type, extension, typealias, file-scope function, variable or `#Preview`); nil at file scope.
    public var owner: Int?
    /// The member of the owning type the reference sits in (`init`, `fetch`, `shared`).
    public var member: String?
    public var position: SourcePosition

    public init(
        name: String, kind: ReferenceKind, staticMember: String? = nil, owner: Int?, member: String?,
        position: SourcePosition
    ) {
        self.name = name
        self.kind = kind
        self.staticMember = staticMember
        self.owner = owner
        self.member = member
        self.position = position
    }

    /// True for identifiers that can only name a value (`makeClient`, `sharedCache`).
    public var isValueName: Bool {
        // The ASCII test first: asked for every reference the graph links, and the Unicode
        // property table was most of linking's own time on the 1.5M-line tree.
        !TypeSyntaxNames.isTypeLike(name)
    }
}
