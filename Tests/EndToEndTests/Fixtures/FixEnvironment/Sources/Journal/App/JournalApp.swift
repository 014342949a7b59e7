import SwiftUI

@main
struct JournalApp: App {
    /// The root view depends on it: a window group holding an `if` takes modifiers through a `Group`.
    private let onboarded = true

    var body: some Scene {
        WindowGroup {
            if onboarded {
                EntriesView()
            } else {
                SignInView()
            }
        }
    }
}
