struct MarketEntry: Identifiable, Sendable {
    var id: String
    var price: Double

    static let previewSet = [MarketEntry(id: "btc", price: 64_000), MarketEntry(id: "eth", price: 3_100)]
}

protocol MarketsRepository: Sendable {
    func topMarkets(limit: Int) async throws -> [MarketEntry]
}
