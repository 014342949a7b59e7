/// Why one high-level type is left as it is: `fix` changes nothing for it and says this.
public struct Refusal: Error, Sendable, Hashable {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}
