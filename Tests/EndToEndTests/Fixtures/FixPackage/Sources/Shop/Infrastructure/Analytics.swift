import Foundation

/// A platform type the scan cannot see the members of holds no secrets here: Analytics is ours.
final class Analytics: Sendable {
    static let shared = Analytics()
    func track(_ event: String, properties: [String: String] = [:]) {}
}
