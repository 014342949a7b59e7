/// One dependency can move behind a protocol, the other (a third-party SDK firebreak cannot see)
/// cannot: the first is fixed, the second stays and the summary says why.
final class PartialViewModel {
    func sync() {
        Store.shared.save("x")
        Purchases.shared.logIn("user")
    }
}
