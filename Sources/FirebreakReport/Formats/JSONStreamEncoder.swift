/// The `Encoder` that `PrettyJSONEncoder` hands to each value: it writes into the stream at the
/// value's depth (its indentation), and its containers write members and elements in place.
///
/// Encoders and containers hold the stream `unowned(unsafe)`: they live only inside
/// `PrettyJSONEncoder.encode`, which owns it, and retaining it for each of millions of values
/// was a tenth of the encoding time.
struct StreamEncoder: Encoder {
    unowned(unsafe) let stream: JSONByteStream
    let depth: Int
    /// The stream's frame for this value: its containers may write only while it is the innermost.
    let frame: Int

    var codingPath: [any CodingKey] { stream.codingPath(depth: depth) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        stream.openObject(frame: frame, keyType: ObjectIdentifier(Key.self))
        return KeyedEncodingContainer(StreamKeyedContainer<Key>(stream: stream, depth: depth, frame: frame))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        stream.openArray(frame: frame)
        return StreamUnkeyedContainer(stream: stream, depth: depth, frame: frame)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        stream.openSingle(frame: frame)
        return StreamSingleValueContainer(stream: stream, depth: depth, frame: frame)
    }
}

/// Hands each member to the stream, which writes the object's members in key order once the
/// object is complete.
struct StreamKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    unowned(unsafe) let stream: JSONByteStream
    let depth: Int
    let frame: Int

    var codingPath: [any CodingKey] { stream.codingPath(depth: depth) }

    mutating func encodeNil(forKey key: Key) throws { stream.addNull(frame: frame, key: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { stream.addBool(frame: frame, key: key, value) }
    mutating func encode(_ value: String, forKey key: Key) throws { stream.addString(frame: frame, key: key, value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { stream.addDouble(frame: frame, key: key, value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { stream.addFloat(frame: frame, key: key, value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { stream.addInteger(frame: frame, key: key, value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        stream.addValue(frame: frame, key: key, value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        stream.declined = true
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, depth: depth + 1, frame: -1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        stream.declined = true
        return StreamUnkeyedContainer(stream: stream, depth: depth + 1, frame: -1)
    }

    mutating func superEncoder() -> any Encoder {
        stream.declined = true
        return StreamEncoder(stream: stream, depth: depth + 1, frame: -1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        stream.declined = true
        return StreamEncoder(stream: stream, depth: depth + 1, frame: -1)
    }
}

/// Three words, so that as `any UnkeyedEncodingContainer` it needs no box of its own.
struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    unowned(unsafe) let stream: JSONByteStream
    let depth: Int
    let frame: Int

    var count: Int { stream.elementCount(frame: frame) }
    var codingPath: [any CodingKey] { stream.codingPath(depth: depth) }

    private func element(_ write: (JSONByteStream) -> Void) {
        guard stream.beginElement(frame: frame, depth: depth) != nil else { return }
        write(stream)
    }

    mutating func encodeNil() throws { element { $0.writeNull() } }
    mutating func encode(_ value: Bool) throws { element { $0.writeBool(value) } }
    mutating func encode(_ value: String) throws { element { $0.writeString(value) } }
    mutating func encode(_ value: Double) throws { element { $0.writeDouble(value) } }
    mutating func encode(_ value: Float) throws { element { $0.writeDouble(value) } }
    mutating func encode(_ value: Int) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: Int8) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: Int16) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: Int32) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: Int64) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt8) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt16) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt32) throws { element { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt64) throws { element { $0.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard let index = stream.beginElement(frame: frame, depth: depth) else { return }
        stream.pushPath(IndexKey(intValue: index))
        defer { stream.popPath() }
        try stream.encodeValue(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        stream.declined = true
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(stream: stream, depth: depth + 1, frame: -1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        stream.declined = true
        return StreamUnkeyedContainer(stream: stream, depth: depth + 1, frame: -1)
    }

    mutating func superEncoder() -> any Encoder {
        stream.declined = true
        return StreamEncoder(stream: stream, depth: depth + 1, frame: -1)
    }

    /// An array element's place in the coding path, as Foundation names it.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }
        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}

struct StreamSingleValueContainer: SingleValueEncodingContainer {
    unowned(unsafe) let stream: JSONByteStream
    let depth: Int
    let frame: Int

    var codingPath: [any CodingKey] { stream.codingPath(depth: depth) }

    private func single(_ write: () throws -> Void) rethrows {
        guard stream.claimSingle(frame: frame) else { return }
        try write()
    }

    mutating func encodeNil() throws { single { stream.writeNull() } }
    mutating func encode(_ value: Bool) throws { single { stream.writeBool(value) } }
    mutating func encode(_ value: String) throws { single { stream.writeString(value) } }
    mutating func encode(_ value: Double) throws { single { stream.writeDouble(value) } }
    mutating func encode(_ value: Float) throws { single { stream.writeDouble(value) } }
    mutating func encode(_ value: Int) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: Int8) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: Int16) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: Int32) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: Int64) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt8) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt16) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt32) throws { single { stream.writeInteger(value) } }
    mutating func encode(_ value: UInt64) throws { single { stream.writeInteger(value) } }

    /// The value replaces this one at the same depth (a raw-value enum, a wrapper).
    mutating func encode<T: Encodable>(_ value: T) throws {
        try single { try stream.encodeValue(value, depth: depth) }
    }
}
