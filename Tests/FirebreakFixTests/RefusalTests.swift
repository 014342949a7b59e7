@testable import FirebreakFix
import XCTest

/// Code a refusal quotes stays on one line of the summary.
final class RefusalTests: XCTestCase {
    func testAShortCallIsQuotedWhole() {
        XCTAssertEqual(Refusal.excerpt("BookDB(container, reason: \"saveBookState\")"), "BookDB(container, reason: \"saveBookState\")")
    }

    /// Prismedia builds its content loader over eight lines.
    func testALongOrMultilineCallIsNamedByWhatItCalls() {
        let call = """
            EntityMediaContentLoader(
                detailLoader: dependencies.detailLoader,
                sourceLoader: dependencies.imageSourceLoader,
                initialDetails: initialDetail.map { [$0] } ?? []
            )
            """
        XCTAssertEqual(Refusal.excerpt(call), "EntityMediaContentLoader(…)")
        XCTAssertEqual(Refusal.excerpt("Loader(\n    id: id\n)"), "Loader(id: id)")
    }
}
