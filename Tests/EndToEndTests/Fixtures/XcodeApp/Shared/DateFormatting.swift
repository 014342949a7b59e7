import Foundation

func formattedToday() -> String {
    Date().formatted(date: .abbreviated, time: .omitted)
}
