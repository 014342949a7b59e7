import FirebaseAnalytics

/// The concrete analytics SDK wrapper.
final class AnalyticsTracker {
    static let shared = AnalyticsTracker()

    func track(_ event: String, parameters: [String: Any] = [:]) {
        Analytics.logEvent(event, parameters: parameters)
    }
}
