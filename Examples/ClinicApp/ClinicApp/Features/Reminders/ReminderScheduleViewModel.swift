import Foundation

/// Refactored: depends on NotificationScheduler; no framework import.
@MainActor
final class ReminderScheduleViewModel: ObservableObject {
    @Published private(set) var isScheduled = false
    private let scheduler: NotificationScheduler

    init(scheduler: NotificationScheduler) {
        self.scheduler = scheduler
    }

    func scheduleReminder(title: String, in seconds: TimeInterval) async {
        do {
            try await scheduler.schedule(title: title, in: seconds)
            isScheduled = true
        } catch {
            isScheduled = false
        }
    }
}
