import FirebreakDiff
import FirebreakModel
import FirebreakScan
import Foundation
import XCTest

/// `diff`'s matching: fingerprints that survive edits, views by module-qualified name, checks,
/// and reports it must refuse.
final class ReportDiffTests: XCTestCase {
    static let apiClient = ExampleFile(path: "App/Networking/APIClient.swift", source: """
        final class APIClient {
            static let shared = APIClient()
        }
        """)

    static let viewModel = """
        final class ProfileViewModel: ObservableObject {
            private let api = APIClient.shared
            func reload() {
                UserDefaults.standard.set(true, forKey: "loaded")
            }
        }
        """

    func lint(_ source: String, path: String = "App/Features/ProfileViewModel.swift") -> ComparedReport {
        let findings = RuleExampleHarness.lint(files: [ExampleFile(path: path, source: source), Self.apiClient])
        return ComparedReport(lintFindings: findings, source: path)
    }

    func diff(_ before: ComparedReport, _ after: ComparedReport, failOn: [FailCondition] = []) throws -> ReportDiff {
        try CompareReports.diff(before: before, after: after, failOn: failOn)
    }

    // MARK: - Fingerprint stability

    func testLinesInsertedAboveAFindingChangeNothing() throws {
        let before = lint(Self.viewModel)
        XCTAssertEqual(before.findings.map(\.symbol), ["APIClient.shared", "UserDefaults.standard"])
        let after = lint("import Foundation\n\n// Loads the profile.\n" + Self.viewModel)
        XCTAssertEqual(after.findings.map(\.line), before.findings.map { $0.line + 3 })
        let result = try diff(before, after)
        XCTAssertEqual(result.fixed, [])
        XCTAssertEqual(result.new, [])
        XCTAssertEqual(result.moved, [])
        XCTAssertEqual(result.summary.unchangedFindings, 2)
    }

    func testWhitespaceChangesChangeNothing() throws {
        let before = lint(Self.viewModel)
        let respaced = Self.viewModel
            .replacingOccurrences(of: "    private let api = APIClient.shared", with: "\tprivate  let api=APIClient.shared")
            .replacingOccurrences(of: "set(true, forKey: \"loaded\")", with: "set( true , forKey : \"loaded\" )")
        let result = try diff(before, lint(respaced))
        XCTAssertEqual(result.fixed, [])
        XCTAssertEqual(result.new, [])
        XCTAssertEqual(result.summary.unchangedFindings, 2)
        // Indentation alone keeps even the path-based fingerprint; inner spaces are matched by content.
        XCTAssertEqual(result.moved.count, 2)
    }

    func testAMovedFileKeepsItsFindings() throws {
        let before = lint(Self.viewModel)
        let after = lint(Self.viewModel, path: "App/Profile/Models/ProfileViewModel.swift")
        let result = try diff(before, after)
        XCTAssertEqual(result.fixed, [])
        XCTAssertEqual(result.new, [])
        XCTAssertEqual(result.summary.unchangedFindings, 2)
        XCTAssertEqual(result.moved.map(\.from), ["App/Features/ProfileViewModel.swift:2", "App/Features/ProfileViewModel.swift:4"])
        XCTAssertEqual(result.moved.map(\.to), ["App/Profile/Models/ProfileViewModel.swift:2", "App/Profile/Models/ProfileViewModel.swift:4"])
    }

    func testASecondCopyOfALineIsNew() throws {
        let before = lint(Self.viewModel)
        let doubled = Self.viewModel.replacingOccurrences(
            of: "    private let api = APIClient.shared", with: "    private let api = APIClient.shared\n    private let api = APIClient.shared")
        let result = try diff(before, lint(doubled))
        XCTAssertEqual(result.new.map(\.symbol), ["APIClient.shared"])
        XCTAssertEqual(result.fixed, [])
    }

    func testAChangedLineIsFixedAndNew() throws {
        let before = lint(Self.viewModel)
        let changed = Self.viewModel.replacingOccurrences(of: "private let api = APIClient.shared", with: "private var api = APIClient.shared")
        let result = try diff(before, lint(changed))
        XCTAssertEqual(result.fixed.map(\.symbol), ["APIClient.shared"])
        XCTAssertEqual(result.new.map(\.symbol), ["APIClient.shared"])
    }

    // MARK: - Views and checks

    func analysis(_ files: [String: String]) throws -> ComparedReport {
        // A named module: the fixture's temporary directory name must not become the module name.
        let fixture = try ClosureFixture(files, configuration: "modules:\n  - name: App\n    paths: [\"App/**\"]\n")
        let data = try JSONEncoder().encode(fixture.report)
        return try ComparedReport.decode(data, source: "report.json")
    }

    static let naive: [String: String] = [
        "App/Profile/ProfileView.swift": """
            struct ProfileView: View {
                let model = ProfileModel()
                var body: some View { Text("") }
            }
            """,
        "App/Profile/ProfileModel.swift": """
            final class ProfileModel: ObservableObject {
                let api = APIClient.shared
            }
            """,
        "App/Networking/APIClient.swift": """
            import Alamofire
            final class APIClient {
                static let shared = APIClient()
                let session = Session.default
                func get() {}
                func post() {}
                func put() {}
            }
            """,
        "App/Settings/SettingsView.swift": """
            struct SettingsView: View {
                var body: some View { Text("") }
            }
            """,
    ]

    func testClosureChangesAreMatchedByModuleQualifiedName() throws {
        let before = try analysis(Self.naive)
        var refactored = Self.naive
        refactored["App/Profile/ProfileModel.swift"] = """
            protocol ProfileLoading {}
            final class ProfileModel: ObservableObject {
                let api: ProfileLoading
                init(api: ProfileLoading) { self.api = api }
            }
            """
        refactored["App/Settings/SettingsView.swift"] = """
            struct SettingsView: View {
                let api = APIClient.shared
                var body: some View { Text("") }
            }
            """
        refactored["App/Help/HelpView.swift"] = "struct HelpView: View { var body: some View { Text(\"\") } }"
        let after = try analysis(refactored)
        let result = try diff(before, after, failOn: [.newFindings, .closureGrowth(percent: 50)])

        XCTAssertEqual(result.fixed.map(\.path), ["App/Profile/ProfileModel.swift"])
        XCTAssertEqual(result.new.map(\.path), ["App/Settings/SettingsView.swift"])
        let profile = try XCTUnwrap(result.improved.first)
        XCTAssertEqual(profile.view, "App.ProfileView")
        XCTAssertLessThan(profile.after.lines, profile.before.lines)
        XCTAssertEqual(profile.frameworksDropped, ["Alamofire"])
        // Seconds are each report's own estimate of the view's build, before minus after.
        let beforeSeconds = try XCTUnwrap(before.views?.first { $0.name == "ProfileView" }?.estimatedSeconds)
        let afterSeconds = try XCTUnwrap(after.views?.first { $0.name == "ProfileView" }?.estimatedSeconds)
        XCTAssertEqual(profile.estimatedSecondsSaved, CostModel.rounded(beforeSeconds - afterSeconds))
        let settings = try XCTUnwrap(result.regressed.first)
        XCTAssertEqual(settings.view, "App.SettingsView")
        XCTAssertEqual(settings.frameworksAdded, ["Alamofire"])
        XCTAssertGreaterThan(settings.fraction, 0.5)
        XCTAssertEqual(result.addedViews, ["App.HelpView"])
        XCTAssertEqual(result.refactored.map(\.view), ["App.ProfileView"])
        XCTAssertEqual(result.checks.map(\.failed), [true, true])
        XCTAssertTrue(result.checks[1].detail.contains("App.SettingsView"), result.checks[1].detail)

        let lenient = try diff(before, after, failOn: [.closureGrowth(percent: 10_000)])
        XCTAssertEqual(lenient.checks.map(\.failed), [false])
    }

    func testFailConditionsParse() throws {
        XCTAssertEqual(try FailCondition(parsing: "new-findings"), .newFindings)
        XCTAssertEqual(try FailCondition(parsing: "closure-growth:10"), .closureGrowth(percent: 10))
        XCTAssertEqual(try FailCondition(parsing: "closure-growth:2.5%"), .closureGrowth(percent: 2.5))
        for bad in ["closure-growth", "closure-growth:", "closure-growth:-1", "closure-growth:ten", "new-finding", ""] {
            XCTAssertThrowsError(try FailCondition(parsing: bad), bad)
        }
    }

    func testClosureGrowthNeedsAnalysisReports() throws {
        let report = lint(Self.viewModel)
        XCTAssertThrowsError(try diff(report, report, failOn: [.closureGrowth(percent: 5)])) { error in
            XCTAssertTrue("\(error)".contains("needs two analysis reports"), "\(error)")
        }
    }

    // MARK: - Versions

    func testReportsOfDifferentModelsAreRefused() throws {
        let before = lint(Self.viewModel)
        var after = before
        after.modelVersion = FirebreakVersion.model + 1
        XCTAssertThrowsError(try diff(before, after)) { error in
            XCTAssertTrue("\(error)".contains("not comparable"), "\(error)")
        }
    }

    func testUnknownSchemaVersionsAndForeignDocumentsAreRefused() {
        let cases: [(String, String)] = [
            (#"{"schemaVersion": 99, "kind": "analysis", "tool": {"name": "firebreak", "version": "9.0.0"}, "findings": []}"#, "schemaVersion 99 is not supported"),
            (#"{"schemaVersion": 0, "tool": {"name": "firebreak"}, "findings": []}"#, "schemaVersion 0 is not supported"),
            (#"{"version": "2.1.0", "runs": []}"#, "not a firebreak JSON report"),
            (#"{"schemaVersion": 1, "kind": "diff", "tool": {"name": "firebreak"}}"#, "a 'diff' document"),
            (#"{"schemaVersion": 2, "kind": "analysis", "tool": {"name": "firebreak"}, "findings": []}"#, "damaged analysis report"),
            (#"{"schemaVersion": 2, "tool": {"name": "firebreak"}, "findings": [{"rule": 3}]}"#, "damaged lint report"),
            ("not json", "not a firebreak JSON report"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try ComparedReport.decode(Data(text.utf8), source: "x.json"), text) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(text): \(error)")
            }
        }
    }
}
