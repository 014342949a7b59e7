import SwiftUI

/// Refactored: depends on UserRepository only; the composition root passes the live one.
struct ProfileScreen: View {
    @StateObject private var model: ProfileScreenModel

    init(model: ProfileScreenModel) {
        _model = StateObject(wrappedValue: model)
    }

    var body: some View {
        Text(model.user?.name ?? "Loading…")
            .task { await model.load(id: "me") }
    }
}

#Preview("Loaded") {
    ProfileScreen(model: ProfileScreenModel(repository: PreviewUserRepository()))
}
