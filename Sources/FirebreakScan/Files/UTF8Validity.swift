/// Whether a file's bytes are UTF-8, without making a `String` of them.
///
/// The parser copies the bytes into its arena, so a `String` made only to be parsed was a second
/// copy of every file and a validation of every byte. Most Swift files are ASCII: eight bytes at
/// a time settle those; any other file is checked by `String(validating:)`.
enum UTF8Validity {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        let isASCII = bytes.withUnsafeBytes { buffer in
            let words = buffer.count / 8
            var high: UInt64 = 0
            for index in 0..<words {
                high |= buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            }
            for index in (words * 8)..<buffer.count { high |= UInt64(buffer[index]) }
            return high & 0x8080_8080_8080_8080 == 0
        }
        return isASCII || String(validating: bytes, as: UTF8.self) != nil
    }
}
