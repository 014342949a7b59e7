import SwiftUI

/// Naive: the view model reaches three singletons (seed 000's "before").
struct ProfileView: View {
    @StateObject private var viewModel = ProfileViewModel()

    var body: some View {
        VStack {
            Text(viewModel.user?.name ?? "Loading…")
                .font(.title)
                .foregroundStyle(Color.primary)
        }
        .task { await viewModel.load(id: "me") }
    }
}

#Preview {
    ProfileView()
}
