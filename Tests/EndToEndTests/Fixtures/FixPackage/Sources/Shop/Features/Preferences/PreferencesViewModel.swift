import Foundation

/// Platform services: their signatures come from firebreak's table, behind Live adapters.
final class PreferencesViewModel: @unchecked Sendable {
    var showsHints: Bool { UserDefaults.standard.bool(forKey: "hints") }

    func toggleHints() {
        UserDefaults.standard.set(!showsHints, forKey: "hints")
        NotificationCenter.default.post(name: Notification.Name("hints"), object: nil)
    }

    func hasCache() -> Bool {
        FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.path)
    }
}
