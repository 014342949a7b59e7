@testable import FirebreakScan
import XCTest

/// A file is checked for UTF-8 run by run of non-ASCII bytes: the answer must be the one a
/// validation of the whole file gives, on any bytes.
final class UTF8ValidityTests: XCTestCase {
    func testTheSameAsValidatingTheWholeFileOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        // Whole characters of every length, and the pieces that make bytes invalid: a lone
        // continuation byte, a truncated character, an overlong form, a surrogate, past U+10FFFF.
        let pieces: [[UInt8]] = [
            Array("let x = 1 // ".utf8), Array("padding(8)\n".utf8), Array("caf\u{E9}".utf8), Array("\u{4E2D}\u{6587}".utf8),
            Array("\u{1F600}".utf8), Array("e\u{301}".utf8), [0x80], [0xC3], [0xE4, 0xB8], [0xF0, 0x9F, 0x98], [0xC0, 0xAF],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], Array("12345678".utf8),
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            XCTAssertEqual(UTF8Validity.isValid(bytes), String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
        }
    }

    func testRunsAcrossTheEightByteSteps() {
        let character = Array("\u{1F600}".utf8)
        for offset in 0..<12 {
            let prefix = [UInt8](repeating: UInt8(ascii: "a"), count: offset)
            XCTAssertTrue(UTF8Validity.isValid(prefix + character + prefix), "at \(offset)")
            XCTAssertFalse(UTF8Validity.isValid(prefix + character.dropLast() + prefix), "truncated at \(offset)")
            XCTAssertFalse(UTF8Validity.isValid(prefix + character.dropLast()), "truncated at the end, at \(offset)")
        }
        XCTAssertTrue(UTF8Validity.isValid([]))
    }
}
