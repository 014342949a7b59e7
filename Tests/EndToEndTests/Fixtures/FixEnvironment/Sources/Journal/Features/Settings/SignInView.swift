import SwiftUI

/// Sets a property through the store: only a class can stand in for it in the environment.
struct SignInView: View {
    var body: some View {
        Text("Signed in as \(SessionStore.shared.account)")
    }

    func signIn(as name: String) {
        SessionStore.shared.account = name
    }
}
