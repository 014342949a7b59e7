/// The architectural role of a declaration, which decides where rules apply.
public enum Role: String, Sendable, Codable, Hashable, CaseIterable {
    /// Views, view models, view controllers and domain code: must depend on abstractions.
    case highLevel = "high-level"
    /// Network, persistence and SDK code: the details high-level code must not reach.
    case infrastructure
    /// Where concrete types are wired together: the `@main` type, containers, assemblies.
    case compositionRoot = "composition-root"
    /// Previews, mocks and tests: free to construct whatever they like.
    case exempt
    /// Everything else: models, utilities, extensions of platform types.
    case neutral
}

/// A role with the reason it was chosen, so messages and `--explain` output can say why.
public struct RoleAssignment: Sendable, Hashable {
    public var role: Role
    public var reason: String

    public init(_ role: Role, _ reason: String) {
        self.role = role
        self.reason = reason
    }
}
