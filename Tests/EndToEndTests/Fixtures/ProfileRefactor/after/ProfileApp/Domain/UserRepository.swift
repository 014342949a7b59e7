/// Owned by the high-level code: what the profile needs, not how it is fetched.
protocol UserRepository: Sendable {
    func fetchUser(id: String) async throws -> User
    func updateProfile(_ updates: ProfileUpdates) async throws
}
