import Foundation

/// Assigns a property of a platform service, which its Live adapter cannot set.
final class SetterViewModel {
    func logIn() {
        FileManager.default.delegate = nil
    }
}
