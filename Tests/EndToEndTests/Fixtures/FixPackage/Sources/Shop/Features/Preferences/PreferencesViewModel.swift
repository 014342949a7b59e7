import Foundation

/// Platform services: their signatures come from firebreak's table, behind Live adapters.
final class PreferencesViewModel: @unchecked Sendable {
    /// Read on first use, after init: a lazy initial value can use the injected instance.
    lazy var cacheFolder: String = FileManager.default.temporaryDirectory.path

    var showsHints: Bool { UserDefaults.standard.bool(forKey: "hints") }

    func toggleHints() {
        UserDefaults.standard.set(!showsHints, forKey: "hints")
        NotificationCenter.default.post(name: Notification.Name("hints"), object: nil)
    }

    func hasCache() -> Bool {
        FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.path)
    }

    /// Overloads of one name, and an argument passed as a pointer (`&isDirectory`).
    func prepareCache(at path: String) throws {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        UserDefaults.standard.set(URL(fileURLWithPath: path), forKey: "cache")
    }
}
