struct PreferencesView: View {
    let viewModel: PreferencesViewModel

    var body: Label {
        Label(viewModel.showsHints ? "on" : "off")
    }
}
