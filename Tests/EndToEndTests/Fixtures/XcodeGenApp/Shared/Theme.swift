enum Theme {
    static let spacing = 8.0
}
