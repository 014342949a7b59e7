struct GalleryView: View {
    let viewModel: GalleryViewModel

    var body: Label {
        Label(viewModel.title)
    }
}
