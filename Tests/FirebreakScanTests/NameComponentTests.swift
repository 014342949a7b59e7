import FirebreakScan
import XCTest

/// Qualified names taken apart on their bytes, as `split(separator: ".")` takes them apart.
final class NameComponentTests: XCTestCase {
    func testComponentsAreWhatSplittingOnDotsGives() {
        for name in ["Profile", "Feature.Profile", "A.B.C", "A..B", ".A", "A.", ".", "", "Café.Ünïcode", "Outer.Inner.member"] {
            XCTAssertEqual(name.nameComponents, name.split(separator: ".").map(String.init), name)
        }
    }
}
