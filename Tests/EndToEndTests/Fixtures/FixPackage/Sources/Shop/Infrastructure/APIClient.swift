import Foundation

struct User: Sendable, Equatable, Codable {
    let id: String
    let name: String
}

enum APIError: Error {
    case offline
}

/// The network: every signature shape the protocol must copy exactly.
final class APIClient: Sendable {
    static let shared = APIClient()

    enum Endpoint: Sendable {
        case users, feed
    }

    func fetchUser(id: String) async throws -> User { User(id: id, name: "user \(id)") }
    func fetchPage(of endpoint: Endpoint, page: Int = 1, size: Int = 20) async throws(APIError) -> [String] {
        (0..<size).map { "\(endpoint) \(page).\($0)" }
    }
    func decode<T: Decodable & Sendable>(_ type: T.Type, from data: Data) throws -> T where T: Equatable {
        try JSONDecoder().decode(type, from: data)
    }
    func merge(_ values: inout [String], with more: [String]) { values += more }
    @discardableResult
    func cancel(requestWith identifier: String) -> Bool { !identifier.isEmpty }
}
