import Foundation

/// Numbers names 0, 1, 2… in the order first added, and finds a name's number: a table of its
/// own (open addressing over `ByteHash`), because a `[String: Int]` hashes every name looked up
/// with SipHash, and the walk and the role pass look up a name for every member access and every
/// reference.
///
/// Names are equal here when their bytes are, as identifiers are spelt in source; a `Dictionary`
/// would also take two spellings of one canonically equivalent name (a composed and a decomposed
/// `é`) as one.
public struct NameNumbers: Sendable {
    public private(set) var names: [String] = []
    /// Number + 1 into `names`, 0 for an empty slot; a power of two long, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)
    private var hashes: [UInt64] = []

    public init() {}

    /// Each distinct name numbered in the order given.
    public init(_ names: some Sequence<String>) {
        for name in names { _ = number(of: name) }
    }

    public var count: Int { names.count }

    /// The name's number, numbering it when new.
    public mutating func number(of name: String) -> Int {
        let hash = ByteHash.of(name)
        switch find(name, hash: hash) {
        case .found(let number):
            return number
        case .empty(let slot):
            slots[slot] = Int32(names.count + 1)
            names.append(name)
            hashes.append(hash)
            if names.count * 2 > slots.count { grow() }
            return names.count - 1
        }
    }

    /// The name's number, nil when it was never added.
    public func lookUp(_ name: String) -> Int? {
        number(ifFound: name)
    }

    /// The number of a name cut from a longer one (`Profile` of `Feature.Profile`), nil when it
    /// was never added.
    public func lookUp(_ name: Substring) -> Int? {
        number(ifFound: name)
    }

    private func number(ifFound name: some StringProtocol) -> Int? {
        if case .found(let number) = find(name, hash: ByteHash.of(name)) { return number }
        return nil
    }

    private enum Place {
        case found(Int)
        case empty(slot: Int)
    }

    private func find(_ name: some StringProtocol, hash: UInt64) -> Place {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, Self.sameBytes(names[number], name) { return .found(number) }
            slot = (slot + 1) & mask
        }
        return .empty(slot: slot)
    }

    private static func sameBytes(_ stored: String, _ name: some StringProtocol) -> Bool {
        let fast = stored.utf8.withContiguousStorageIfAvailable { mine in
            name.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == theirs.count && (mine.count == 0 || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0)
            }
        }
        if let fast, let answer = fast { return answer }
        return stored.utf8.elementsEqual(name.utf8)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }
}
