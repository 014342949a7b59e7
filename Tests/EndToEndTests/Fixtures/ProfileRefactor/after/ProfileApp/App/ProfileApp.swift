import SwiftUI

/// Composition root: the only place that knows the concrete types.
@main
struct ProfileApp: App {
    private let repository = LiveUserRepository(
        client: APIClient.shared, database: RealmManager.shared, analytics: AnalyticsTracker.shared)

    var body: some Scene {
        WindowGroup {
            ProfileView(viewModel: ProfileViewModel(userRepo: repository))
            SettingsView()
        }
    }
}
