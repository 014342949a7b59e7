struct ProfileView: View {
    let viewModel: ProfileViewModel

    var body: Label {
        Label(viewModel.userID)
    }
}
