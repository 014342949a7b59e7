@testable import FirebreakCalibration
import XCTest

final class BuildLogExcerptTests: XCTestCase {
    func testDiagnosticsAreShownEvenWhenACommandLineEndsTheLog() {
        let commandLine = "swift-frontend -frontend -c " + String(repeating: "-primary-file /x/Screen.swift ", count: 200)
        let log = "Compiling App Broken.swift\n/x/Broken.swift:1:14: error: cannot convert value of type 'String' to specified type 'Int'\n" + commandLine
        let excerpt = BuildLogExcerpt.of(log)
        XCTAssertTrue(excerpt.hasPrefix("its errors:\n"), excerpt)
        XCTAssertTrue(excerpt.contains("cannot convert value of type 'String'"), excerpt)
        XCTAssertFalse(excerpt.contains("-primary-file"), excerpt)
    }

    func testALogWithoutDiagnosticsShowsItsEnd() {
        let log = String(repeating: "a", count: 3000) + "linker exited with code 1"
        let excerpt = BuildLogExcerpt.of(log)
        XCTAssertTrue(excerpt.hasPrefix("the end of its output:\n"))
        XCTAssertTrue(excerpt.hasSuffix("linker exited with code 1"))
        XCTAssertEqual(excerpt.count, "the end of its output:\n".count + 2000)
    }

    func testManyErrorsAreCountedNotAllShown() {
        let log = (1...25).map { "/x/F.swift:\($0):1: error: e\($0)" }.joined(separator: "\n")
        let excerpt = BuildLogExcerpt.of(log)
        XCTAssertTrue(excerpt.contains("e20"))
        XCTAssertFalse(excerpt.contains("e21"))
        XCTAssertTrue(excerpt.hasSuffix("… and 5 more errors"))
    }
}
