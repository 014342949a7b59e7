/// Characters that must not reach a terminal or a log line as they are: C0 and C1 controls, DEL,
/// and the bidirectional overrides that make text read otherwise than it is ("Trojan Source").
/// A line break in a file or type name would put a line of the name's choosing into a CI log,
/// which GitHub reads as a workflow command (`::error file=…::`); ESC starts terminal sequences.
public enum ControlCharacters {
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with each such character written as `\xHH` (ASCII controls) or `\u{HHHH}`; with
    /// `keepingLineBreaks`, a message of several lines keeps its line feeds.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        let escapes = { (scalar: Unicode.Scalar) in isControl(scalar) && !(keepingLineBreaks && scalar == "\n") }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard escapes(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            let digits = String(scalar.value, radix: 16, uppercase: true)
            result += scalar.value < 0x80 ? "\\x" + (digits.count < 2 ? "0" : "") + digits : "\\u{\(digits)}"
        }
        return result
    }
}
