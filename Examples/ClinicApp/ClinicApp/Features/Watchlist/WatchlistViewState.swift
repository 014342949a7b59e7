import Observation

/// Half-way (seed 001): injectable, but the default keeps the compile dependency on the live type.
@Observable
@MainActor
final class WatchlistViewState {
    private let repository: any MarketsRepository
    private(set) var entries: [MarketEntry] = []

    init(repository: any MarketsRepository = LiveMarketsRepository()) {
        self.repository = repository
    }

    func load() async {
        entries = (try? await repository.topMarkets(limit: 20)) ?? []
    }
}
