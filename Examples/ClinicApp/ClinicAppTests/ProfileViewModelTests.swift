import XCTest
import UserNotifications
@testable import ClinicApp

/// Tests may reach anything: they are exempt.
final class ProfileViewModelTests: XCTestCase {
    func testLoadsFromTheLiveStackInIntegration() async throws {
        _ = APIClient.shared
        let scheduler = UserNotificationScheduler()
        try await scheduler.schedule(title: "x", in: 1)
    }
}
