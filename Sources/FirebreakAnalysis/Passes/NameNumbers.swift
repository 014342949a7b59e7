import FirebreakScan

/// Numbers for a fixed set of names, looked up by their bytes in an open-addressing table
/// (`NameHash`): the preview-only pass looks up every name a file's code references that passes
/// `NameFilter`, and a `[String: Int]` seeded SipHash for each, a fifth of the pass.
///
/// Answers as that dictionary did: names are Swift strings, equal when canonically equivalent
/// (`é` precomposed or not; even `K` and the Kelvin sign). Equal bytes are equal strings, so the
/// table answers first; a name it misses is looked up by string among the names that are not
/// ASCII, when there are any (rarely: type names are ASCII).
struct NameNumbers: Sendable {
    /// The names in the order given: a name's number is its index.
    let names: [String]
    /// Number + 1, 0 for an empty slot; a power of two long, at most half full.
    private let slots: [Int32]
    private let hashes: [UInt64]
    private let notASCII: [String: Int]

    /// - Parameter names: distinct as strings.
    init(_ names: [String]) {
        self.names = names
        let hashes = names.map { NameHash.mixing($0, into: 0) }
        var capacity = 16
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(number + 1)
        }
        self.slots = slots
        self.hashes = hashes
        var notASCII: [String: Int] = [:]
        for (number, name) in names.enumerated() where name.utf8.contains(where: { $0 >= 0x80 }) { notASCII[name] = number }
        self.notASCII = notASCII
    }

    var count: Int { names.count }

    func number(of name: String) -> Int? {
        let hash = NameHash.mixing(name, into: 0)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, names[number] == name { return number }
            slot = (slot + 1) & mask
        }
        return notASCII.isEmpty ? nil : notASCII[name]
    }
}
