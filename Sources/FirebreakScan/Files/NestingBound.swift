/// Bounds checked on a file's bytes before SwiftSyntax parses it, so that no file can stall or
/// crash a run (docs/known-issues.md):
///
/// - square brackets nested deeper than `maximumSquareDepth`: the parser's lookahead over
///   `[[[…[1]…]]]` (array or dictionary? type or literal?) doubles with every level, so 22 levels
///   take tens of seconds; real code nests three or four;
/// - `(`, `[` and `{` nested deeper than `maximumDepth`: the parser recurses per level, and after
///   some tokens its time grows with the square of the depth (`@` then 4,000 `(`: 1.5 s; 20,000
///   `{` after `public letlet x =`: 20 s). It builds no node deeper than 256 levels anyway; real
///   code nests 45 at most (1.8 million lines of apps and packages);
/// - generic arguments (`Array<Array<…`) nested deeper than `maximumGenericDepth`: followed by more
///   code, the parser's lookahead takes time cubic in the depth (1,000 levels: 6 s); real code
///   nests four or five;
/// - string interpolations open more than `maximumInterpolationDepth` deep in one literal
///   (`"\(\(\(…`, unclosed or nested): the parser's time grows faster than the cube of that
///   depth (200 levels, 810 bytes: over a minute); real code opens two or three;
/// - `\(` open more than `maximumInterpolationDepth` deep outside a string literal (`let s =
///   \(\(\(…`, which a mangled literal leaves in code): cubic, 400 levels take over two seconds
///   and 800 over thirty; code has no reason to write one.
///
/// The count skips comments and the text of string literals (their interpolations are code, and
/// count with the brackets the literal sits in), which is enough to never reject ordinary code.
public enum NestingBound {
    public static let maximumSquareDepth = 16
    public static let maximumDepth = 1_000
    public static let maximumInterpolationDepth = 32
    public static let maximumGenericDepth = 64

    /// Why the file is over a bound, or nil.
    public static func violation(in bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { bytes in acted.withUnsafeBufferPointer { violation(in: bytes, acted: $0) } }
    }

    /// By byte value, whether the count below acts on the byte (`"()/;<=>[\]{}`). Every other
    /// byte only moves the count on, and most of a file is names, spaces and punctuation the
    /// bounds ignore: passed over by one look-up each.
    private static let acted: [Bool] = (0..<256).map { "\"()/;<=>[\\]{}".utf8.contains(UInt8($0)) }

    private static func violation(in bytes: UnsafeBufferPointer<UInt8>, acted: UnsafeBufferPointer<Bool>) -> String? {
        var counts = CodeCounts()
        var index = 0
        let count = bytes.count
        while index < count {
            while index < count, !acted[Int(bytes[index])] { index += 1 }
            guard index < count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                // To the line's end (or the file's): comments are a good part of a file's bytes.
                index = bytes.firstOffset(of: UInt8(ascii: "\n"), in: index..<count) ?? count
                continue
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index = endOfBlockComment(bytes, from: index + 2)
                continue
            case UInt8(ascii: "\""):
                let string = endOfString(bytes, from: index, outer: Nesting(square: counts.square, brackets: counts.depth))
                if let message = message(for: string) { return message }
                index = string.end
                continue
            case UInt8(ascii: "\\") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "("):
                counts.depth += 1
                counts.backslashParens.append(counts.depth)
                if counts.backslashParens.count > maximumInterpolationDepth {
                    return "\\( open more than \(maximumInterpolationDepth) deep outside a string, which the Swift parser takes cubic time on; skipped"
                }
                index += 2
                continue
            default:
                if let message = counts.count(byte, previous: index > 0 ? bytes[index - 1] : 0) { return message }
            }
            while let last = counts.backslashParens.last, last > counts.depth { counts.backslashParens.removeLast() }
            if counts.depth > maximumDepth { return bracketsMessage }
            index += 1
        }
        return nil
    }

    /// The brackets open in code at one point of the scan.
    private struct CodeCounts {
        // `angle`: `<` right after a name (`Array<`), closed by `>`; a generic argument list holds
        // no `{`, `}`, `;` or `=`, so those end it. Comparisons written `a<b` count too, but it
        // would take dozens in one expression to reach the bound.
        var square = 0, depth = 0, angle = 0
        /// The bracket depth at which each `\(` still open in code was opened.
        var backslashParens: [Int] = []

        /// Counts one bracket, `;` or `=`; why the file is over a bound once it is.
        @inline(__always)
        mutating func count(_ byte: UInt8, previous: UInt8) -> String? {
            switch byte {
            case UInt8(ascii: "["):
                square += 1
                depth += 1
                if square > maximumSquareDepth { return squareMessage }
            case UInt8(ascii: "("):
                depth += 1
            case UInt8(ascii: "{"):
                depth += 1
                angle = 0
            case UInt8(ascii: ";"), UInt8(ascii: "="):
                angle = 0
            case UInt8(ascii: "]"):
                square = max(0, square - 1)
                depth = max(0, depth - 1)
            case UInt8(ascii: ")"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "}"):
                depth = max(0, depth - 1)
                angle = 0
            case UInt8(ascii: "<") where NestingBound.isNameByte(previous):
                angle += 1
                if angle > maximumGenericDepth {
                    return "generic arguments nested more than \(maximumGenericDepth) deep, which the Swift parser takes cubic time on; skipped"
                }
            case UInt8(ascii: ">"):
                angle = max(0, angle - 1)
            default:
                break
            }
            return nil
        }
    }

    /// After the first `*/` from `index`, or past the file's end when there is none.
    @inline(__always)
    private static func endOfBlockComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = start
        while index + 1 < count {
            guard let star = bytes.firstOffset(of: UInt8(ascii: "*"), in: index..<(count - 1)) else {
                index = count - 1
                break
            }
            index = star
            if bytes[index + 1] == UInt8(ascii: "/") { break }
            index += 1
        }
        return index + 2
    }

    /// Why a string literal's interpolations put the file over a bound, or nil.
    private static func message(for string: (end: Int, interpolationDepth: Int, deepest: Nesting)) -> String? {
        if string.interpolationDepth > maximumInterpolationDepth {
            return "string interpolations open more than \(maximumInterpolationDepth) deep, which the Swift parser takes more than cubic time on; skipped"
        }
        if string.deepest.square > maximumSquareDepth { return squareMessage }
        if string.deepest.brackets > maximumDepth { return bracketsMessage }
        return nil
    }

    private static let squareMessage =
        "square brackets nested more than \(maximumSquareDepth) deep, which the Swift parser takes exponential time on; skipped"
    private static let bracketsMessage = "brackets nested more than \(maximumDepth) deep; skipped"

    /// How deep square brackets, and brackets of every kind (`(`, `[`, `{`), are open.
    struct Nesting {
        var square = 0
        var brackets = 0

        func deepest(with other: Nesting) -> Nesting {
            Nesting(square: max(square, other.square), brackets: max(brackets, other.brackets))
        }

        var isPastTheBounds: Bool { square > maximumSquareDepth || brackets > maximumDepth }
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// The index after the string literal that starts at `start` (`"…"` or `"""…"""`), how deep
    /// interpolations went in it, counting the `outerDepth` of the literals it sits in, and how deep
    /// brackets went in its interpolations' code, counting the `outer` ones it sits in: `\(` (`\#(`
    /// in a `#"…"#` raw string) opens one level, then `(` and `)` count until it closes, `[` and `{`
    /// count as in code (the fuzz harness's `"\(f(x = [[[…` took the parser 47 s at 200 levels),
    /// and a string inside an interpolation is scanned as one more literal. Stops early once past a
    /// bound, so its own recursion stays as shallow as the bound.
    static func endOfString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, outerDepth: Int = 0,
                            outer: Nesting = Nesting()) -> (end: Int, interpolationDepth: Int, deepest: Nesting) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let open = UInt8(ascii: "("), close = UInt8(ascii: ")")
        let isMultiline = start + 2 < bytes.count && bytes[start + 1] == quote && bytes[start + 2] == quote
        var index = start + (isMultiline ? 3 : 1)
        // A raw string (`#"…"#`) interpolates only with as many `#` as it opened with: `\(` in a
        // regex is text.
        let hashes = hashes(before: start, in: bytes)
        // Inside interpolations: `[` and `{` open, and the deepest nesting seen.
        var depth = 0, deepest = outerDepth, square = 0, braces = 0, deepestNesting = outer
        func nesting() -> Nesting { Nesting(square: outer.square + square, brackets: outer.brackets + depth + square + braces) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == backslash {
                guard let next = interpolationCode(bytes, at: index, hashes: hashes) else {
                    index += 2
                    continue
                }
                depth += 1
                deepest = max(deepest, outerDepth + depth)
                if deepest > maximumInterpolationDepth { return (next, deepest, deepestNesting) }
                index = next
                continue
            }
            if depth > 0 {
                switch byte {
                case open:
                    depth += 1
                    deepest = max(deepest, outerDepth + depth)
                    if deepest > maximumInterpolationDepth { return (index + 1, deepest, deepestNesting) }
                case close:
                    depth -= 1
                    if depth == 0 { (square, braces) = (0, 0) }
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if byte == UInt8(ascii: "[") { square += 1 } else { braces += 1 }
                    deepestNesting = deepestNesting.deepest(with: nesting())
                    if deepestNesting.isPastTheBounds { return (index + 1, deepest, deepestNesting) }
                case UInt8(ascii: "]"):
                    square = max(0, square - 1)
                case UInt8(ascii: "}"):
                    braces = max(0, braces - 1)
                case quote:
                    let nested = endOfString(bytes, from: index, outerDepth: outerDepth + depth, outer: nesting())
                    deepest = max(deepest, nested.interpolationDepth)
                    deepestNesting = deepestNesting.deepest(with: nested.deepest)
                    if deepest > maximumInterpolationDepth || deepestNesting.isPastTheBounds { return (nested.end, deepest, deepestNesting) }
                    index = nested.end
                    continue
                default:
                    break
                }
                index += 1
                continue
            }
            if let end = endOfLiteral(bytes, at: index, isMultiline: isMultiline) { return (end, deepest, deepestNesting) }
            index += 1
        }
        return (index, deepest, deepestNesting)
    }

    /// After the `(` of the `\(` (`\#(` in a `#"…"#` raw string) at `index`, when it opens an
    /// interpolation; nil for an escape.
    @inline(__always)
    private static func interpolationCode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, hashes: Int) -> Int? {
        var next = index + 1
        while next < bytes.count, bytes[next] == UInt8(ascii: "#") { next += 1 }
        guard next - index - 1 == hashes, next < bytes.count, bytes[next] == UInt8(ascii: "(") else { return nil }
        return next + 1
    }

    /// After the literal, when the byte at `index` (outside interpolations) ends it: its closing
    /// quote, or a line's end for a one-line literal left open.
    @inline(__always)
    private static func endOfLiteral(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, isMultiline: Bool) -> Int? {
        let byte = bytes[index], quote = UInt8(ascii: "\"")
        if !isMultiline { return byte == quote || byte == UInt8(ascii: "\n") ? index + 1 : nil }
        guard byte == quote, index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote else { return nil }
        return index + 3
    }

    /// How many `#` come right before `start`: a raw string's delimiter.
    @inline(__always)
    private static func hashes(before start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hashes = 0
        while start - hashes - 1 >= 0, bytes[start - hashes - 1] == UInt8(ascii: "#") { hashes += 1 }
        return hashes
    }
}
