import DiaryCore
import SwiftUI

struct TodayView: View {
    var body: some View { Text(EntryStore.shared.title).padding(Theme.spacing) }
}
