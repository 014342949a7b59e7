/// Assigns a property of the singleton.
final class SetterViewModel {
    func logIn() {
        APIClient.shared.token = "secret"
    }
}
