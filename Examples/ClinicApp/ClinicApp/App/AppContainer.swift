import Foundation

/// Builds the live implementations once, with their configuration.
final class AppContainer {
    let apiClient = APIClient.shared
    lazy var userRepository: UserRepository = LiveUserRepository(client: apiClient)
    lazy var notificationScheduler: NotificationScheduler = UserNotificationScheduler()

    var search: SearchViewModel.Dependencies {
        let service = SearchService(client: apiClient, defaults: UserDefaults.standard)
        return .init(search: service.search, fetchRecent: service.fetchRecent, saveQuery: service.saveQuery)
    }
}
