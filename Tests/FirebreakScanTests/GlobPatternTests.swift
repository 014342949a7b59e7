import FirebreakScan
import XCTest

final class GlobPatternTests: XCTestCase {
    private func matches(_ pattern: String, _ path: String) throws -> Bool {
        try GlobPattern(pattern).matches(path)
    }

    func testComponentsAndDepth() throws {
        XCTAssertTrue(try matches("App/*.swift", "App/A.swift"))
        XCTAssertFalse(try matches("App/*.swift", "App/Sub/A.swift"))
        XCTAssertTrue(try matches("App/**/*.swift", "App/A.swift"))
        XCTAssertTrue(try matches("App/**/*.swift", "App/Sub/Deep/A.swift"))
        XCTAssertTrue(try matches("**/Generated/**", "x/Generated/y/z.swift"))
        XCTAssertTrue(try matches("Generated", "a/b/Generated/c.swift"), "unanchored name matches at any depth")
        XCTAssertTrue(try matches("App/Net", "App/Net/Client.swift"), "a matching directory matches what is below it")
        XCTAssertFalse(try matches("App/Net", "Other/App/Net/Client.swift"), "patterns with / are anchored")
        XCTAssertTrue(try matches("./App/?.swift", "App/A.swift"))
        XCTAssertTrue(try matches("[A-C]*View", "BView"))
        XCTAssertFalse(try matches("[!A-C]*View", "BView"))
    }

    func testSyntaxErrors() {
        XCTAssertThrowsError(try GlobPattern("[abc"))
        XCTAssertThrowsError(try GlobPattern("a**b"))
        XCTAssertThrowsError(try GlobPattern(""))
        XCTAssertThrowsError(try GlobPattern("[z-a]"))
    }
}
