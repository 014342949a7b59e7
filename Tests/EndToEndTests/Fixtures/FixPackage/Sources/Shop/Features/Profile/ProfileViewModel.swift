/// Holds the singletons in properties and already has an init.
final class ProfileViewModel: @unchecked Sendable {
    private let api = APIClient.shared
    private let database = Database.shared
    let userID: String
    private(set) var user: User?

    init(userID: String) {
        self.userID = userID
    }

    func load() async {
        user = try? await api.fetchUser(id: userID)
        if let user { database.save(user.name, forKey: userID) }
        database.lastKey = userID
        _ = database.value(forKey: userID).map { $0.count } ?? database.count
    }
}
