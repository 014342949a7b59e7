import FirebreakModel

/// A value that writes its own JSON object, member by member, with exactly the bytes its
/// synthesised `Encodable` conformance gives through `PrettyJSONEncoder`: keys in byte order, nil
/// optionals left out. The analysis's graph has hundreds of thousands of nodes and edges, and the
/// generic path costs an encoder call, a held member and a key-order lookup per member.
protocol JSONRow: Sendable {
    /// Writes the members in key order.
    func writeMembers(to row: inout JSONRowWriter)
}

/// An array of rows, found by one dynamic cast per value the stream encodes.
protocol JSONRowArray {
    func writeRows(to stream: JSONByteStream, depth: Int) throws
}

extension Array: JSONRowArray where Element: JSONRow {
    func writeRows(to stream: JSONByteStream, depth: Int) throws {
        try stream.writeRows(self, depth: depth)
    }
}

/// Writes one object's members at its depth; keys are written as given, so callers pass them in
/// byte order.
struct JSONRowWriter {
    unowned(unsafe) let stream: JSONByteStream
    let depth: Int
    private(set) var count = 0

    init(stream: JSONByteStream, depth: Int) {
        self.stream = stream
        self.depth = depth
    }

    private mutating func key(_ key: StaticString) {
        stream.beginMember(key, first: count == 0, depth: depth)
        count += 1
    }

    mutating func member(_ key: StaticString, _ value: Int) {
        self.key(key)
        stream.writeInteger(value)
    }

    mutating func member(_ key: StaticString, _ value: Int?) {
        guard let value else { return }
        member(key, value)
    }

    mutating func member(_ key: StaticString, _ value: String) {
        self.key(key)
        stream.writeString(value)
    }

    mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        member(key, value)
    }

    mutating func member<Value: RawRepresentable>(_ key: StaticString, _ value: Value?) where Value.RawValue == String {
        guard let value else { return }
        member(key, value.rawValue)
    }
}

extension GraphSnapshot.Edge: JSONRow {
    func writeMembers(to row: inout JSONRowWriter) {
        row.member("file", file)
        row.member("from", from)
        row.member("kind", kind)
        row.member("line", line)
        row.member("to", to)
    }
}

extension GraphSnapshot.Node: JSONRow {
    func writeMembers(to row: inout JSONRowWriter) {
        row.member("declarationKind", declarationKind)
        row.member("file", file)
        row.member("framework", framework)
        row.member("kind", kind)
        row.member("line", line)
        row.member("lines", lines)
        row.member("module", module)
        row.member("name", name)
        row.member("role", role)
        row.member("roleReason", roleReason)
        row.member("symbol", symbol)
    }
}
