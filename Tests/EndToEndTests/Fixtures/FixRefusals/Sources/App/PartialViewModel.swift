/// One dependency could move behind a protocol, the other (a third-party SDK firebreak cannot
/// see) cannot: nothing changes.
final class PartialViewModel {
    func sync() {
        Store.shared.save("x")
        Purchases.shared.logIn("user")
    }
}
