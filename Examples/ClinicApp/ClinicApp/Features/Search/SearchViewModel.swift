import Foundation
import Observation

/// Refactored (seed 003): dependencies as a struct of closures, built at the composition root.
@MainActor
@Observable
final class SearchViewModel {
    struct Dependencies {
        var search: (String) async throws -> [String]
        var fetchRecent: () async throws -> [String]
        var saveQuery: (String) async throws -> Void
    }

    private let dependencies: Dependencies
    private(set) var items: [String] = []

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    func search(matching query: String) async {
        items = (try? await dependencies.search(query)) ?? []
        try? await dependencies.saveQuery(query)
    }
}

extension SearchViewModel.Dependencies {
    static let mock = Self(
        search: { query in ["Result for \(query)"] },
        fetchRecent: { ["swift"] },
        saveQuery: { _ in })
}
