import XCTest
@testable import Diary

final class EntryTests: XCTestCase {
    func testTitle() { XCTAssertEqual(EntryStore.shared.title, "Entries") }
}
