@testable import FirebreakScan
import XCTest

/// The members a declaration uses are sorted and made unique without a set when they are ASCII:
/// the result must be what a set of them, sorted, gives, on any list.
final class SortedUniqueNamesTests: XCTestCase {
    func testTheSameAsASetSortedOnRandomLists() {
        var generator = SystemRandomNumberGenerator()
        // Shared prefixes longer than eight bytes, lengths around eight, repeats, and now and then
        // a name that is not ASCII (precomposed or decomposed), which sends the list through a set.
        let stems = ["a", "b", "padding", "paddingX", "paddingXY", "foregroundStyle", "foregroundColor", "Z", "_x", "x1", "x10", "x9"]
        let others = ["caf\u{E9}", "cafe\u{301}", "\u{1F600}"]
        for round in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let names = (0..<count).map { _ -> String in
                if round % 4 == 0, Int.random(in: 0..<10, using: &generator) == 0 { return others.randomElement(using: &generator)! }
                return stems.randomElement(using: &generator)! + (Bool.random(using: &generator) ? "" : String(Int.random(in: 0..<3, using: &generator)))
            }
            XCTAssertEqual(SortedUniqueNames.of(names), Set(names).sorted(), "\(names)")
        }
    }

    func testOfCanonicallyEqualSpellingsTheFirstMetIsKept() {
        let names = ["zeta", "caf\u{E9}", "alpha", "cafe\u{301}", "alpha"]
        XCTAssertEqual(SortedUniqueNames.of(names), ["alpha", "caf\u{E9}", "zeta"])
        XCTAssertEqual(SortedUniqueNames.of(names)[1].unicodeScalars.count, 4)
        XCTAssertEqual(SortedUniqueNames.of([]), [])
        XCTAssertEqual(SortedUniqueNames.of(["only"]), ["only"])
    }
}
