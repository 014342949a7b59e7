/// A 128-bit hash of file contents: the key of a cached file's facts.
///
/// Not cryptographic; it only has to tell edited files apart, and every cache entry also records the
/// content length. Two lanes with different seeds mix 8 bytes at a time through a full-width multiply
/// (the wyhash idea), which hashes a 1.5-million-line tree in a few tens of milliseconds.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public init(_ bytes: UnsafeRawBufferPointer) {
        var first: UInt64 = 0x243F_6A88_85A3_08D3
        var second: UInt64 = 0x1319_8A2E_0370_7344
        let count = bytes.count
        var offset = 0
        while offset + 8 <= count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            first = Self.mix(first ^ word, 0xA076_1D64_78BD_642F)
            second = Self.mix(second ^ word, 0xE703_7ED1_A0B4_28DB)
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        let length = UInt64(count)
        first = Self.mix(first ^ tail ^ length, 0x8EBC_6AF0_9C88_C6E3)
        second = Self.mix(second ^ tail ^ (length << 1 | 1), 0x5899_65CC_7537_4CC3)
        high = Self.mix(first, second ^ 0x1D8E_4E27_C47D_124F)
        low = Self.mix(second, first ^ 0xA076_1D64_78BD_642F)
    }

    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentHash($0) }
    }

    /// Folds the 128-bit product, so every input bit reaches every output bit within a few rounds.
    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// 32 lowercase hex digits.
    public var description: String {
        Self.hex(high) + Self.hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
