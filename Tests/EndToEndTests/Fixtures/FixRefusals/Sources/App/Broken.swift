/// A file with a syntax error.
final class BrokenViewModel {
    func load() {
        _ = APIClient.shared.fetch("broken"
    }
}
