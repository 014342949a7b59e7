import SwiftUI

struct ProfileView: View {
    @StateObject private var viewModel: ProfileViewModel

    init(viewModel: ProfileViewModel) {
        _viewModel = StateObject(wrappedValue: viewModel)
    }

    var body: some View {
        VStack {
            Text(viewModel.user?.name ?? "Loading…")
                .font(.title)
        }
        .task { await viewModel.load(id: "me") }
    }
}

#Preview {
    ProfileView(viewModel: ProfileViewModel(userRepo: PreviewUserRepository()))
}
