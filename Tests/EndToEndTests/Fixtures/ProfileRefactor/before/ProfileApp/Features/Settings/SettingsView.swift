import SwiftUI

struct SettingsView: View {
    @State private var showsBadges = UserDefaults.standard.bool(forKey: "showsBadges")

    var body: some View {
        Toggle("Badges", isOn: $showsBadges)
    }
}
