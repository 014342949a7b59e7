/// An initializer call: `T(...)`, `T.init(...)`, `A.B(...)`, `T<X>(...)`, or `.init(...)`
/// whose type is written beside it.
public struct InstantiationFact: Sendable, Codable, Hashable {
    /// The instantiated type as written (`A.B`, `Self`).
    public var typeName: String
    /// Argument labels, `_` for unlabelled ones: `["configuration"]` for `URLSession(configuration: c)`.
    public var argumentLabels: [String]
    public var position: SourcePosition
    public var context: SiteContext

    public init(typeName: String, argumentLabels: [String], position: SourcePosition, context: SiteContext) {
        self.typeName = typeName
        self.argumentLabels = argumentLabels
        self.position = position
        self.context = context
    }

    public var simpleTypeName: String {
        typeName.lastNameComponent
    }
}
