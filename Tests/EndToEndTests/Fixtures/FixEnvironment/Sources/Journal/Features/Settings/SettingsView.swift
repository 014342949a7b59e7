import SwiftUI

struct SettingsView: View {
    private let sync = SyncClient.shared

    var body: some View {
        Text("Last sync: \(sync.lastSync()), \(sync.status().label)")
    }
}
