/// Bounds checked on a file's bytes before SwiftSyntax parses it, so that no file can stall or
/// crash a run (docs/known-issues.md):
///
/// - square brackets nested deeper than `maximumSquareDepth`: the parser's lookahead over
///   `[[[…[1]…]]]` (array or dictionary? type or literal?) doubles with every level, so 22 levels
///   take tens of seconds; real code nests three or four;
/// - `(`, `[` and `{` together nested deeper than `maximumDepth`: the parser recurses per level.
///
/// The count skips comments and string literals (with escapes and interpolations treated as
/// plain text inside the string), which is enough to never reject ordinary code.
public enum NestingBound {
    public static let maximumSquareDepth = 16
    public static let maximumDepth = 20_000

    /// Why the file is over a bound, or nil.
    public static func violation(in bytes: [UInt8]) -> String? {
        var square = 0, depth = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            case UInt8(ascii: "\""):
                index = endOfString(bytes, from: index)
                continue
            case UInt8(ascii: "["):
                square += 1
                depth += 1
                if square > maximumSquareDepth {
                    return "square brackets nested more than \(maximumSquareDepth) deep, which the Swift parser takes exponential time on; skipped"
                }
            case UInt8(ascii: "("), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"):
                square = max(0, square - 1)
                depth = max(0, depth - 1)
            case UInt8(ascii: ")"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
            default:
                break
            }
            if depth > maximumDepth { return "brackets nested more than \(maximumDepth) deep; skipped" }
            index += 1
        }
        return nil
    }

    /// The index after the string literal that starts at `start` (`"…"` or `"""…"""`).
    static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        let isMultiline = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (isMultiline ? 3 : 1)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if !isMultiline, byte == UInt8(ascii: "\n") { return index + 1 }
            if byte == quote {
                if !isMultiline { return index + 1 }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote { return index + 3 }
            }
            index += 1
        }
        return index
    }
}
