/// A multiplicative hash of strings' UTF-8 bytes, eight at a time: what the walk's own table of
/// references (`RecordedReferences`) is looked up by. `Hasher` (SipHash), which `Set` and
/// `Dictionary` use, cost several times as much per name, and every reference the walk meets is
/// looked up. Not seeded: the table holds names from one project, not input chosen to collide.
enum ByteHash {
    /// `value` with the text's bytes mixed in; nil text mixes in a byte no UTF-8 text ends with.
    /// No closure over a mutable hash: each access to it was checked at run time, and a byte-wise
    /// hash of the names was half the cost of recording references.
    static func mixing(_ text: (some StringProtocol)?, into value: UInt64) -> UInt64 {
        guard let text else { return step(value, 0xfe) }
        if let hashed = text.utf8.withContiguousStorageIfAvailable({ mixing(UnsafeRawBufferPointer($0), into: value) }) {
            return hashed
        }
        return Array(text.utf8).withUnsafeBytes { mixing($0, into: value) }
    }

    private static func mixing(_ raw: UnsafeRawBufferPointer, into value: UInt64) -> UInt64 {
        var value = value
        var offset = 0
        while offset + 8 <= raw.count {
            value = step(value, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < raw.count {
            tail = tail << 8 | UInt64(raw[offset])
            offset += 1
        }
        return step(value, tail ^ UInt64(raw.count) << 56)
    }

    @inline(__always)
    static func step(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (value ^ word) &* 0xff51_afd7_ed55_8ccd
        return mixed ^ (mixed >> 32)
    }
}
