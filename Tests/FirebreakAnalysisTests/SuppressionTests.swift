import FirebreakModel
import FirebreakScan
import XCTest

final class SuppressionTests: XCTestCase {
    private func lint(_ source: String) -> [Finding] {
        RuleExampleHarness.lint(files: [ExampleFile(path: "Sources/App/ProfileViewModel.swift", source: source)])
    }

    func testDisableNextLineSilencesOnlyThatLineAndRule() {
        let findings = lint("""
            final class ProfileViewModel: ObservableObject {
                // firebreak:disable-next-line singleton-access
                let a = URLSession.shared
                let b = UserDefaults.standard
            }
            """)
        XCTAssertEqual(findings.map { "\($0.rule):\($0.line)" }, ["singleton-access:4"])
    }

    func testDisableEnableRangeAndAll() {
        let findings = lint("""
            final class ProfileViewModel: ObservableObject {
                // firebreak:disable all
                let a = URLSession.shared
                let b = CLLocationManager()
                // firebreak:enable all
                let c = UserDefaults.standard
            }
            """)
        XCTAssertEqual(findings.map { "\($0.rule):\($0.line)" }, ["singleton-access:6"])
    }

    func testDisableFileWithSeveralRulesAndReason() {
        let findings = lint("""
            // firebreak:disable-file singleton-access, concrete-instantiation -- legacy screen
            final class ProfileViewModel: ObservableObject {
                let a = URLSession.shared
                let b = CLLocationManager()
            }
            """)
        XCTAssertEqual(findings, [])
    }

    func testUnusedUnknownAndMalformedSuppressionsAreNotes() {
        let findings = lint("""
            final class ProfileViewModel: ObservableObject {
                // firebreak:disable-next-line singleton-access
                let a = 1
                // firebreak:disable-next-line no-such-rule
                let b = 2
                // firebreak:silence all
                let c = 3
            }
            """)
        XCTAssertEqual(findings.map(\.rule), Array(repeating: "unused-suppression", count: 3))
        XCTAssertEqual(findings.map(\.severity), [.note, .note, .note])
        XCTAssertEqual(findings.map(\.line), [2, 4, 6])
        XCTAssertTrue(findings[1].message.contains("unknown rule 'no-such-rule'"))
        XCTAssertTrue(findings[2].message.contains("unknown suppression command"))
    }
}
