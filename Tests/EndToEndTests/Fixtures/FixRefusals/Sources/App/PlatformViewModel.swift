import Foundation

/// A platform type: its members' signatures are not in the scanned sources.
final class PlatformViewModel {
    func save() {
        UserDefaults.standard.set(true, forKey: "saved")
    }
}
