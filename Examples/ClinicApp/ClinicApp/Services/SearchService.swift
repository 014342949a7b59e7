import Foundation

/// Live search backed by the API and UserDefaults; exposed to features as closures.
struct SearchService {
    let client: APIClient
    let defaults: UserDefaults

    func search(matching query: String) async throws -> [String] {
        try await client.get("search?q=\(query)")
    }

    func fetchRecent() async throws -> [String] {
        defaults.stringArray(forKey: "recent") ?? []
    }

    func saveQuery(_ query: String) async throws {
        defaults.set([query] + (defaults.stringArray(forKey: "recent") ?? []), forKey: "recent")
    }
}
