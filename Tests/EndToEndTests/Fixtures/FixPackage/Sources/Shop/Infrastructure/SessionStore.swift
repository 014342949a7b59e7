/// A main-actor service: the protocol must be main-actor isolated too.
@MainActor
final class SessionStore {
    static let shared = SessionStore()
    var isLoggedIn: Bool { true }
    func logOut() {}
}
