/// Limits checked before YAML reaches the parser, whose recursion overflows the stack on deeply
/// nested input (`[[[…]]]`, `- - - …`, nested `{a:` thousands deep) instead of failing.
///
/// Real `.firebreak.yml` files nest three or four levels and XcodeGen specs a dozen; 100 levels
/// and a few megabytes leave room for any of them and stop far below where the parser crashes.
public enum YAMLBounds {
    public static let maximumDepth = 100

    public struct Exceeded: Error, Sendable, CustomStringConvertible {
        public let line: Int
        public let description: String
    }

    /// Throws when `text` is larger than `maximumBytes` or nests deeper than `maximumDepth`:
    /// flow brackets, indentation levels and compact sequences (`- - x`) all count.
    public static func check(_ text: String, maximumBytes: Int) throws {
        guard text.utf8.count <= maximumBytes else {
            throw Exceeded(line: 1, description: "larger than \(maximumBytes / 1024) KB; firebreak does not read YAML this large")
        }
        var indents: [Int] = []
        var flow = 0
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Array(line.utf8)
            // YAML allows tab, and CR before the line feed, but no other control character; the
            // parser's own message would quote the line, control character and all.
            if let control = bytes.first(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0D) || $0 == 0x7F }) {
                let name = control == 0 ? "a NUL byte" : "control character U+" + String(format: "%04X", control)
                throw Exceeded(line: lineNumber, description: "holds \(name); YAML is text")
            }
            var column = 0
            while column < bytes.count, bytes[column] == UInt8(ascii: " ") { column += 1 }
            guard column < bytes.count, bytes[column] != UInt8(ascii: "#") else { continue }
            if flow == 0 {
                while let last = indents.last, last >= column { indents.removeLast() }
                indents.append(column)
            }
            var compact = 0
            var index = column
            while index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: " ") {
                compact += 1
                index += 2
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            }
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "#"), index > 0, bytes[index - 1] == UInt8(ascii: " ") {
                    break
                } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    flow += 1
                    if flow + indents.count + compact > maximumDepth { throw tooDeep(lineNumber) }
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    flow = max(0, flow - 1)
                }
                index += 1
            }
            if flow + indents.count + compact > maximumDepth { throw tooDeep(lineNumber) }
        }
    }

    static func tooDeep(_ line: Int) -> Exceeded {
        Exceeded(line: line, description: "nested more than \(maximumDepth) levels deep; firebreak does not read YAML this deep")
    }
}
