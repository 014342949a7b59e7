/// Stands in for SwiftUI on Linux: main-actor isolated, as SwiftUI's is.
@MainActor
protocol View {
    associatedtype Body: View
    var body: Body { get }
}

struct Label: View {
    let text: String
    init(_ text: String) { self.text = text }
    var body: Label { self }
}
