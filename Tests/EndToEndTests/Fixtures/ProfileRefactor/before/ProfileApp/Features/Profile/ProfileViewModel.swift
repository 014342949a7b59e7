import Foundation

/// The seed's naive view model: three singletons.
@MainActor
final class ProfileViewModel: ObservableObject {
    @Published private(set) var user: User?

    private let apiClient = APIClient.shared
    private let database = RealmManager.shared
    private let analytics = AnalyticsTracker.shared

    func load(id: String) async {
        if let cached = database.cachedUser(id: id) {
            user = cached
            return
        }
        user = try? await apiClient.fetchUser(id: id)
        analytics.track("profile_viewed")
    }

    func save(_ updates: ProfileUpdates) async {
        try? await apiClient.updateProfile(updates)
    }
}
