/// Line starts of a source text: positions of facts, and the text of the lines that carry them.
///
/// Lines break where SwiftSyntax breaks them: after `\n`, after `\r\n`, and after a lone `\r`.
struct LineTable {
    private let bytes: [UInt8]
    /// Byte offset where each line starts, first line first.
    private(set) var starts: [Int] = [0]

    /// - Parameter bytes: the text's UTF-8, as read from the file.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        starts.reserveCapacity(bytes.count / 32)
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        bytes.withUnsafeBufferPointer { buffer in
            // Most files break lines with `\n` alone: then `memchr` finds every break.
            guard buffer.firstOffset(of: carriageReturn) != nil else {
                var from = 0
                while let found = buffer.firstOffset(of: newline, in: from..<buffer.count) {
                    from = found + 1
                    starts.append(from)
                }
                return
            }
            for index in buffer.indices {
                let byte = buffer[index]
                if byte == newline {
                    starts.append(index + 1)
                } else if byte == carriageReturn, index + 1 == buffer.count || buffer[index + 1] != newline {
                    starts.append(index + 1)
                }
            }
        }
    }

    var lineCount: Int {
        if bytes.isEmpty { return 0 }
        return starts.last == bytes.count ? starts.count - 1 : starts.count
    }

    /// The 1-based line and UTF-8 column of a byte offset.
    func position(ofOffset offset: Int) -> SourcePosition {
        // The last line whose start is at or before the offset.
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid } else { high = mid }
        }
        return SourcePosition(line: low + 1, column: offset - starts[low] + 1)
    }

    /// `position(ofOffset:)`, first trying the line at `hint` and the few after it, where a walk
    /// in source order asks next; `hint` is left at the line found (0-based).
    func position(ofOffset offset: Int, hint: inout Int) -> SourcePosition {
        var line = hint
        if line < starts.count, starts[line] <= offset {
            var steps = 0
            while steps < 4, line + 1 < starts.count, starts[line + 1] <= offset {
                line += 1
                steps += 1
            }
            if line + 1 == starts.count || offset < starts[line + 1] {
                hint = line
                return SourcePosition(line: line + 1, column: offset - starts[line] + 1)
            }
        }
        let found = position(ofOffset: offset)
        hint = found.line - 1
        return found
    }

    /// The offsets where `needle` starts, in order, found by `memchr` for the needle's byte at
    /// `anchor` (pick one that code seldom holds) and a comparison of the rest around it.
    func offsets(of needle: [UInt8], anchor: Int) -> [Int] {
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            var from = anchor
            while from < buffer.count, let hit = buffer.firstOffset(of: needle[anchor], in: from..<buffer.count) {
                from = hit + 1
                let start = hit - anchor
                guard start + needle.count <= buffer.count else { break }
                if needle.indices.allSatisfy({ buffer[start + $0] == needle[$0] }) { found.append(start) }
            }
        }
        return found
    }

    /// The source text of the bytes in `start..<end`.
    func text(from start: Int, to end: Int) -> String {
        let lower = min(max(0, start), bytes.count), upper = min(max(lower, end), bytes.count)
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    func trimmedText(ofLine line: Int) -> String {
        guard line >= 1, line <= starts.count else { return "" }
        var start = starts[line - 1]
        var end = line < starts.count ? starts[line] : bytes.count
        let isSpace: (UInt8) -> Bool = { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
