import Foundation

/// The adapter: network first, database cache, analytics.
final class LiveUserRepository: UserRepository, @unchecked Sendable {
    private let client: APIClient
    private let database: RealmManager
    private let analytics: AnalyticsTracker

    init(client: APIClient, database: RealmManager, analytics: AnalyticsTracker) {
        self.client = client
        self.database = database
        self.analytics = analytics
    }

    func fetchUser(id: String) async throws -> User {
        if let cached = database.cachedUser(id: id) { return cached }
        let user = try await client.fetchUser(id: id)
        try database.save(user)
        analytics.track("profile_viewed")
        return user
    }

    func updateProfile(_ updates: ProfileUpdates) async throws {
        try await client.updateProfile(updates)
    }
}
