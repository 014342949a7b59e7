@main
@MainActor
enum ShopApp {
    static func main() async {
        let profile = ProfileViewModel(userID: "1")
        let feed = FeedViewModel()
        await profile.load()
        await feed.refresh()
        let screens: [any View] = [
            ProfileView(viewModel: profile),
            FeedView(viewModel: feed),
            GalleryView(viewModel: GalleryViewModel(id: 7)),
            SettingsView(viewModel: SettingsViewModel()),
            PreferencesView(viewModel: PreferencesViewModel()),
        ]
        print(screens.count)
    }
}
