import Foundation

/// The live repository: network first, database cache, analytics.
final class LiveUserRepository: UserRepository, @unchecked Sendable {
    private let client: APIClient

    init(client: APIClient) {
        self.client = client
    }

    func fetchUser(id: String) async throws -> User {
        if let cached = RealmManager.shared.cachedUser(id: id) { return cached }
        let user: User = try await client.get("users/\(id)")
        try RealmManager.shared.save(user)
        AnalyticsTracker.shared.track("profile_loaded")
        return user
    }

    func updateProfile(_ updates: ProfileUpdates) async throws {
        try await client.post("profile", body: JSONEncoder().encode(updates))
    }
}
