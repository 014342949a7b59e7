import FirebreakModel
@testable import FirebreakReport
import Foundation
import XCTest

/// The streaming encoder must write Foundation's bytes exactly; what it cannot, it declines.
final class PrettyJSONEncoderTests: XCTestCase {
    private struct Leaf: Codable {
        var zeta: String
        var alpha: Int
        var middle: Double?
        var flag: Bool
    }

    private enum Shade: String, Codable { case light, dark }

    private struct Tree: Codable {
        var name: String
        var leaves: [Leaf]
        var empty: [Int]
        var emptyObject: [String: Int]
        var byName: [String: [Double]]
        var byNumber: [Int: String]
        var nested: [[Int]]
        var optionals: [String?]
        var shade: Shade
        var shades: [Shade]
        var child: [Tree]
        var small: Int8
        var big: UInt64
        var float: Float
    }

    private func assertSameBytes<T: Encodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
        let streamed = try XCTUnwrap(try PrettyJSONEncoder.encode(value), "declined", file: file, line: line)
        let foundation = JSONText.foundationData(value)
        XCTAssertEqual(String(decoding: streamed, as: UTF8.self), String(decoding: foundation, as: UTF8.self),
                       file: file, line: line)
    }

    private func leaf(_ index: Int) -> Leaf {
        Leaf(zeta: "z\(index)", alpha: index, middle: index.isMultiple(of: 2) ? Double(index) / 3 : nil, flag: index > 1)
    }

    func testNestedObjectsArraysAndKeyOrder() throws {
        let inner = Tree(
            name: "inner", leaves: [], empty: [], emptyObject: [:], byName: [:], byNumber: [:], nested: [[]],
            optionals: [], shade: .dark, shades: [], child: [], small: -8, big: .max, float: 0.1)
        let tree = Tree(
            name: "root", leaves: (0..<5).map(leaf), empty: [], emptyObject: [:],
            byName: ["b": [1, 2.5], "a": [], "B": [-0.0], "é": [1e21, 1e-7], "a b": [3]],
            byNumber: [10: "ten", 2: "two", -1: "minus one"], nested: [[1, 2], [], [3]],
            optionals: ["x", nil], shade: .light, shades: [.light, .dark], child: [inner],
            small: 7, big: 42, float: 2)
        try assertSameBytes(tree)
    }

    /// Streamed in small chunks, the pieces join up to the same bytes.
    func testChunksJoinToTheSameBytes() throws {
        let value = ["leaves": (0..<50).map(leaf)]
        var joined = Data()
        var chunks = 0
        XCTAssertTrue(try PrettyJSONEncoder.encode(value, chunkSize: 64) { joined.append($0); chunks += 1 })
        XCTAssertGreaterThan(chunks, 10)
        XCTAssertEqual(joined, JSONText.foundationData(value))
    }

    func testStringsAreEscapedAsFoundationDoes() throws {
        let texts = ["plain", "quote\"d", "back\\slash", "a/b", "tab\tline\nreturn\r", "\u{8}\u{c}\u{1}\u{1f}",
                     "Ünïcødé·名前 🧯", "", "\u{7f}"]
        try assertSameBytes(texts)
        try assertSameBytes(["key": texts])
        // Keys are sorted by their unescaped bytes and written escaped.
        try assertSameBytes(["needs \"escape\"": 1, "needs": 2, "b\n": 3, "b": 4, "a\\": 5, "a]": 6])
    }

    func testNumbers() throws {
        try assertSameBytes([0, -1, 9, 10, 99, 100, Int.max, Int.min, 1_000_000])
        try assertSameBytes([0.0, 1.0, -2.0, 0.5, 1.0 / 3.0, 1e300, Double.leastNonzeroMagnitude, 123456789012345678.0, 100])
        try assertSameBytes(["value": 3.0])
    }

    func testTopLevelScalarsAndEmptyContainers() throws {
        try assertSameBytes("fragment")
        try assertSameBytes(12)
        try assertSameBytes([Int]())
        try assertSameBytes([String: Int]())
        try assertSameBytes([[String: Int]()])
    }

    /// Synthesized coding writes members in declaration order; a hand-written `encode(to:)` may
    /// write a key twice (Foundation keeps the last) or call `container` twice (one object).
    func testDuplicateKeysAndReopenedContainers() throws {
        struct Twice: Encodable {
            enum CodingKeys: String, CodingKey { case b, a }
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: CodingKeys.self)
                try first.encode(1, forKey: .b)
                try first.encode(2, forKey: .a)
                var second = encoder.container(keyedBy: CodingKeys.self)
                try second.encode(3, forKey: .b)
            }
        }
        try assertSameBytes(Twice())
        try assertSameBytes([Twice(), Twice()])
    }

    func testDeepNestingIndentsPastTheSpaceBuffer() throws {
        indirect enum Deep: Encodable {
            case leaf
            case node([Deep])
            func encode(to encoder: any Encoder) throws {
                switch self {
                case .leaf: var single = encoder.singleValueContainer(); try single.encode("leaf")
                case .node(let children): var array = encoder.unkeyedContainer(); for child in children { try array.encode(child) }
                }
            }
        }
        var value = Deep.leaf
        for _ in 0..<40 { value = .node([value, .leaf]) }
        try assertSameBytes(value)
    }

    /// What needs Foundation's own handling is declined, and `JSONText` still writes Foundation's bytes.
    func testDeclinesWhatFoundationFormatsItself() throws {
        struct Nested: Encodable {
            enum CodingKeys: String, CodingKey { case inner }
            enum InnerKeys: String, CodingKey { case value }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                var inner = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
                try inner.encode(1, forKey: .value)
            }
        }
        XCTAssertNil(try PrettyJSONEncoder.encode(Nested()))
        XCTAssertNil(try PrettyJSONEncoder.encode(["url": URL(string: "https://example.com/a")!]))
        XCTAssertNil(try PrettyJSONEncoder.encode(["when": Date(timeIntervalSince1970: 0)]))
        XCTAssertNil(try PrettyJSONEncoder.encode([Double.nan]))
        for value in [JSONText.encodedData(Nested()), JSONText.encodedData(["url": URL(string: "https://example.com/a")!])] {
            XCTAssertTrue(value.last == UInt8(ascii: "\n"))
        }
        XCTAssertEqual(JSONText.encodedData(Nested()), JSONText.foundationData(Nested()))
    }

    /// Arrays of strings and of graph nodes and edges are written without the encoder (the
    /// analysis's largest parts); their bytes must still be Foundation's, optionals left out.
    func testStringArraysAndGraphRowsWrittenDirectlyKeepFoundationsBytes() throws {
        let snapshot = try JSONDecoder().decode(GraphSnapshot.self, from: Data("""
            {"files": ["App/Profile View.swift", "App/\\\"quoted\\\".swift"], "modules": ["App"],
             "nodes": [
               {"name": "ProfileView", "kind": "declaration", "declarationKind": "struct", "file": 0, "line": 3,
                "lines": 12, "module": 0, "symbol": 0, "role": "high-level", "roleReason": "conforms to View"},
               {"name": "Foundation.URLSession", "kind": "external", "line": 0, "lines": 0,
                "framework": "Foundation", "symbol": 1, "role": "infrastructure"}],
             "symbols": [{"name": "ProfileView", "nodes": [0], "isView": true},
                         {"name": "Foundation.URLSession", "nodes": [1], "isView": false}],
             "edges": [{"from": 0, "to": 1, "kind": "stored-property", "file": 0, "line": 4},
                       {"from": 1, "to": 0, "kind": "extension"}],
             "previews": {"0": []}}
            """.utf8))
        struct Holder: Encodable {
            var graph: GraphSnapshot
            var nested: [[GraphSnapshot.Edge]]
            var noEdges: [GraphSnapshot.Edge]
            var paths: [String]
            var noPaths: [String]
            var deep: [String: [[String]]]
        }
        try assertSameBytes(Holder(
            graph: snapshot, nested: [snapshot.edges, []], noEdges: [],
            paths: ["a/b.swift", "tab\there", "é"], noPaths: [], deep: ["z": [["x"], []], "a": []]))
        try assertSameBytes(snapshot.edges)
        try assertSameBytes(["only"])

        // Long arrays of rows are written a batch at a time on every core: the same bytes across
        // the batch boundaries (4,096 rows) and the groups of batches (8 at a time).
        let many = (0..<40_000).map { index in
            snapshot.edges[index % 2 == 0 ? 0 : 1]
        }
        try assertSameBytes(many)
        try assertSameBytes(["edges": Array(many.prefix(4_097)), "exact": Array(many.prefix(4_096 * 8)), "one": [many[0]]])
    }

    private struct Screen: JSONParallelElement {
        var name: String
        var paths: [String]
        var leaf: Leaf?
    }

    /// Elements encoded on every core, a batch at a time (the analysis's views): the same bytes as
    /// one thread, at any depth, across batch boundaries, and declined when an element declines.
    func testArraysEncodedInParallelKeepFoundationsBytes() throws {
        let screens = (0..<150).map { index in
            Screen(name: "Screen\(index) \"\(index % 7)\"", paths: (0..<(index % 4)).map { "Sources/F\($0).swift" },
                   leaf: index % 3 == 0 ? nil : Leaf(zeta: "z", alpha: index, middle: index % 2 == 0 ? 0.5 : nil, flag: true))
        }
        struct Holder: Encodable {
            var views: [Screen]
            var none: [Screen]
            var nested: [String: [[Screen]]]
        }
        try assertSameBytes(screens)
        try assertSameBytes(Holder(views: screens, none: [], nested: ["b": [Array(screens.prefix(3)), []], "a": []]))

        struct Dated: JSONParallelElement {
            var when = Date(timeIntervalSince1970: 0)
        }
        XCTAssertNil(try PrettyJSONEncoder.encode([Dated(), Dated()]))
        XCTAssertEqual(JSONText.encodedData([Dated()]), JSONText.foundationData([Dated()]))
    }
}
