import SwiftUI

struct ProfileView: View {
    @StateObject private var viewModel = ProfileViewModel()

    var body: some View {
        VStack {
            Text(viewModel.user?.name ?? "Loading…")
                .font(.title)
        }
        .task { await viewModel.load(id: "me") }
    }
}

#Preview {
    ProfileView()
}
