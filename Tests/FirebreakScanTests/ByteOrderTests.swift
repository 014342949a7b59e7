import FirebreakScan
import XCTest

/// Sorted output everywhere is in the order of the UTF-8 bytes; `utf8Precedes` compares them with
/// `memcmp` and must agree with the byte-by-byte definition, prefixes and non-ASCII included.
final class ByteOrderTests: XCTestCase {
    func testUTF8PrecedesIsTheOrderOfTheBytes() {
        let strings = [
            "", "a", "A", "ab", "abc", "b", "Sources/App/Views/ProfileView.swift", "Sources/App/Views/ProfileView.swift~",
            "Sources/App/Views/Profile", "Sources/App/views/ProfileView.swift", "Café.swift", "Cafe\u{301}.swift",
            "Ünïcode/File.swift", "Z/", "z", "a/b", "a-b", "a_b", String(repeating: "x", count: 40), String(repeating: "x", count: 41),
        ]
        for first in strings {
            for second in strings {
                XCTAssertEqual(first.utf8Precedes(second), first.utf8.lexicographicallyPrecedes(second.utf8),
                               "\(first.debugDescription) vs \(second.debugDescription)")
            }
        }
        XCTAssertEqual(strings.sorted { $0.utf8Precedes($1) }, strings.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
