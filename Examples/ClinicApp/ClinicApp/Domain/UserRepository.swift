import SwiftUI

/// What profile screens need, owned by the high-level code: no network or database types.
protocol UserRepository: Sendable {
    func fetchUser(id: String) async throws -> User
    func updateProfile(_ updates: ProfileUpdates) async throws
}

private struct UserRepositoryKey: EnvironmentKey {
    static let defaultValue: UserRepository = PreviewUserRepository()
}

extension EnvironmentValues {
    var userRepository: UserRepository {
        get { self[UserRepositoryKey.self] }
        set { self[UserRepositoryKey.self] = newValue }
    }
}
