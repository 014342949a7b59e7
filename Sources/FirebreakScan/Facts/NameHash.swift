/// A fast hash of a name's bytes for the tables that look names up once per reference: eight
/// bytes at a time, one multiply each. `Hasher` (SipHash, seeded on every use) cost more than the
/// look-ups it served. Not for untrusted keys: the tables are built from the scanned code itself.
public enum NameHash {
    /// Folds the bytes of `text` (nil and "" differ) into `value`.
    @inlinable
    public static func mixing(_ text: String?, into value: UInt64) -> UInt64 {
        guard let text else { return step(value, 0xfe) }
        // Read in place: `withUTF8` needs a `var`, and copying the string into one retained and
        // released its storage, two atomic operations per name.
        if let mixed = text.utf8.withContiguousStorageIfAvailable({ mixing(UnsafeRawBufferPointer($0), into: value) }) {
            return mixed
        }
        var copy = text
        return copy.withUTF8 { mixing(UnsafeRawBufferPointer($0), into: value) }
    }

    @inlinable
    public static func mixing(_ raw: UnsafeRawBufferPointer, into value: UInt64) -> UInt64 {
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

    @inlinable @inline(__always)
    public static func step(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (value ^ word) &* 0xff51_afd7_ed55_8ccd
        return mixed ^ (mixed >> 32)
    }
}
