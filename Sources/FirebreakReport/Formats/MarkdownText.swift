import FirebreakScan

/// Text from the code and the file system placed in Markdown: a pull-request comment renders it,
/// so nothing in a name may become markup. One escaping for every Markdown format.
enum MarkdownText {
    /// Prose and table cells: `<`, `>` and `&` as entities (a raw-identifier type name
    /// `` `<img src=x onerror=…>View` `` must not become an image), a pipe escaped (it would end the
    /// cell), line breaks and controls flattened, backticks made quotes (they would open a code span).
    static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in ControlCharacters.escaped(text.replacingOccurrences(of: "\n", with: " ")).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "|": out += "\\|"
            case "`": out += "'"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A code span: shown literally, so only what would end it (a backtick, a line break) or the
    /// table cell (a pipe) is changed.
    static func code(_ text: String) -> String {
        let flat = ControlCharacters.escaped(text.replacingOccurrences(of: "\n", with: " "))
        return "`" + flat.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'") + "`"
    }
}
