import XCTest
@testable import ClinicApp

final class ProfileTests: XCTestCase {
    func testStoreStartsEmpty() {
        XCTAssertTrue(ProfileStore().names.isEmpty)
    }
}
