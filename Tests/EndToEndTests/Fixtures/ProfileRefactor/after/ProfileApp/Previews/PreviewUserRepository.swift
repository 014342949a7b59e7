/// Deterministic data for previews and tests.
final class PreviewUserRepository: UserRepository {
    func fetchUser(id: String) async throws -> User {
        User(id: id, name: "Dr. Sarah Chen")
    }

    func updateProfile(_ updates: ProfileUpdates) async throws {}
}
