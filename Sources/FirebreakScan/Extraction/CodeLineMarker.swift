/// Marks the lines that hold a token, so line counts skip blank and comment-only lines.
///
/// Tokens arrive in source order, so a forward-moving cursor finds each line in O(1) amortised.
struct CodeLineMarker {
    private let starts: [Int]
    private var cursor = 0
    private(set) var isCode: [Bool]
    /// The line the fast path marked last: a second token on it writes nothing (each write to
    /// `isCode` checks that the array is not shared).
    private var lastMarked = 0

    /// - Parameter lineStarts: byte offset of each line's start, as `LineTable` computes them.
    init(lineStarts: [Int]) {
        starts = lineStarts
        isCode = Array(repeating: false, count: lineStarts.count + 1)
    }

    /// Marks every line from the one holding byte `start` to the one holding byte `end - 1`.
    @inline(__always)  // once per token
    mutating func mark(start: Int, end: Int) {
        // Most tokens sit on the line of the token before them: one comparison settles it.
        if cursor < starts.count, starts[cursor] <= start,
           cursor + 1 == starts.count || max(start, end - 1) < starts[cursor + 1] {
            if lastMarked != cursor + 1 {
                isCode[cursor + 1] = true
                lastMarked = cursor + 1
            }
            return
        }
        let first = line(containing: start)
        let last = end > start ? line(containing: end - 1) : first
        for line in first...last { isCode[line] = true }
    }

    /// 1-based line of a byte offset.
    private mutating func line(containing offset: Int) -> Int {
        if cursor < starts.count, starts[cursor] > offset { cursor = 0 }
        while cursor + 1 < starts.count, starts[cursor + 1] <= offset { cursor += 1 }
        return cursor + 1
    }

    /// `counts[n]` is the number of code lines among lines 1...n.
    func prefixCounts() -> [Int] {
        var counts = Array(repeating: 0, count: isCode.count)
        for line in 1..<isCode.count { counts[line] = counts[line - 1] + (isCode[line] ? 1 : 0) }
        return counts
    }
}
