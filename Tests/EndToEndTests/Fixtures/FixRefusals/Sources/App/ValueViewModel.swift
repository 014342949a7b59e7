/// Passes the singleton on as a value.
final class ValueViewModel {
    func start() {
        register(APIClient.shared)
    }

    private func register(_ client: APIClient) {}
}
