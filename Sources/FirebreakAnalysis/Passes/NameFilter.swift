/// A first answer to "might this be one of these names?", from a name's length and its first and
/// last bytes: no means no, yes means look the name up. Most names a file's code references
/// (locals, functions, SwiftUI's types) are no type the project declares, and hashing each for a
/// dictionary look-up was most of the preview-only pass.
struct NameFilter {
    /// One bit per class of length, first byte and last byte: 32 lengths, and 64 classes of byte
    /// in which a letter's upper and lower cases differ, so that a local `profile` does not pass
    /// for a type `Profile` (with 32 classes, seven in ten names the tree's references held passed,
    /// most to be turned away by the look-up).
    private var bits = [UInt64](repeating: 0, count: 1 << 11)

    init(_ names: some Sequence<String>) {
        for name in names {
            let index = Self.index(of: name)
            bits[index >> 6] |= 1 << UInt64(index & 63)
        }
    }

    func mayContain(_ name: String) -> Bool {
        let index = Self.index(of: name)
        return bits[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    private static func index(of name: String) -> Int {
        let fast = name.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            return index(count: bytes.count, first: first, last: last)
        }
        if let fast { return fast }
        guard let first = name.utf8.first, let last = name.utf8.last else { return 0 }
        return index(count: name.utf8.count, first: first, last: last)
    }

    private static func index(count: Int, first: UInt8, last: UInt8) -> Int {
        (count & 31) << 12 | Int(first & 63) << 6 | Int(last & 63)
    }
}
