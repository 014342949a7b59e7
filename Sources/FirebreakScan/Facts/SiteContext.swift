/// Where an access or call sits, beyond its enclosing declaration.
public struct SiteFlags: OptionSet, Sendable, Codable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Inside the arguments or body of a `#Preview` macro.
    public static let previewMacro = SiteFlags(rawValue: 1 << 0)
    /// Inside the default value of a function or initializer parameter.
    public static let defaultArgument = SiteFlags(rawValue: 1 << 1)
    /// Inside a closure expression.
    public static let closure = SiteFlags(rawValue: 1 << 2)
    /// Inside the initial value of a stored property.
    public static let propertyInitializer = SiteFlags(rawValue: 1 << 3)
    /// Inside a `static` or `class` member.
    public static let staticMember = SiteFlags(rawValue: 1 << 4)
    /// Inside a member named or attributed as a preview or test double (`static var preview`,
    /// `static func mock()`, `static let fixtureUser`).
    public static let previewHelper = SiteFlags(rawValue: 1 << 5)
    /// Inside an `#if DEBUG` clause.
    public static let debugOnly = SiteFlags(rawValue: 1 << 6)
    /// Inside `makeCoordinator()`, where SwiftUI asks a representable for the object its view's
    /// delegate calls go to: building it there is the representable's job, as `makeUIView`
    /// builds the view.
    public static let coordinatorFactory = SiteFlags(rawValue: 1 << 7)
}

/// The lexical context of a fact: its innermost enclosing type or extension and its flags.
public struct SiteContext: Sendable, Codable, Hashable {
    /// Index into `FileFacts.declarations` of the innermost enclosing type or extension.
    public var declaration: Int?
    public var flags: SiteFlags
    /// For `.defaultArgument`: the function whose parameter holds the default (`init`, `load`).
    public var defaultArgumentOf: String?

    public init(declaration: Int?, flags: SiteFlags = [], defaultArgumentOf: String? = nil) {
        self.declaration = declaration
        self.flags = flags
        self.defaultArgumentOf = defaultArgumentOf
    }
}
