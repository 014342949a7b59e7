import SwiftUI

struct ReminderView: View {
    @StateObject private var viewModel = ReminderViewModel()

    var body: some View {
        Button("Remind me") {
            Task { await viewModel.scheduleReminder(title: "Take medication", in: 3600) }
        }
    }
}
