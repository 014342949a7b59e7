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
        var hash = FNV1a()
        hash.field(rule.utf8)
        hash.field(path.utf8)
        if lineText.utf8.allSatisfy({ $0 < 0x80 }) {
            // In ASCII every byte is a character but `\r\n`, which is neither blank: the same
            // words as splitting the characters, without building them.
            var pendingSpace = false, wroteWord = false
            for byte in lineText.utf8 {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    pendingSpace = wroteWord
                    continue
                }
                if pendingSpace { hash.add(UInt8(ascii: " ")) }
                pendingSpace = false
                wroteWord = true
                hash.add(byte)
            }
            hash.endField()
        } else {
            hash.field(lineText.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ").utf8)
        }
        hash.field(symbol.utf8)
        return hash.hex
    }

    /// No path, and every blank dropped, so `x=y` and `x = y` agree.
    public static func ofContent(rule: String, lineText: String, symbol: String) -> String {
        var hash = FNV1a()
        hash.field(rule.utf8)
        for scalar in lineText.unicodeScalars {
            if scalar.isASCII {
                // ASCII's blanks are tab to carriage return and space.
                if scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) { continue }
                hash.add(UInt8(scalar.value))
            } else if !scalar.properties.isWhitespace {
                for byte in String(scalar).utf8 { hash.add(byte) }
            }
        }
        hash.endField()
        hash.field(symbol.utf8)
        return hash.hex
    }

    /// Fields hashed as they are read: building the normalised line first was most of a finding's cost.
    private struct FNV1a {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ byte: UInt8) {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }

        mutating func endField() { add(0xff) }

        mutating func field(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { add(byte) }
            endField()
        }

        var hex: String {
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }
}
