import SwiftUI

struct WatchlistView: View {
    @State private var state = WatchlistViewState()

    var body: some View {
        List(state.entries) { entry in Text("\(entry.id): \(entry.price)") }
            .task { await state.load() }
    }
}

#Preview {
    WatchlistView()
}
