/// Reads what `CompactWriter` wrote; damaged input throws, it never traps.
package struct CompactReader {
    package struct Corrupted: Error {}

    private let bytes: [UInt8]
    package private(set) var offset: Int

    package init(bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset == bytes.count }

    package mutating func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw Corrupted() }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 64 else { throw Corrupted() }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    package mutating func int() throws -> Int {
        let raw = try varint()
        guard let value = Int(exactly: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))) else { throw Corrupted() }
        return value
    }

    /// A line, column, count or size: never negative, and small enough that sums over a whole
    /// code base cannot overflow. Damaged facts with a valid checksum must throw, not trap later.
    package mutating func natural() throws -> Int {
        let value = try int()
        guard value >= 0, value <= 1 << 40 else { throw Corrupted() }
        return value
    }

    package mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Corrupted()
        }
    }

    package mutating func string() throws -> String {
        let length = try varint()
        guard length <= UInt64(bytes.count - offset) else { throw Corrupted() }
        let end = offset + Int(length)
        defer { offset = end }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<end]), as: UTF8.self)
        }
    }

    package mutating func optionalInt() throws -> Int? { try bool() ? try int() : nil }

    package mutating func optionalString() throws -> String? { try bool() ? try string() : nil }

    /// A count that cannot be larger than the bytes left, so damage cannot ask for a huge array.
    package mutating func count() throws -> Int {
        let count = try int()
        guard count >= 0, count <= bytes.count - offset else { throw Corrupted() }
        return count
    }

    package mutating func strings() throws -> [String] {
        let count = try count()
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    mutating func array<Element: CompactCodable>(of type: Element.Type) throws -> [Element] {
        let count = try count()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try Element(from: &self)) }
        return values
    }

    mutating func value<Value: CompactCodable>(_ type: Value.Type) throws -> Value { try Value(from: &self) }

    /// An enum case, by its position among the cases: matching its name took a tenth of
    /// reading a warm run's facts.
    package mutating func enumCase<Value: CaseIterable>(_ type: Value.Type) throws -> Value where Value.AllCases == [Value] {
        let index = try int()
        let cases = Value.allCases
        guard cases.indices.contains(index) else { throw Corrupted() }
        return cases[index]
    }
}
