/// Who is signed in; callers set the account through the shared store.
final class SessionStore: @unchecked Sendable {
    static let shared = SessionStore()

    var account: String = "nobody"
}
