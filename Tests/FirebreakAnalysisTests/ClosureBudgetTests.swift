import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import XCTest

/// `budgets:` and the `closure-budget` findings it produces.
final class ClosureBudgetTests: XCTestCase {
    func parse(_ text: String) throws -> Configuration {
        try ConfigurationLoader.parse(text, file: ".firebreak.yml", rootDirectory: "/project", ruleIDs: RuleRegistry.ids)
    }

    func error(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testBudgetsParseAndInheritTheDefault() throws {
        let budgets = try parse("""
            budgets:
              default: { lines: 5000, files: 60 }
              views:
                ProfileView: { lines: 800 }
                Settings.SettingsView: { modules: 2 }
            """).budgets
        XCTAssertEqual(budgets.default, Budget(lines: 5000, files: 60))
        XCTAssertEqual(budgets.budget(forView: "ProfileView", module: "App"), Budget(lines: 800, files: 60))
        XCTAssertEqual(budgets.budget(forView: "SettingsView", module: "Settings"), Budget(lines: 5000, files: 60, modules: 2))
        XCTAssertEqual(budgets.budget(forView: "SettingsView", module: "Other"), Budget(lines: 5000, files: 60))
        XCTAssertNil(try parse("budgets: { views: { A: { lines: 1 } } }").budgets.budget(forView: "B", module: ""))
    }

    func testBadBudgetsNameTheLineAndKey() {
        XCTAssertEqual(error("budgets:\n  default: { lines: many }\n"), ".firebreak.yml:2: budgets.default.lines must be a positive whole number, got 'many'")
        XCTAssertEqual(error("budgets:\n  default: { lines: 0 }\n"), ".firebreak.yml:2: budgets.default.lines must be a positive whole number, got '0'")
        XCTAssertEqual(error("budgets:\n  default: { bytes: 3 }\n"), ".firebreak.yml:2: unknown key 'bytes' in budgets.default; expected lines, files or modules")
        XCTAssertEqual(error("budgets:\n  default: {}\n"), ".firebreak.yml:2: budgets.default sets no limit; give lines, files or modules")
        XCTAssertEqual(error("budgets:\n  view: {}\n"), ".firebreak.yml:2: unknown key 'view' in budgets; expected default or views")
        XCTAssertEqual(error("budgets:\n  views:\n    A: { lines: 1 }\n    A: { lines: 2 }\n"), ".firebreak.yml:4: budgets.views lists 'A' twice")
        XCTAssertEqual(error("budgets: [1]\n"), ".firebreak.yml:1: budgets must be a mapping")
    }

    static let files: [String: String] = [
        "ProfileView.swift": """
            struct ProfileView: View {
                let model = ProfileModel()
                var body: some View { Text("") }
            }
            """,
        "ProfileModel.swift": """
            final class ProfileModel {
                let client = APIClient()
            }
            """,
        "Networking/APIClient.swift": """
            final class APIClient {
                func get() {}
                func post() {}
                func put() {}
                func delete() {}
            }
            """,
        "SmallView.swift": """
            struct SmallView: View {
                var body: some View { Text("") }
            }
            """,
    ]

    func budgetFindings(_ configuration: String) throws -> (findings: [Finding], diagnostics: [InputDiagnostic]) {
        let fixture = try ClosureFixture(Self.files, configuration: configuration)
        return (fixture.prepared.lint.report.findings.filter { $0.rule == "closure-budget" }, fixture.prepared.diagnostics)
    }

    func testAViewOverBudgetIsReportedWithItsBiggestContributors() throws {
        let (findings, _) = try budgetFindings("budgets:\n  default: { lines: 8, files: 2 }\n")
        XCTAssertEqual(findings.map(\.symbol), ["ProfileView"])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.path, "ProfileView.swift")
        XCTAssertEqual(finding.line, 1)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertTrue(finding.message.hasPrefix("ProfileView's dependency closure is over budget: 13 lines (budget 8), 3 files (budget 2); biggest contributors: APIClient (6 lines, Networking/APIClient.swift), ProfileModel (3 lines, ProfileModel.swift)"), finding.message)
    }

    func testAViewWithinItsOwnBudgetIsNotReported() throws {
        let (findings, _) = try budgetFindings("budgets:\n  default: { lines: 8 }\n  views:\n    ProfileView: { lines: 100 }\n")
        XCTAssertEqual(findings, [])
    }

    func testNoBudgetsNoFindings() throws {
        XCTAssertEqual(try budgetFindings("version: 1\n").findings, [])
    }

    func testSeverityAndSuppressionApply() throws {
        let (warnings, _) = try budgetFindings("budgets:\n  default: { lines: 8 }\nseverity:\n  closure-budget: warning\n")
        XCTAssertEqual(warnings.map(\.severity), [.warning])
        XCTAssertEqual(try budgetFindings("budgets:\n  default: { lines: 8 }\nseverity:\n  closure-budget: off\n").findings, [])
        var files = Self.files
        files["ProfileView.swift"] = "// firebreak:disable-next-line closure-budget\n" + files["ProfileView.swift"]!
        let fixture = try ClosureFixture(files, configuration: "budgets:\n  default: { lines: 8 }\n")
        XCTAssertEqual(fixture.prepared.lint.report.findings.filter { $0.rule == "closure-budget" }, [])
        XCTAssertEqual(fixture.prepared.lint.report.summary.suppressed, 1)
    }

    func testABudgetForAMissingViewIsWarnedAbout() throws {
        let (_, diagnostics) = try budgetFindings("budgets:\n  views:\n    RenamedView: { lines: 10 }\n")
        XCTAssertEqual(diagnostics.map(\.message), ["budgets.views.RenamedView matches no view"])
    }
}
