import Foundation

/// Scheduling a reminder, in business language.
protocol NotificationScheduler: Sendable {
    func schedule(title: String, in seconds: TimeInterval) async throws
}
