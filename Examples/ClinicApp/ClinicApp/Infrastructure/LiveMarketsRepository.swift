import Foundation

/// Wraps the network for markets.
struct LiveMarketsRepository: MarketsRepository {
    func topMarkets(limit: Int) async throws -> [MarketEntry] {
        try await APIClient.shared.get("markets?limit=\(limit)")
    }
}
