import Foundation
import XCTest

/// `firebreak analyze` and `firebreak why` on the example app, through the built binary.
final class AnalyzeCommandTests: XCTestCase {
    private static let goldenDirectory = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden")

    private func analysis() throws -> [String: Any] {
        let result = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    private func views(_ json: [String: Any]) throws -> [String: [String: Any]] {
        let views = try XCTUnwrap(json["views"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: views.map { ($0["name"] as! String, $0) })
    }

    private func fileNames(_ view: [String: Any], _ key: String) throws -> Set<String> {
        let closure = try XCTUnwrap(view[key] as? [String: Any])
        return Set(try XCTUnwrap(closure["paths"] as? [String]).map { String($0.split(separator: "/").last!) })
    }

    func testNaiveProfileViewReachesNetworkDatabaseAndAnalyticsUntilFirewalled() throws {
        let views = try views(try analysis())
        let profile = try XCTUnwrap(views["ProfileView"])
        let before = try fileNames(profile, "closure")
        let after = try fileNames(profile, "firewalled")
        for infrastructure in ["APIClient.swift", "RealmManager.swift", "AnalyticsTracker.swift"] {
            XCTAssertTrue(before.contains(infrastructure), "closure lacks \(infrastructure): \(before)")
            XCTAssertFalse(after.contains(infrastructure), "firewalled closure keeps \(infrastructure): \(after)")
        }
        let savings = try XCTUnwrap(profile["savings"] as? [String: Any])
        XCTAssertGreaterThan(try XCTUnwrap(savings["lines"] as? Int), 0)
        XCTAssertEqual(savings["frameworks"] as? [String], ["FirebaseAnalytics", "RealmSwift"])
    }

    func testRefactoredViewsShowZeroSavings() throws {
        let views = try views(try analysis())
        for name in ["ProfileScreen", "ReminderScheduleView", "SearchView"] {
            let view = try XCTUnwrap(views[name], "missing \(name)")
            let savings = try XCTUnwrap(view["savings"] as? [String: Any])
            XCTAssertEqual(savings["lines"] as? Int, 0, name)
            XCTAssertEqual(savings["frameworks"] as? [String], [], name)
            XCTAssertEqual((view["cuts"] as? [Any])?.count, 0, name)
            let closure = try fileNames(view, "closure")
            XCTAssertFalse(closure.contains { $0.hasPrefix("Live") || $0 == "APIClient.swift" || $0 == "SearchService.swift" },
                           "\(name) reaches concrete infrastructure: \(closure)")
        }
    }

    func testReportCarriesSchemaVersionUnitsAndSource() throws {
        let json = try analysis()
        XCTAssertEqual(json["schemaVersion"] as? Int, 2)
        XCTAssertEqual(json["kind"] as? String, "analysis")
        XCTAssertEqual(json["modelVersion"] as? Int, 1)
        let cost = try XCTUnwrap(json["costModel"] as? [String: Any])
        XCTAssertEqual(cost["unit"] as? String, "seconds")
        XCTAssertEqual(cost["secondsPerKloc"] as? Double, 0.5)
        XCTAssertNotNil(json["findings"] as? [Any])
        let plan = try XCTUnwrap(json["plan"] as? [[String: Any]])
        XCTAssertEqual(plan.first?["rank"] as? Int, 1)

        let overridden = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json", "--seconds-per-kloc", "2"])
        let overriddenJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(overridden.stdout.utf8)) as? [String: Any])
        let overriddenCost = try XCTUnwrap(overriddenJSON["costModel"] as? [String: Any])
        XCTAssertEqual(overriddenCost["source"] as? String, "--seconds-per-kloc")
    }

    func testGoldenAnalysis() throws {
        for format in ["text", "json", "markdown"] {
            let result = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", format])
            XCTAssertEqual(result.status, 0, result.stderr)
            let golden = Self.goldenDirectory.appendingPathComponent("ClinicApp.analyze.\(format)")
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try Data(result.stdout.utf8).write(to: golden)
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            XCTAssertEqual(result.stdout, expected, "\(format) differs from \(golden.lastPathComponent); rerun with UPDATE_GOLDEN=1 if intended")
        }
    }

    func testWhyShowsEveryHopWithItsLocation() throws {
        let result = try FirebreakProcess.run(["why", "ProfileView", "APIClient", "Examples/ClinicApp"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            ProfileView → ProfileViewModel (instantiation, Examples/ClinicApp/ClinicApp/Features/Profile/ProfileView.swift:5) \
            → APIClient (singleton access, Examples/ClinicApp/ClinicApp/Features/Profile/ProfileViewModel.swift:8)

            """)
        let none = try FirebreakProcess.run(["why", "ProfileScreen", "APIClient", "Examples/ClinicApp"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stdout, "ProfileScreen does not depend on APIClient.\n")
        let unknown = try FirebreakProcess.run(["why", "NoSuchView", "APIClient", "Examples/ClinicApp"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "firebreak: no view named 'NoSuchView' in the analysed files\n")
    }

    func testBadInputIsAClearErrorWithoutPartialOutput() throws {
        let directory = try FirebreakProcess.fixture([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("report.json").path
        for arguments in [
            ["analyze", "Examples/ClinicApp", "--format", "sarif", "--output", output],
            ["analyze", "Examples/ClinicApp", "--seconds-per-kloc", "0", "--output", output],
            ["analyze", "Examples/ClinicApp", "--seconds-per-kloc", "fast", "--output", output],
            ["analyze", "Examples/NoSuchApp", "--output", output],
            ["analyze", "Examples/ClinicApp", "--top", "0", "--output", output],
        ] {
            let result = try FirebreakProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.isEmpty)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output), "partial output for \(arguments)")
        }
    }
}
