@testable import FirebreakFix
import XCTest

/// Fixes of several types in one file each add the import their live value needs: the file gets
/// it once, and no other edit is dropped.
final class ImportEditTests: XCTestCase {
    func testAnImportTwoFixesAddAtOnePlaceIsWrittenOnce() throws {
        let text = "import SwiftUI\n\nstruct A {}\n"
        let end = "import SwiftUI".utf8.count
        let edits = [TextEdit.insert("\nimport UIKit", at: end), TextEdit.insert("\nimport UIKit", at: end),
                     TextEdit.insert("\nimport MapKit", at: end), TextEdit(start: 25, end: 27, replacement: "{ }")]
        let result = try TextEdit.apply(ImportEdit.deduplicated(edits), to: text).get()
        XCTAssertEqual(result, "import SwiftUI\nimport UIKit\nimport MapKit\n\nstruct A { }\n")
    }

    func testOtherRepeatedInsertionsAreKept() {
        let edits = [TextEdit.insert("\n    let a = 1", at: 5), TextEdit.insert("\n    let a = 1", at: 5)]
        XCTAssertEqual(ImportEdit.deduplicated(edits).count, 2)
    }
}
