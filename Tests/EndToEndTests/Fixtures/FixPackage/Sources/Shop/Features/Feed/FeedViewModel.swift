import Foundation

/// Calls straight through the singletons, with no init of its own, inside closures too.
final class FeedViewModel: @unchecked Sendable {
    private(set) var items: [String] = []

    func refresh() async {
        items = (try? await APIClient.shared.fetchPage(of: .feed)) ?? []
        items += (try? await APIClient.shared.fetchPage(of: .feed, page: 2)) ?? []
        var merged = items
        APIClient.shared.merge(&merged, with: ["end"])
        _ = try? APIClient.shared.decode(User?.self, from: Data("null".utf8))
        APIClient.shared.cancel(requestWith: "feed")
        Task { Analytics.shared.track("feed.refreshed") }
    }

    func stop() {
        let client = APIClient.shared
        client.cancel(requestWith: "prefetch")
    }

    func prefetch() {
        Task { [weak self] in
            _ = try? await APIClient.shared.fetchPage(of: .users, page: 3)
            _ = self
        }
    }
}
