/// Names sorted, each once: what `Set(names).sorted()` gives, without hashing when every name is
/// ASCII (as almost every name in code is). The members a declaration's code uses were most of
/// the cost of its facts after the walk: a few thousand declarations of the 1.5M-line tree name a
/// hundred members or more, and hashing each into a set, then comparing strings to sort them,
/// cost 80,000 instructions a list.
///
/// For ASCII, the order of `String`'s `<` is the order of the bytes, and equal strings have equal
/// bytes: each name is sorted by its first eight bytes as one integer, strings compared only where
/// those tie, and repeats are then side by side. Any other name sends the list through a set, where
/// canonically equivalent spellings are one name (the first met kept).
enum SortedUniqueNames {
    static func of(_ names: [String]) -> [String] {
        guard names.count > 1 else { return names }
        var entries: [(prefix: UInt64, index: Int)] = []
        entries.reserveCapacity(names.count)
        for index in names.indices {
            guard let prefix = asciiPrefix(names[index]) else { return Set(names).sorted() }
            entries.append((prefix, index))
        }
        entries.sort { lhs, rhs in
            lhs.prefix != rhs.prefix ? lhs.prefix < rhs.prefix : names[lhs.index] < names[rhs.index]
        }
        var unique = [names[entries[0].index]]
        for position in entries.indices.dropFirst() {
            let entry = entries[position], previous = entries[position - 1]
            if entry.prefix != previous.prefix || names[entry.index] != names[previous.index] {
                unique.append(names[entry.index])
            }
        }
        return unique
    }

    /// The first eight bytes, big-endian and padded with zeros, so that comparing two prefixes
    /// compares those bytes; nil unless every byte of the name is ASCII (or its bytes are not
    /// contiguous).
    private static func asciiPrefix(_ name: String) -> UInt64? {
        name.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var prefix: UInt64 = 0
            for (offset, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                if offset < 8 { prefix |= UInt64(byte) << (56 - 8 * offset) }
            }
            return prefix
        } ?? nil
    }
}
