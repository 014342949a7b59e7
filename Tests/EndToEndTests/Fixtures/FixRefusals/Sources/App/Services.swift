import Foundation

final class APIClient {
    static let shared = APIClient()
    var token = ""
    func fetch(_ path: String) -> String { path }
}

final class Store {
    static let shared = Store()
    func save(_ value: String) {}
}
