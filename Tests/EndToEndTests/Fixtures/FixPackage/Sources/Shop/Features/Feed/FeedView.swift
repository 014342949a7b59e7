struct FeedView: View {
    let viewModel: FeedViewModel

    var body: Label {
        Label("\(viewModel.items.count)")
    }
}
