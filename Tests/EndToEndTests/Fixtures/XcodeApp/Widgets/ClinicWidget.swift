import SwiftUI
import WidgetKit

struct TodayView: View {
    var body: some View { Text(formattedToday()) }
}
