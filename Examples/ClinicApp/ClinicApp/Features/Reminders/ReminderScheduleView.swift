import SwiftUI

struct ReminderScheduleView: View {
    @ObservedObject var viewModel: ReminderScheduleViewModel

    var body: some View {
        Button(viewModel.isScheduled ? "Scheduled" : "Remind me") {
            Task { await viewModel.scheduleReminder(title: "Take medication", in: 3600) }
        }
    }
}

struct ReminderScheduleView_Previews: PreviewProvider {
    static var previews: some View {
        ReminderScheduleView(viewModel: ReminderScheduleViewModel(scheduler: PreviewNotificationScheduler()))
    }
}
