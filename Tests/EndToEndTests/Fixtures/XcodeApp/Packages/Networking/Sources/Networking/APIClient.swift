import Foundation

public final class APIClient {
    public static let shared = APIClient()

    public func fetchName() async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/name")!)
        return String(decoding: data, as: UTF8.self)
    }
}
