@testable import FirebreakFix
import XCTest

/// Generated doc comments stay within 120 columns, in as few lines as fit, of even length.
final class DocCommentTests: XCTestCase {
    func testAShortCommentIsOneLine() {
        XCTAssertEqual(DocComment.lines("What FeedViewModel needs from APIClient, and no more."),
                       "/// What FeedViewModel needs from APIClient, and no more.\n")
    }

    func testALongCommentIsBrokenIntoEvenLinesWithinTheLimit() {
        let text = "ConversationsListDataSource conforms in ConversationsListDataSource+ConversationsListDataSourceProviding.swift; "
            + "previews and tests can pass their own."
        let lines = DocComment.lines(text, indent: "    ").split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("    /// ") && $0.count <= 120 }, "\(lines)")
        XCTAssertEqual(lines.map { String($0.dropFirst(8)) }.joined(separator: " "), text)
        XCTAssertGreaterThan(lines[1].count, 30, "the last line is not a stray word: \(lines)")
    }

    func testAWordLongerThanALineStaysWhole() {
        let word = String(repeating: "x", count: 130)
        XCTAssertEqual(DocComment.lines("see \(word) here"), "/// see\n/// \(word)\n/// here\n")
    }
}
