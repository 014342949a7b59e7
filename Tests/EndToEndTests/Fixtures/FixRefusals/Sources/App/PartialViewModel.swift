/// One dependency could move behind a protocol, the other cannot: nothing changes.
final class PartialViewModel {
    func sync() {
        Store.shared.save("x")
        UserDefaults.standard.set(1, forKey: "synced")
    }
}
