/// A generated `///` comment, broken between words so no line passes 120 columns (the limit fix
/// lays code out to): long type names made one-line comments of 150 columns in real apps.
enum DocComment {
    static let width = 120

    /// `text` as `///` lines at `indent`, each ending in a newline: as few lines as fit, of even
    /// length, so the last is not one stray word. A word longer than a line stays whole.
    static func lines(_ text: String, indent: String = "") -> String {
        let prefix = indent + "/// "
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let fewest = broken(words, width: width - prefix.count).count
        let total = words.reduce(0) { $0 + $1.count + 1 }
        var target = total / fewest
        var lines = broken(words, width: target)
        while lines.count > fewest, target < width - prefix.count {
            target += 1
            lines = broken(words, width: target)
        }
        return lines.map { prefix + $0 + "\n" }.joined()
    }

    /// Words filled into lines of at most `width` characters, a line at a time.
    private static func broken(_ words: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
