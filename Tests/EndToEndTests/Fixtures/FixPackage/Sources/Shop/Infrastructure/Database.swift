/// Storage: a class the view models hold in a property.
final class Database: @unchecked Sendable {
    static let shared = Database()
    private var rows: [String: String] = [:]
    private(set) var revision = 0
    var lastKey = ""

    var count: Int { rows.count }

    func save(_ value: String, forKey key: String) {
        rows[key] = value
        revision += 1
    }

    func value(forKey key: String) -> String? { rows[key] }
}
