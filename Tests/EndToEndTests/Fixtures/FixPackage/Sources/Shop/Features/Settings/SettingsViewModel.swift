/// Main-actor isolated, like the service it reads.
@MainActor
final class SettingsViewModel {
    var title: String { SessionStore.shared.isLoggedIn ? "Settings" : "Signed out" }

    func signOut() {
        SessionStore.shared.logOut()
        Analytics.shared.track("signOut", properties: ["from": "settings"])
    }
}
