import FirebreakModel
import XCTest

/// Fingerprints are frozen: baselines written by every earlier version match on them. They are
/// hashed as the fields are read; these pin them to the definition, FNV-1a over the fields with
/// the line's blank runs folded to one space (`of`) or every Unicode blank dropped (`ofContent`).
final class FingerprintTests: XCTestCase {
    private static func fnv(_ fields: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for field in fields {
            for byte in Array(field.utf8) + [0xff] {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private let lines = [
        "", " ", "\t\t", "let a = URLSession.shared", "    let a  =  URLSession.shared   ",
        "\tlet\ta\t=\t1\t", "x=y", "a\r\nb", "trailing\r\n", "line\u{0B}with\u{0C}controls\u{1C}",
        "let café = Café()", "let\u{00A0}a\u{3000}= b\u{2028}", " \u{301}accent after a space", "👩‍💻 = dev  ",
    ]

    func testTheLineFingerprintIsTheFNVOfTheFieldsWithBlankRunsFolded() {
        for line in lines {
            let folded = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            XCTAssertEqual(Fingerprint.of(rule: "singleton-access", path: "Sources/A.swift", lineText: line, symbol: "A.shared"),
                           Self.fnv(["singleton-access", "Sources/A.swift", folded, "A.shared"]), line.debugDescription)
        }
    }

    func testTheContentFingerprintIsTheFNVOfTheFieldsWithEveryBlankDropped() {
        for line in lines {
            let kept = String(line.unicodeScalars.filter { !$0.properties.isWhitespace })
            XCTAssertEqual(Fingerprint.ofContent(rule: "singleton-access", lineText: line, symbol: "A.shared"),
                           Self.fnv(["singleton-access", kept, "A.shared"]), line.debugDescription)
        }
    }
}
