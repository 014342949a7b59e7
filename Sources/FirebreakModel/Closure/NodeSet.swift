/// A set of graph nodes as a bit set: unions are word-wise ORs.
public struct NodeSet: Sendable, Hashable {
    public private(set) var words: [UInt64]

    public init(capacity: Int) {
        words = Array(repeating: 0, count: (capacity + 63) / 64)
    }

    public mutating func insert(_ node: Int) {
        words[node >> 6] |= 1 << UInt64(node & 63)
    }

    public func contains(_ node: Int) -> Bool {
        node >> 6 < words.count && words[node >> 6] & (1 << UInt64(node & 63)) != 0
    }

    public mutating func formUnion(_ other: NodeSet) {
        for index in other.words.indices { words[index] |= other.words[index] }
    }

    /// Adds the members of `other` that `excluded` lacks (`excluded` may be longer: nodes a
    /// rewritten graph added at the end).
    public mutating func formUnion(_ other: NodeSet, subtracting excluded: NodeSet) {
        for index in other.words.indices {
            words[index] |= other.words[index] & ~(index < excluded.words.count ? excluded.words[index] : 0)
        }
    }

    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Members in increasing order.
    public func forEach(_ body: (Int) -> Void) {
        for (index, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                body(index << 6 | bit)
                remaining &= remaining - 1
            }
        }
    }
}
