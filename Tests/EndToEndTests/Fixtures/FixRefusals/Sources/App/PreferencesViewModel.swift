struct PreferencesViewModel: Codable, Hashable {
    var name = ""

    func synced() -> String { APIClient.shared.fetch(name) }
}
