import Foundation

/// Refactored: the repository comes in through init, behind a protocol.
@MainActor
final class ProfileViewModel: ObservableObject {
    @Published private(set) var user: User?

    private let userRepo: UserRepository

    init(userRepo: UserRepository) {
        self.userRepo = userRepo
    }

    func load(id: String) async {
        user = try? await userRepo.fetchUser(id: id)
    }

    func save(_ updates: ProfileUpdates) async {
        try? await userRepo.updateProfile(updates)
    }
}
