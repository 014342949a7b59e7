import Foundation

/// Naive: compiles against the network, the database and the analytics SDK.
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
        user = try? await apiClient.get("users/\(id)")
        analytics.track("profile_viewed")
    }
}
