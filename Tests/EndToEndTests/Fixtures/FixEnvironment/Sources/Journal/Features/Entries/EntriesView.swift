import SwiftUI

struct EntriesView: View {
    var body: some View {
        // How many entries there are.
        Text("\(EntryStore.shared.count()) entries, synced \(SyncClient.shared.lastSync())")
    }

    func search(_ query: String) async -> [String] {
        (try? await EntryStore.shared.entries(matching: query)) ?? []
    }
}
