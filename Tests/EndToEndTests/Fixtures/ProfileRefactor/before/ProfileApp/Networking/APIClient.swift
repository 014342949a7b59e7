import Alamofire
import Foundation

/// The concrete network stack.
final class APIClient {
    static let shared = APIClient()

    private let session = Session.default
    private let decoder = JSONDecoder()

    func fetchUser(id: String) async throws -> User {
        let data = try await session.request("https://api.example.com/users/\(id)").serializingData().value
        return try decoder.decode(User.self, from: data)
    }

    func updateProfile(_ updates: ProfileUpdates) async throws {
        _ = try await session.request("https://api.example.com/profile", method: .post).serializingData().value
    }

    func retry<T>(times: Int, _ operation: () async throws -> T) async throws -> T {
        var lastError: Error?
        for _ in 0..<times {
            do { return try await operation() } catch { lastError = error }
        }
        throw lastError!
    }
}
