import Foundation

/// Deterministic preview data; exercises the missing-avatar path.
struct PreviewUserRepository: UserRepository {
    func fetchUser(id: String) async throws -> User { .preview }
    func updateProfile(_ updates: ProfileUpdates) async throws {}
}

final class PreviewNotificationScheduler: NotificationScheduler, @unchecked Sendable {
    private(set) var scheduled: [String] = []
    func schedule(title: String, in seconds: TimeInterval) async throws { scheduled.append(title) }
}
