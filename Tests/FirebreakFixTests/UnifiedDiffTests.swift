@testable import FirebreakFix
import XCTest

/// The patch text `fix` prints, and the edits it is made of.
final class UnifiedDiffTests: XCTestCase {
    func testHunksCarryThreeLinesOfContextAndCountBothSides() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\nline 5b\n")
        XCTAssertEqual(UnifiedDiff.render(path: "A.swift", old: old, new: new), """
            --- a/A.swift
            +++ b/A.swift
            @@ -2,7 +2,8 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
            +line 5b
             line 6
             line 7
             line 8

            """)
    }

    func testNewFilesMissingNewlinesAndNoChange() {
        XCTAssertEqual(UnifiedDiff.render(path: "B.swift", old: nil, new: "a\nb\n"), "--- /dev/null\n+++ b/B.swift\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        XCTAssertEqual(UnifiedDiff.render(path: "C.swift", old: "a\n", new: "a"),
                       "--- a/C.swift\n+++ b/C.swift\n@@ -1 +1 @@\n-a\n+a\n\\ No newline at end of file\n")
        XCTAssertEqual(UnifiedDiff.render(path: "D.swift", old: "same\n", new: "same\n"), "")
    }

    func testEditsApplyInOrderAndOverlapsAreRefused() throws {
        let text = "let a = APIClient.shared.fetch()"
        let edits = [TextEdit(start: 8, end: 24, replacement: "api"), .insert("x", at: 0), .insert("y", at: 0)]
        XCTAssertEqual(try TextEdit.apply(edits, to: text).get(), "xylet a = api.fetch()")
        let overlapping = [TextEdit(start: 8, end: 24, replacement: "api"), TextEdit(start: 20, end: 30, replacement: "")]
        guard case .failure = TextEdit.apply(overlapping, to: text) else { return XCTFail("overlapping edits applied") }
    }
}
