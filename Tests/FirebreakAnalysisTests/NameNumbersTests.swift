@testable import FirebreakAnalysis
import XCTest

/// The preview-only pass numbers the scanned types' simple names and looks up every name a file's
/// code references: each name must come back as its own number, and no other name as any.
final class NameNumbersTests: XCTestCase {
    func testEveryNameComesBackAsItsNumber() {
        // Lengths on both sides of the eight-byte words the hash reads, a name that is not ASCII,
        // the empty name, and enough names to fill many slots.
        var names = ["APIClient", "A", "", "Ünïcode", "ProfileViewModel", String(repeating: "Long", count: 40), "Abcdefgh", "Abcdefghi"]
        names += (0..<2_000).map { "Screen\($0)View" }
        let numbers = NameNumbers(names)
        XCTAssertEqual(numbers.count, names.count)
        for (number, name) in names.enumerated() { XCTAssertEqual(numbers.number(of: name), number, name) }
    }

    func testOtherNamesHaveNoNumber() {
        let numbers = NameNumbers(["APIClient", "ProfileViewModel", "Abcdefgh"])
        for other in ["apiClient", "APIClien", "APIClientt", "Abcdefgh ", "ProfileViewModel.Row", "Text", ""] {
            XCTAssertNil(numbers.number(of: other), other)
        }
    }

    /// Canonically equivalent strings are one name to Swift, and were one key of the dictionary
    /// this table replaced: `é` precomposed or decomposed, the Kelvin sign and `K`.
    func testCanonicallyEquivalentSpellingsAreOneName() {
        let numbers = NameNumbers(["Caf\u{E9}", "\u{212A}elvin", "Plain"])
        XCTAssertEqual(numbers.number(of: "Caf\u{E9}"), 0)
        XCTAssertEqual(numbers.number(of: "Cafe\u{301}"), 0)
        XCTAssertEqual(numbers.number(of: "Kelvin"), 1)
        XCTAssertNil(numbers.number(of: "Cafe"))
    }
}
