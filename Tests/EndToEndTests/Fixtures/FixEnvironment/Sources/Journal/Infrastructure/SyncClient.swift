/// Talks to the sync server.
final class SyncClient: Sendable {
    static let shared = SyncClient()

    func lastSync() -> String { "never" }
}
