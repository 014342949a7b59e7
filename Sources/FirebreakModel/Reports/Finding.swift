/// One rule violation at one place, ready for any reporter.
public struct Finding: Sendable, Codable, Hashable, Comparable {
    public var rule: String
    public var severity: Severity
    /// Relative to the working directory, without `./`.
    public var path: String
    public var line: Int
    public var column: Int
    /// What was reached: `APIClient.shared`, `UserNotifications`, `CLLocationManager`.
    public var symbol: String
    /// The enclosing type, when there is one.
    public var type: String?
    public var message: String
    /// How to fix it, in the seeds' terms.
    public var hint: String?
    /// Stable identity for baselines and diffs: rule, path, the line's text and the symbol.
    public var fingerprint: String
    /// The same without the path and blind to all whitespace in the line: what `diff` matches
    /// on (with the enclosing type) when a file was moved or renamed, or a line only re-spaced.
    public var contentFingerprint: String

    public init(rule: String, severity: Severity, path: String, line: Int, column: Int, symbol: String,
                type: String?, message: String, hint: String?, lineText: String) {
        self.init(rule: rule, severity: severity, path: path, line: line, column: column, symbol: symbol, type: type,
                  message: message, hint: hint, fingerprint: Fingerprint.of(rule: rule, path: path, lineText: lineText, symbol: symbol),
                  contentFingerprint: Fingerprint.ofContent(rule: rule, lineText: lineText, symbol: symbol))
    }

    /// A finding recorded earlier, fingerprints as they were computed then (`LintCache`).
    package init(rule: String, severity: Severity, path: String, line: Int, column: Int, symbol: String,
                 type: String?, message: String, hint: String?, fingerprint: String, contentFingerprint: String) {
        self.rule = rule
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.symbol = symbol
        self.type = type
        self.message = message
        self.hint = hint
        self.fingerprint = fingerprint
        self.contentFingerprint = contentFingerprint
    }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.path, lhs.line, lhs.column, lhs.rule, lhs.symbol) < (rhs.path, rhs.line, rhs.column, rhs.rule, rhs.symbol)
    }

    /// Message and hint on one line, for one-line formats.
    public var fullMessage: String {
        guard let hint else { return message }
        return "\(message); \(hint)"
    }
}

/// FNV-1a over the identifying fields: stable across runs, machines and Swift versions
/// (unlike `Hasher`), and blind to line numbers and indentation.
public enum Fingerprint {
    /// Blank runs fold to one space. Frozen: baselines written by earlier versions match on it.
    public static func of(rule: String, path: String, lineText: String, symbol: String) -> String {
        let normalizedText = lineText.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        return hash([rule, path, normalizedText, symbol])
    }

    /// No path, and every blank dropped, so `x=y` and `x = y` agree.
    public static func ofContent(rule: String, lineText: String, symbol: String) -> String {
        hash([rule, String(lineText.unicodeScalars.filter { !$0.properties.isWhitespace }), symbol])
    }

    private static func hash(_ fields: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for field in fields {
            for byte in field.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            hash ^= 0xff
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
