/// Bytes of cached facts: zigzag varints, length-prefixed UTF-8 strings, presence-tagged optionals.
///
/// Written by hand rather than through `Codable`: generic coding spent most of a warm run looking
/// up metadata and witness tables. Field order is the format, so `FactsCache.formatVersion` must
/// change with any change to a cached type; the round-trip tests fail when a field is missed.
package struct CompactWriter {
    package private(set) var bytes: [UInt8] = []

    package init() { bytes.reserveCapacity(4096) }

    package mutating func write(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func write(_ value: Int) {
        let wide = Int64(value)
        write(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    package mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    package mutating func write(_ value: Int?) {
        write(value != nil)
        if let value { write(value) }
    }

    package mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    package mutating func write(_ values: [String]) {
        write(values.count)
        for value in values { write(value) }
    }

    package mutating func write(_ values: [Int]) {
        write(values.count)
        for value in values { write(value) }
    }

    mutating func write<Element: CompactCodable>(_ values: [Element]) {
        write(values.count)
        for value in values { value.write(to: &self) }
    }

    mutating func write(_ value: some CompactCodable) { value.write(to: &self) }

    /// An enum case as its position among the cases (`CompactReader.enumCase`).
    package mutating func write<Value: CaseIterable & Equatable>(case value: Value) where Value.AllCases == [Value] {
        write(Value.allCases.firstIndex(of: value) ?? 0)
    }
}

/// A cached value written and read field by field, in declaration order.
protocol CompactCodable {
    func write(to writer: inout CompactWriter)
    init(from reader: inout CompactReader) throws
}
