import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// The bundled example app: exactly the planted violations, none in the refactored files,
/// and golden outputs for the formats CI tools read.
final class ExampleAppTests: XCTestCase {
    private static let goldenDirectory = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden")

    func testReportsExactlyThePlantedViolations() throws {
        let result = try FirebreakProcess.run(["lint", "Examples/ClinicApp", "--format", "json"])
        XCTAssertEqual(result.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        let located = findings.map { "\($0["rule"]!) \(($0["path"] as! String).split(separator: "/").last!):\($0["line"]!) \($0["symbol"]!)" }
        XCTAssertEqual(located, [
            "forbidden-import ClinicMapViewModel.swift:1 CoreLocation",
            "concrete-instantiation ClinicMapViewModel.swift:7 CLLocationManager",
            "singleton-access ProfileViewModel.swift:8 APIClient.shared",
            "singleton-access ProfileViewModel.swift:9 RealmManager.shared",
            "singleton-access ProfileViewModel.swift:10 AnalyticsTracker.shared",
            "forbidden-import ReminderViewModel.swift:2 UserNotifications",
            "singleton-access ReminderViewModel.swift:15 UNUserNotificationCenter.current()",
            "concrete-default-argument WatchlistViewState.swift:10 LiveMarketsRepository",
        ])
        let summary = try XCTUnwrap(json["summary"] as? [String: Any])
        XCTAssertEqual(summary["suppressed"] as? Int, 1)
        let refactored = ["ProfileScreen", "ProfileScreenModel", "ReminderScheduleView", "SearchView", "SearchViewModel", "Infrastructure", "Previews", "ClinicAppTests", "ClinicApp/App/"]
        for finding in findings {
            let path = finding["path"] as! String
            XCTAssertFalse(refactored.contains { path.contains($0) }, "finding in refactored or exempt code: \(path)")
        }
    }

    func testGoldenOutputs() throws {
        for format in ["text", "json", "sarif", "github", "junit", "markdown"] {
            let output = try FirebreakProcess.run(["lint", "Examples/ClinicApp", "--format", format]).stdout
            let golden = Self.goldenDirectory.appendingPathComponent("ClinicApp.\(format)")
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try Data(output.utf8).write(to: golden)
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            XCTAssertEqual(output, expected, "\(format) differs from \(golden.lastPathComponent); rerun with UPDATE_GOLDEN=1 if intended")
        }
    }

    func testJUnitParsesAsXML() throws {
        let output = try FirebreakProcess.run(["lint", "Examples/ClinicApp", "--format", "junit"]).stdout
        let parser = XMLParser(data: Data(output.utf8))
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
    }
}
