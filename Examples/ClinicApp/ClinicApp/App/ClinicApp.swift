import SwiftUI

/// Composition root: the only place that knows the concrete types.
@main
struct ClinicApp: App {
    private let container = AppContainer()

    var body: some Scene {
        WindowGroup {
            TabView {
                ProfileScreen(model: ProfileScreenModel(repository: container.userRepository))
                ReminderScheduleView(viewModel: ReminderScheduleViewModel(scheduler: container.notificationScheduler))
                SearchView(viewModel: SearchViewModel(dependencies: container.search))
                ProfileView()
                ReminderView()
                ClinicMapView()
                WatchlistView()
            }
            .environment(\.userRepository, container.userRepository)
        }
    }
}
