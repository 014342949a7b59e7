import Foundation

/// A platform member missing from firebreak's table of platform services.
final class PlatformViewModel {
    func save() {
        UserDefaults.standard.addSuite(named: "group.shared")
    }
}
