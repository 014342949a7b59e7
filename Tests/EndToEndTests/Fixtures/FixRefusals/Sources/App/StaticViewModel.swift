/// Reads it from a static member: there is no instance to hold it.
final class StaticViewModel {
    static func preload() -> String {
        APIClient.shared.fetch("preload")
    }
}
