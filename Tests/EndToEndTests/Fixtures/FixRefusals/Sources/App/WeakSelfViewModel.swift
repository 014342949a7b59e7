/// Reads it in a closure that captures self weakly.
final class WeakSelfViewModel {
    var handler: (() -> Void)?

    func start() {
        handler = { [weak self] in
            _ = APIClient.shared.fetch("weak")
            _ = self
        }
    }
}
