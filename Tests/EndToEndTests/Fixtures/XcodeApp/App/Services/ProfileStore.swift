import Foundation

final class ProfileStore {
    var names: [String] = []
}
