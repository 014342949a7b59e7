/// Whether a file's bytes are UTF-8, without making a `String` of them.
///
/// The parser copies the bytes into its arena, so a `String` made only to be parsed was a second
/// copy of every file and a validation of every byte. Most of any Swift file is ASCII, passed over
/// eight bytes at a time; each run of other bytes is checked on its own by `String(validating:)`,
/// which is exact because no byte of a multi-byte character is ASCII. Checking whole files that way
/// cost as much as all the other passes over their bytes together.
enum UTF8Validity {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while let start = firstNonASCII(buffer, from: index) {
                var end = start + 1
                while end < buffer.count, buffer[end] >= 0x80 { end += 1 }
                guard String(validating: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self) != nil else {
                    return false
                }
                index = end
            }
            return true
        }
    }

    /// The offset of the first byte from `index` on that is not ASCII, or nil.
    private static func firstNonASCII(_ buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        let raw = UnsafeRawBufferPointer(buffer)
        var offset = index
        while offset + 8 <= raw.count {
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & 0x8080_8080_8080_8080
            if high != 0 { return offset + high.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < raw.count {
            if raw[offset] >= 0x80 { return offset }
            offset += 1
        }
        return nil
    }
}
