@testable import FirebreakAnalysis
import XCTest

/// The preview-only pass turns names away before hashing them: a name the filter holds must never
/// be turned away, or a type used by previews alone would lose its role.
final class NameFilterTests: XCTestCase {
    func testEveryNameItHoldsMayBeThere() {
        let names = ["APIClient", "A", "", "Ünïcode", "ProfileViewModel", String(repeating: "Long", count: 40), "x"]
        let filter = NameFilter(names)
        for name in names { XCTAssertTrue(filter.mayContain(name), name) }
    }

    func testMostOtherNamesAreTurnedAway() {
        let filter = NameFilter(["APIClient", "ProfileViewModel"])
        let others = ["Text", "VStack", "self", "client", "String", "print", "body", "Color"]
        XCTAssertEqual(others.filter(filter.mayContain), [])
    }
}
