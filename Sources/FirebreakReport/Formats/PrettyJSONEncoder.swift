import Foundation
import FirebreakScan

/// Writes an `Encodable` value as JSON with exactly the bytes of Foundation's `JSONEncoder` set to
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, in order, in chunks.
///
/// Why not Foundation's: it builds a tree of dictionaries, then sorts and writes it; the 211 MB
/// analysis of a 1.5-million-line tree spent 5 s there, the largest part of a warm `analyze`, and
/// held the tree and the output in memory at once. Here an object's members are held (as values,
/// not bytes) until the object is complete, then written in key order; everything else is written
/// where it lands, so the output never needs reordering and can go to a file as it is made.
///
/// What it does not handle it declines rather than guessing, and `JSONText` then uses Foundation:
/// nested containers and `superEncoder` (which need storage that outlives a call), `Date`, `Data`,
/// `URL` and `Decimal` (which Foundation formats specially), non-finite numbers (which it refuses),
/// and values that encode nothing. None of firebreak's reports use them.
enum PrettyJSONEncoder {
    /// The JSON followed by a newline, or `nil` when the value needs Foundation.
    static func encode(_ value: some Encodable) throws -> Data? {
        var data = Data()
        let written = try encode(value, chunkSize: 1 << 16) { data.append($0) }
        return written ? data : nil
    }

    /// Hands the JSON and a final newline to `sink` in order, a chunk at a time; `false` when the
    /// value needs Foundation (what the sink received is then to be thrown away).
    static func encode(_ value: some Encodable, chunkSize: Int = 1 << 20,
                       to sink: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        try withoutActuallyEscaping(sink) { sink in
            let stream = JSONByteStream(chunkSize: chunkSize, sink: sink)
            try stream.encodeValue(value, depth: 0)
            guard !stream.declined else { return false }
            try stream.finish()
            return true
        }
    }
}

/// The buffer, the stack of values being written, and the members of the objects still open.
///
/// Its state is `@exclusivity(unchecked)`: one thread writes, each access is short and none
/// overlaps, and the runtime's checks of every append were a tenth of the encoding time.
final class JSONByteStream {
    @exclusivity(unchecked) private var bytes: [UInt8] = []
    /// Set when the value uses something this encoder leaves to Foundation.
    @exclusivity(unchecked) var declined = false
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The members of the open objects, innermost last.
    @exclusivity(unchecked) private var members: [Member] = []
    /// For each coding-key type, the write orders of the key sequences it has had.
    @exclusivity(unchecked) private var orders: [ObjectIdentifier: [KeyOrder]] = [:]
    /// The coding path of the value being written: its keys, and indices for array elements.
    @exclusivity(unchecked) private var path: [any CodingKey] = []
    private let chunkSize: Int
    private let sink: ((UnsafeBufferPointer<UInt8>) throws -> Void)?

    init(chunkSize: Int, sink: ((UnsafeBufferPointer<UInt8>) throws -> Void)?) {
        self.chunkSize = chunkSize
        self.sink = sink
        bytes.reserveCapacity(chunkSize + 4096)
    }

    private enum Kind { case unopened, object, array, single, singleWritten }

    private struct Frame {
        var kind: Kind
        /// Its members' first index in `members` (objects).
        var firstMember: Int
        /// Its element count (arrays).
        var count = 0
        /// The coding-key type of its object, whose key orders are remembered.
        var keyType: ObjectIdentifier?
    }

    /// One member of an open object, waiting for the object to be complete.
    private struct Member {
        var key: String
        var value: Pending
    }

    private enum Pending {
        case null
        case bool(Bool)
        case string(String)
        case integer(Int)
        case double(Double)
        case float(Float)
        /// An integer too wide for `Int`, as its digits.
        case digits(String)
        case value(any Encodable)
    }

    /// The order to write one sequence of keys in: indices into it, sorted by key bytes, of equal
    /// keys only the last (Foundation's dictionary keeps the last).
    private struct KeyOrder {
        var keys: [String]
        var order: [Int]
    }

    // MARK: Values

    func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
        if writePrimitive(value) { return }
        if T.self == [String].self {
            try writeStrings(unsafeBitCast(value, to: [String].self), depth: depth)
            return
        }
        if let rows = value as? any JSONRowArray {
            try rows.writeRows(to: self, depth: depth)
            return
        }
        if let array = value as? any JSONParallelArray {
            try array.writeInParallel(to: self, depth: depth)
            return
        }
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
            declined = true
            return
        }
        frames.append(Frame(kind: .unopened, firstMember: members.count))
        try value.encode(to: StreamEncoder(stream: self, depth: depth, frame: frames.count - 1))
        try close(frames.removeLast(), depth: depth)
        try flushIfFull()
    }

    /// An array of strings, as `Array.encode(to:)` would write it, without an encoder call per
    /// element: the path lists of closures are most of an analysis's bytes.
    private func writeStrings(_ strings: [String], depth: Int) throws {
        append("[")
        for (index, string) in strings.enumerated() {
            if index > 0 { append(",") }
            newline(indent: depth + 1)
            writeString(string)
            try flushIfFull()
        }
        if strings.isEmpty { append("\n") }
        newline(indent: depth)
        append("]")
    }

    /// An array of objects that write their own members (`JSONRow`), as `Array.encode(to:)` would.
    /// The graph's nodes and edges are hundreds of thousands of rows: they are written a batch at
    /// a time on every core, each batch by a stream of its own, and appended in order.
    func writeRows<Row: JSONRow>(_ rows: [Row], depth: Int) throws {
        append("[")
        let batch = 4096, batchesAtOnce = 8
        var start = 0
        while start < rows.count {
            let ranges = stride(from: start, to: min(start + batch * batchesAtOnce, rows.count), by: batch)
                .map { $0..<min($0 + batch, rows.count) }
            if ranges.count == 1 {
                writeRowElements(rows, ranges[0], depth: depth)
            } else {
                let written = ParallelMap.map(ranges.count) { index in
                    let stream = JSONByteStream(chunkSize: 1 << 16, sink: nil)
                    stream.writeRowElements(rows, ranges[index], depth: depth)
                    return stream.bytes
                }
                for bytes in written {
                    self.bytes.append(contentsOf: bytes)
                    try flushIfFull()
                }
            }
            try flushIfFull()
            start = ranges[ranges.count - 1].upperBound
        }
        if rows.isEmpty { append("\n") }
        newline(indent: depth)
        append("]")
    }

    /// The rows in `range` of an array being written at `depth`, each after its separator.
    private func writeRowElements<Row: JSONRow>(_ rows: [Row], _ range: Range<Int>, depth: Int) {
        for index in range {
            if index > 0 { append(",") }
            newline(indent: depth + 1)
            append("{")
            var writer = JSONRowWriter(stream: self, depth: depth + 1)
            rows[index].writeMembers(to: &writer)
            if writer.count == 0 { append("\n") }
            newline(indent: depth + 1)
            append("}")
        }
    }

    /// An array as `Array.encode(to:)` would write it, its elements encoded on every core a batch
    /// at a time, each by a stream of its own, and written in order (`JSONParallelElement`).
    func writeInParallel<Element: Encodable & Sendable>(_ elements: [Element], depth: Int) throws {
        append("[")
        let batch = 64
        var start = 0
        while start < elements.count {
            let range = start..<min(start + batch, elements.count)
            let encoded = ParallelMap.map(range.count) { offset -> Result<[UInt8]?, any Error> in
                let stream = JSONByteStream(chunkSize: 1 << 16, sink: nil)
                return Result {
                    try stream.encodeValue(elements[range.lowerBound + offset], depth: depth + 1)
                    return stream.declined ? nil : stream.bytes
                }
            }
            for (offset, result) in encoded.enumerated() {
                guard let element = try result.get() else {
                    declined = true
                    return
                }
                if range.lowerBound + offset > 0 { append(",") }
                newline(indent: depth + 1)
                bytes.append(contentsOf: element)
                try flushIfFull()
            }
            start = range.upperBound
        }
        if elements.isEmpty { append("\n") }
        newline(indent: depth)
        append("]")
    }

    /// The separator, indentation and key of an object's member written in place (`JSONRow`).
    func beginMember(_ key: StaticString, first: Bool, depth: Int) {
        if !first { append(",") }
        newline(indent: depth + 1)
        append("\"")
        append(key)
        append("\" : ")
    }

    /// Writes the standard library's scalars without an encoder; `false` for anything else.
    private func writePrimitive<T>(_ value: T) -> Bool {
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            writeInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Double.self {
            writeDouble(unsafeBitCast(value, to: Double.self))
        } else if T.self == Bool.self {
            writeBool(unsafeBitCast(value, to: Bool.self))
        } else {
            return false
        }
        return true
    }

    private func close(_ frame: Frame, depth: Int) throws {
        switch frame.kind {
        case .unopened, .single:
            declined = true
        case .singleWritten:
            break
        case .array:
            if frame.count == 0 { append("\n") }
            newline(indent: depth)
            append("]")
        case .object:
            try closeObject(frame, depth: depth)
        }
    }

    func finish() throws {
        append("\n")
        if let sink, !bytes.isEmpty {
            try bytes.withUnsafeBufferPointer { try sink($0) }
            bytes.removeAll()
        }
    }

    // MARK: Containers

    /// Opens the value's object (or continues it: a second `container(keyedBy:)` adds to the same
    /// object, as Foundation's does).
    func openObject(frame index: Int, keyType: ObjectIdentifier) {
        guard index == frames.count - 1 else { declined = true; return }
        switch frames[index].kind {
        case .unopened:
            frames[index].kind = .object
            frames[index].keyType = keyType
            append("{")
        case .object:
            if frames[index].keyType != keyType { frames[index].keyType = nil }
        default:
            declined = true
        }
    }

    func openArray(frame index: Int) {
        guard index == frames.count - 1 else { declined = true; return }
        switch frames[index].kind {
        case .unopened:
            frames[index].kind = .array
            append("[")
        case .array:
            break
        default:
            declined = true
        }
    }

    func openSingle(frame index: Int) {
        guard index == frames.count - 1, frames[index].kind == .unopened else { declined = true; return }
        frames[index].kind = .single
    }

    /// Before a single value is written: it may be written once.
    func claimSingle(frame index: Int) -> Bool {
        guard index == frames.count - 1, frames[index].kind == .single else { declined = true; return false }
        frames[index].kind = .singleWritten
        return true
    }

    /// Holds a member of the object until the object is complete.
    private func addMember(frame index: Int, key: some CodingKey, _ value: Pending) {
        guard index == frames.count - 1, frames[index].kind == .object else { declined = true; return }
        members.append(Member(key: key.stringValue, value: value))
    }

    func addNull(frame: Int, key: some CodingKey) { addMember(frame: frame, key: key, .null) }
    func addBool(frame: Int, key: some CodingKey, _ value: Bool) { addMember(frame: frame, key: key, .bool(value)) }
    func addString(frame: Int, key: some CodingKey, _ value: String) { addMember(frame: frame, key: key, .string(value)) }
    func addDouble(frame: Int, key: some CodingKey, _ value: Double) { addMember(frame: frame, key: key, .double(value)) }
    func addFloat(frame: Int, key: some CodingKey, _ value: Float) { addMember(frame: frame, key: key, .float(value)) }
    func addValue(frame: Int, key: some CodingKey, _ value: any Encodable) { addMember(frame: frame, key: key, .value(value)) }

    func addInteger(frame: Int, key: some CodingKey, _ value: some BinaryInteger & CustomStringConvertible) {
        if let small = Int(exactly: value) {
            addMember(frame: frame, key: key, .integer(small))
        } else {
            addMember(frame: frame, key: key, .digits(value.description))
        }
    }

    /// Writes the separator before the next element of the array at `depth`, and returns its index.
    func beginElement(frame index: Int, depth: Int) -> Int? {
        guard index == frames.count - 1, frames[index].kind == .array else { declined = true; return nil }
        if frames[index].count > 0 { append(",") }
        newline(indent: depth + 1)
        frames[index].count += 1
        return frames[index].count - 1
    }

    func elementCount(frame index: Int) -> Int {
        frames.indices.contains(index) ? frames[index].count : 0
    }

    func pushPath(_ key: any CodingKey) { path.append(key) }
    func popPath() { path.removeLast() }

    func codingPath(depth: Int) -> [any CodingKey] {
        Array(path.prefix(depth))
    }

    /// Writes the object's members in key order (Foundation sorts by the keys' UTF-8 bytes).
    private func closeObject(_ frame: Frame, depth: Int) throws {
        let first = frame.firstMember
        defer { members.removeSubrange(first...) }
        if members.count == first {
            append("\n")
            newline(indent: depth)
            append("}")
            return
        }
        for (position, offset) in order(of: first..<members.count, keyType: frame.keyType).enumerated() {
            if position > 0 { append(",") }
            newline(indent: depth + 1)
            let member = members[first + offset]
            writeString(member.key)
            append(" : ")
            switch member.value {
            case .null: writeNull()
            case .bool(let value): writeBool(value)
            case .string(let value): writeString(value)
            case .integer(let value): writeDigits(value)
            case .double(let value): writeDouble(value)
            case .float(let value): writeDouble(value)
            case .digits(let value): bytes.append(contentsOf: value.utf8)
            case .value(let value):
                path.append(MemberKey(stringValue: member.key))
                defer { path.removeLast() }
                try encodeValue(value, depth: depth + 1)
            }
        }
        newline(indent: depth)
        append("}")
    }

    /// The write order of the members in `range`, remembered per key type and key sequence: a
    /// type's members arrive in the same few sequences, and sorting them each time was costly.
    private func order(of range: Range<Int>, keyType: ObjectIdentifier?) -> [Int] {
        if let keyType, let known = orders[keyType]?.first(where: { sameKeys($0.keys, range) }) {
            return known.order
        }
        let keys = members[range].map(\.key)
        let sorted = keys.indices.sorted { lhs, rhs in
            // Stable: of equal keys the later stays later, and is the one kept below.
            keys[lhs] == keys[rhs] ? lhs < rhs : keys[lhs].utf8Precedes(keys[rhs])
        }
        var order: [Int] = []
        for index in sorted {
            if let last = order.last, keys[last] == keys[index] {
                order[order.count - 1] = index
            } else {
                order.append(index)
            }
        }
        if let keyType, orders[keyType, default: []].count < 8 {
            orders[keyType, default: []].append(KeyOrder(keys: keys, order: order))
        }
        return order
    }

    private func sameKeys(_ keys: [String], _ range: Range<Int>) -> Bool {
        guard keys.count == range.count else { return false }
        for (key, index) in zip(keys, range) where key != members[index].key { return false }
        return true
    }

    /// A member's key in the coding path of its value.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    // MARK: Scalars

    func writeNull() { append("null") }

    func writeBool(_ value: Bool) { append(value ? "true" : "false") }

    func writeInteger(_ value: some BinaryInteger & CustomStringConvertible) {
        // Foundation writes `description`; the digits of an `Int` are written without a String.
        if let small = Int(exactly: value) {
            writeDigits(small)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// `Double.description` without a trailing `.0`, as Foundation writes it; NaN and infinities
    /// are Foundation's to refuse.
    func writeDouble(_ value: some BinaryFloatingPoint & CustomStringConvertible) {
        guard value.isFinite else { declined = true; return }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Flushes the buffer to the sink once it holds a chunk.
    private func flushIfFull() throws {
        guard let sink, bytes.count >= chunkSize else { return }
        try bytes.withUnsafeBufferPointer { try sink($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    func writeString(_ value: String) {
        var value = value
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { utf8 in
            var mark = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index]))
                mark = index + 1
                appendEscape(byte)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func appendEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case UInt8(ascii: "\n"): append("\\n")
        case UInt8(ascii: "\r"): append("\\r")
        case UInt8(ascii: "\t"): append("\\t")
        default:
            let hex = Array("0123456789abcdef".utf8)
            append("\\u00")
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }

    private func writeDigits(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            if value == .min {
                bytes.append(contentsOf: String(value).utf8.dropFirst())
                return
            }
        }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
        let count = withUnsafeMutableBytes(of: &digits) { buffer -> Int in
            var position = buffer.count
            while magnitude > 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            return buffer.count - position
        }
        withUnsafeBytes(of: &digits) { buffer in
            bytes.append(contentsOf: buffer[(buffer.count - count)...])
        }
    }

    // MARK: Layout

    private static let spaces: StaticString = "                                                                "

    /// A newline and two spaces per level.
    private static func appendNewline(indent level: Int, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\n"))
        var remaining = 2 * level
        while remaining > 0 {
            let count = min(remaining, spaces.utf8CodeUnitCount)
            buffer.append(contentsOf: UnsafeBufferPointer(start: spaces.utf8Start, count: count))
            remaining -= count
        }
    }

    private func newline(indent level: Int) {
        Self.appendNewline(indent: level, to: &bytes)
    }

    private func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
