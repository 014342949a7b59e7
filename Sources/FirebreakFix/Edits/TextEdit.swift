/// One replacement of a byte range of a file's original text. Every edit `fix` makes is computed
/// from syntax nodes' positions, so the code and trivia around it stay as they were.
public struct TextEdit: Sendable, Hashable, Comparable {
    /// UTF-8 offsets into the original text; `start == end` inserts.
    public var start: Int
    public var end: Int
    public var replacement: String

    public init(start: Int, end: Int, replacement: String) {
        self.start = start
        self.end = end
        self.replacement = replacement
    }

    public static func insert(_ text: String, at offset: Int) -> TextEdit {
        TextEdit(start: offset, end: offset, replacement: text)
    }

    public static func < (lhs: TextEdit, rhs: TextEdit) -> Bool {
        (lhs.start, lhs.end, lhs.replacement) < (rhs.start, rhs.end, rhs.replacement)
    }

    /// Two edits that touch the same bytes cannot both be applied; two insertions at one offset can
    /// (an empty range overlaps nothing at its ends).
    func overlaps(_ other: TextEdit) -> Bool {
        start < other.end && other.start < end
    }

    /// Applies `edits` to `text`, or names the first two that overlap. Insertions at the same
    /// offset keep their order in `edits`.
    public static func apply(_ edits: [TextEdit], to text: String) -> Result<String, Overlap> {
        let ordered = edits.enumerated().sorted { ($0.element.start, $0.element.end, $0.offset) < ($1.element.start, $1.element.end, $1.offset) }
            .map(\.element)
        for (first, second) in zip(ordered, ordered.dropFirst()) where first.overlaps(second) {
            return .failure(Overlap(first: first, second: second))
        }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + ordered.reduce(0) { $0 + $1.replacement.utf8.count })
        var cursor = 0
        for edit in ordered {
            result.append(contentsOf: bytes[cursor..<edit.start])
            result.append(contentsOf: edit.replacement.utf8)
            cursor = max(cursor, edit.end)
        }
        result.append(contentsOf: bytes[cursor...])
        return .success(String(decoding: result, as: UTF8.self))
    }

    public struct Overlap: Error, Sendable {
        public var first: TextEdit
        public var second: TextEdit
    }
}
