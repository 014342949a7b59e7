@testable import FirebreakFix
import XCTest

/// `fix` edits LF text without a byte-order mark and gives each file back its own form.
final class SourceEncodingTests: XCTestCase {
    func testCRLFFilesAreEditedAsLFAndWrittenBackAsCRLF() throws {
        let bytes = Array("import Foundation\r\nstruct A {}\r\n".utf8)
        let (text, encoding) = try XCTUnwrap(SourceEncoding.decode(bytes))
        XCTAssertEqual(text, "import Foundation\nstruct A {}\n")
        XCTAssertEqual(encoding, SourceEncoding(byteOrderMark: false, crlf: true))
        XCTAssertEqual(Array(encoding.restore(text + "struct B {}\n").utf8), Array("import Foundation\r\nstruct A {}\r\nstruct B {}\r\n".utf8))
    }

    func testTheByteOrderMarkIsKeptApartAndRestoredByTheChange() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("struct A {}\n".utf8)
        let (text, encoding) = try XCTUnwrap(SourceEncoding.decode(bytes))
        XCTAssertEqual(text, "struct A {}\n")
        let file = ParsedFile(path: "A.swift", text: text, encoding: encoding)
        let change = file.change(to: "struct A { let b = 1 }\n")
        XCTAssertEqual(change.oldBytes, bytes)
        XCTAssertEqual(change.newBytes, [0xEF, 0xBB, 0xBF] + Array("struct A { let b = 1 }\n".utf8))
    }

    func testMixedBreaksAndCarriageReturnsStayAsTheyAre() throws {
        let mixed = Array("a\r\nb\nc\r\n".utf8)
        let (text, encoding) = try XCTUnwrap(SourceEncoding.decode(mixed))
        XCTAssertFalse(encoding.crlf)
        XCTAssertEqual(Array(text.utf8), mixed)
        let doubled = Array("a\r\r\nb\r\n".utf8)
        let (lf, crlf) = try XCTUnwrap(SourceEncoding.decode(doubled))
        XCTAssertEqual(Array(crlf.restore(lf).utf8), doubled)
        XCTAssertNil(SourceEncoding.decode([0x61, 0xFF]))
    }

    func testDiffsOfCRLFFilesSplitLines() {
        let diff = UnifiedDiff.render(path: "A.swift", old: "a\r\nb\r\n", new: "a\r\nc\r\n")
        XCTAssertEqual(diff, "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }
}
