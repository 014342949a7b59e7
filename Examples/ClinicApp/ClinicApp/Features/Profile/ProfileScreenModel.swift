import Foundation

/// Refactored: a protocol owned by the high-level module, injected through init.
@MainActor
final class ProfileScreenModel: ObservableObject {
    @Published private(set) var user: User?
    private let repository: UserRepository

    init(repository: UserRepository) {
        self.repository = repository
    }

    func load(id: String) async {
        user = try? await repository.fetchUser(id: id)
    }
}
