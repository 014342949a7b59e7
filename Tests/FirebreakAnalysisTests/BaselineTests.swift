import FirebreakModel
import FirebreakScan
import XCTest

final class BaselineTests: XCTestCase {
    private func findings(_ source: String) -> [Finding] {
        RuleExampleHarness.lint(files: [ExampleFile(path: "Sources/App/ProfileViewModel.swift", source: source)])
    }

    func testBaselineSurvivesInsertedLinesAndIndentation() {
        let before = findings("""
            final class ProfileViewModel: ObservableObject {
                let a = URLSession.shared
            }
            """)
        let after = findings("""
            import Foundation

            // A comment that moves everything down.
            final class ProfileViewModel: ObservableObject {
                    let a  =  URLSession.shared
            }
            """)
        XCTAssertEqual(before.count, 1)
        XCTAssertNotEqual(before[0].line, after[0].line)
        let match = Baseline(findings: before).match(after)
        XCTAssertEqual(match.remaining, [])
        XCTAssertEqual(match.baselinedCount, 1)
        XCTAssertEqual(match.stale, [])
    }

    func testNewCopiesAreReportedAndFixedOnesAreStale() {
        let baseline = Baseline(findings: findings("""
            final class ProfileViewModel: ObservableObject {
                let a = URLSession.shared
                let b = UserDefaults.standard
            }
            """))
        let match = baseline.match(findings("""
            final class ProfileViewModel: ObservableObject {
                let a = URLSession.shared
                let a = URLSession.shared
            }
            """))
        XCTAssertEqual(match.remaining.map(\.line), [3])
        XCTAssertEqual(match.stale.map(\.symbol), ["UserDefaults.standard"])
    }

    func testRoundTripAndVersionCheck() throws {
        let baseline = Baseline(findings: findings("final class ProfileViewModel { let a = URLSession.shared }"))
        let file = NSTemporaryDirectory() + "/firebreak-baseline-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try baseline.encoded().write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try Baseline.load(file: file), baseline)
        try Data(#"{"schemaVersion": 99, "entries": []}"#.utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try Baseline.load(file: file)) { error in
            XCTAssertTrue("\(error)".contains("schemaVersion 99"))
        }
    }
}
