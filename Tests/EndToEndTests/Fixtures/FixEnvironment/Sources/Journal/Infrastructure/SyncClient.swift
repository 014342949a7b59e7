/// Talks to the sync server.
final class SyncClient: Sendable {
    static let shared = SyncClient()

    func lastSync() -> String { "never" }

    /// A value with no obvious empty one: the preview double's fixture for it is optional.
    func status() -> SyncStatus { SyncStatus(label: "idle", pending: 0) }
}

struct SyncStatus: Sendable {
    let label: String
    let pending: Int
}
