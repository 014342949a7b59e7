import Foundation

extension UnsafeBufferPointer<UInt8> {
    /// The offset of the first `byte` in `range` (the whole buffer when nil), found by `memchr`:
    /// looking for line breaks, comment starts and ends, dots and NUL bytes one byte at a time was
    /// a visible part of scanning a file. Short ranges (names) are read by a loop: for them the
    /// call cost more than the search.
    @inline(__always)
    func firstOffset(of byte: UInt8, in range: Range<Int>? = nil) -> Int? {
        let range = range ?? 0..<count
        guard !range.isEmpty, let base = baseAddress else { return nil }
        if range.count <= 32 {
            for offset in range where base[offset] == byte { return offset }
            return nil
        }
        guard let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
