import DiaryCore
import SwiftUI

@main
struct DiaryApp: App {
    var body: some Scene {
        WindowGroup { EntriesView() }
    }
}

struct EntriesView: View {
    var body: some View { Text(EntryStore.shared.title) }
}
