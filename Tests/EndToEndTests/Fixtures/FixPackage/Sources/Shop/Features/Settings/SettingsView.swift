struct SettingsView: View {
    let viewModel: SettingsViewModel

    var body: Label {
        Label(viewModel.title)
    }
}
