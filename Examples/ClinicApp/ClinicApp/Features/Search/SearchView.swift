import SwiftUI

struct SearchView: View {
    @Bindable var viewModel: SearchViewModel
    @State private var query = ""

    var body: some View {
        List(viewModel.items, id: \.self) { Text($0) }
            .searchable(text: $query)
            .onSubmit(of: .search) { Task { await viewModel.search(matching: query) } }
    }
}

#Preview("Search") {
    SearchView(viewModel: SearchViewModel(dependencies: .mock))
}
