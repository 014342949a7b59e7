struct User: Codable, Hashable, Sendable {
    var id: String
    var name: String
}

struct ProfileUpdates: Codable, Sendable {
    var name: String?
}
