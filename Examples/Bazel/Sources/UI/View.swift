public protocol View {}

public struct Text: View {
    public let content: String
    public init(_ content: String) { self.content = content }
}
