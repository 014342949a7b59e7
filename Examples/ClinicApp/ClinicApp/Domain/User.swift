import Foundation

struct User: Codable, Equatable, Sendable {
    var id: String
    var name: String
    var specialty: String
    var avatar: URL?

    static let preview = User(id: "preview", name: "Dr. Sarah Chen", specialty: "Cardiology", avatar: nil)
}

struct ProfileUpdates: Codable, Sendable {
    var name: String?
    var specialty: String?
}
