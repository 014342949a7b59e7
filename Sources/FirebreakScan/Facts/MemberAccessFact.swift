/// A static member read on a type-like base: `APIClient.shared`, `A.B.c`,
/// `UNUserNotificationCenter.current()`, or `.shared` where the contextual type is written
/// beside it (`let api: APIClient = .shared`).
public struct MemberAccessFact: Sendable, Codable, Hashable {
    /// The base type path as written (`A.B`); the contextual type for an implicit member.
    public var base: String
    public var member: String
    /// True for `A.b()`: the member is called.
    public var isCall: Bool
    /// True for `.b` whose base comes from a written type annotation.
    public var isImplicit: Bool
    public var position: SourcePosition
    public var context: SiteContext
    /// The member read on the result, when there is one: `open` in `UIApplication.shared.open(url)`,
    /// `add` in `UNUserNotificationCenter.current().add(request)`. A platform singleton is judged by it
    /// (`sendAction` dismisses the keyboard; `open` leaves the app).
    public var chainedMember: String?
    /// The name the chained call is given as `for:`, `named:` or `name:`, when written as a member:
    /// `UIApplication.didBecomeActiveNotification` in
    /// `NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)`.
    public var chainedArgument: String?

    public init(base: String, member: String, isCall: Bool, isImplicit: Bool, position: SourcePosition, context: SiteContext,
                chainedMember: String? = nil, chainedArgument: String? = nil) {
        self.base = base
        self.member = member
        self.isCall = isCall
        self.isImplicit = isImplicit
        self.position = position
        self.context = context
        self.chainedMember = chainedMember
        self.chainedArgument = chainedArgument
    }

    /// The last component of the base: `B` for `A.B`.
    public var baseSimpleName: String {
        base.lastNameComponent
    }
}
