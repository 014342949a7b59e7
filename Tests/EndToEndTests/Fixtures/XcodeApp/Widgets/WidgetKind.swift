// In the widget's synchronized folder, and added to the app by an exception set.
enum WidgetKind {
    static let today = "today"
}
