/// Reads it in closures nested inside each other that each capture self weakly.
final class WeakSelfViewModel {
    var handler: (() -> Void)?

    func start() {
        handler = { [weak self] in
            self?.handler = { [weak self] in
                _ = APIClient.shared.fetch("weak")
                _ = self
            }
        }
    }
}
