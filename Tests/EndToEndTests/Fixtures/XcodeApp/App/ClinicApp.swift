import SwiftUI

@main
struct ClinicApp: App {
    var body: some Scene {
        WindowGroup { ProfileView() }
    }
}
