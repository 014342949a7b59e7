public struct Profile: Equatable, Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

/// Owned by the high-level side: what a screen needs, nothing of how it is fetched.
public protocol ProfileLoading: Sendable {
    func profile(id: String) async throws -> Profile
}
