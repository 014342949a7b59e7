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

    /// A shared instance `singleton-access` reports is cut by the plan too, though its class only
    /// keeps state in memory (high-level by its code): the view compiles against its module all
    /// the same, and lint and analyze must agree on what to inject.
    func testTheSingletonsLintReportsAreTheCutsTheAnalysisPlans() throws {
        let root = try FirebreakProcess.fixture([
            ".firebreak.yml": "view_protocols: [\"UIShim.View\"]\n",
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Pair", targets: [
                    .target(name: "UIShim"), .target(name: "Transport"),
                    .target(name: "Screens", dependencies: ["UIShim", "Transport"]),
                ])
                """,
            "Sources/UIShim/View.swift": """
                public protocol View {
                    associatedtype Body: View
                    var body: Body { get }
                }
                public struct Label: View {
                    public init(_ text: String) {}
                    public var body: Label { self }
                }
                """,
            "Sources/Transport/Courier.swift": """
                public final class Courier: @unchecked Sendable {
                    public static let shared = Courier()
                    private var log: [String] = []
                    public func fetch(_ key: String) -> Int {
                        log.append(key)
                        return log.count
                    }
                }
                """,
            "Sources/Screens/Screen.swift": """
                import Transport
                import UIShim
                public struct Screen: View {
                    public var body: Label { Label("\\(Courier.shared.fetch("screen"))") }
                }
                """,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let lint = try FirebreakProcess.run(["lint", "--no-cache"], in: root)
        XCTAssertTrue(lint.stdout.contains("Screen reads the shared instance Courier.shared [singleton-access]"), lint.stdout)
        let result = try FirebreakProcess.run(["analyze", "--no-cache", "--format", "json"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let plan = try XCTUnwrap(json["plan"] as? [[String: Any]])
        XCTAssertEqual(plan.compactMap { $0["target"] as? String }, ["Courier"], "\(plan)")
        let screen = try XCTUnwrap((json["views"] as? [[String: Any]])?.first { $0["name"] as? String == "Screen" })
        let savings = try XCTUnwrap(screen["savings"] as? [String: Any])
        XCTAssertGreaterThan(savings["lines"] as? Int ?? 0, 0, "\(savings)")
    }

    func testHTMLPageHoldsTheViewsThePlanAndInlineDrawings() throws {
        let result = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "html", "--top", "2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = result.stdout
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"), html)
        XCTAssertEqual(html.components(separatedBy: "<tr data-name=").count - 1, 7, "every view has a row")
        XCTAssertTrue(html.contains(#"<tr data-name="profileview" data-module="ClinicApp" data-lines="73""#), html)
        let rebuilds = try XCTUnwrap(html.range(of: "<li>an interface edit of "), html)
        let summary = try XCTUnwrap(html.range(of: "<caption>Summary</caption>"), html)
        XCTAssertLessThan(rebuilds.lowerBound, summary.lowerBound, "the rebuilds lead for a one-module app")
        // --top 2: the two views that gain most are drawn, inline, without the SVG file's prolog.
        XCTAssertEqual(html.components(separatedBy: "<figure").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, 2)
        XCTAssertFalse(html.contains("<?xml"), "inline SVG has no XML declaration")
        XCTAssertTrue(html.contains("<figcaption>ProfileView</figcaption>"), html)
        XCTAssertTrue(html.contains("<h2>Refactor plan</h2>"), html)
        let withoutNamespaces = html.replacingOccurrences(of: "http://www.w3.org/", with: "")
        XCTAssertFalse(withoutNamespaces.contains("http"), "works offline: nothing is fetched")
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
        XCTAssertEqual(json["schemaVersion"] as? Int, 14)
        XCTAssertEqual(json["kind"] as? String, "analysis")
        XCTAssertEqual(json["modelVersion"] as? Int, 22)
        let cost = try XCTUnwrap(json["costModel"] as? [String: Any])
        XCTAssertEqual(cost["mode"] as? String, "reference")
        XCTAssertEqual(cost["unit"] as? String, "seconds of a cold debug build (swift build) of the modules a view needs")
        XCTAssertTrue((cost["source"] as? String ?? "").contains("firebreak measure"))
        XCTAssertNil(cost["secondsPerKloc"])
        XCTAssertNotNil(json["findings"] as? [Any])
        // One module: every view needs it whole, so protocols save lines and no build seconds.
        let viewsByName = try views(json)
        let profile = try XCTUnwrap(viewsByName["ProfileView"])
        XCTAssertEqual(profile["buildModules"] as? [String], ["ClinicApp"])
        XCTAssertGreaterThan(try XCTUnwrap(profile["estimatedSeconds"] as? Double), 0)
        XCTAssertEqual((profile["savings"] as? [String: Any])?["estimatedSeconds"] as? Double, 0)
        let text = try FirebreakProcess.run(["analyze", "Examples/ClinicApp"])
        XCTAssertTrue(text.stdout.contains("All 7 views are in ClinicApp, which a build compiles whole"), text.stdout)
        XCTAssertFalse(text.stdout.contains("build ≈"), "the module's build is said once, not on every row: \(text.stdout)")
        // What the cuts remove is counted once, never summed over the views that lose it.
        let totals = try XCTUnwrap(json["summary"] as? [String: Any])
        let distinct = try XCTUnwrap(totals["distinctLinesRemoved"] as? Int)
        XCTAssertGreaterThan(distinct, 0)
        XCTAssertLessThanOrEqual(distinct, try XCTUnwrap(totals["lines"] as? Int))
        XCTAssertLessThan(distinct, try XCTUnwrap(totals["linesSaved"] as? Int), "three views lose the same lines")
        XCTAssertTrue(text.stdout.contains("The plan's cuts take \(distinct) lines in "), text.stdout)
        let plan = try XCTUnwrap(json["plan"] as? [[String: Any]])
        XCTAssertEqual(plan.first?["rank"] as? Int, 1)

        let overridden = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json", "--seconds-per-kloc", "2"])
        let overriddenJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(overridden.stdout.utf8)) as? [String: Any])
        let overriddenCost = try XCTUnwrap(overriddenJSON["costModel"] as? [String: Any])
        XCTAssertEqual(overriddenCost["mode"] as? String, "line-rate")
        XCTAssertEqual(overriddenCost["secondsPerKloc"] as? Double, 2)
        let overriddenProfile = try XCTUnwrap(try views(overriddenJSON)["ProfileView"])
        // 2 s per 1,000 lines over the whole module's code lines.
        let summary = try XCTUnwrap(overriddenJSON["summary"] as? [String: Any])
        let lines = try XCTUnwrap(summary["lines"] as? Int)
        XCTAssertEqual(overriddenProfile["estimatedSeconds"] as? Double, (Double(lines) * 2 / 1000 * 100).rounded() / 100)
    }

    func testCalibrationAndBuildStatisticsChangeTheModeAndSayWhere() throws {
        let calibration = FirebreakProcess.packageRoot.appendingPathComponent("benchmarks/calibration/reference.json").path
        let calibrated = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json", "--calibration", calibration])
        XCTAssertEqual(calibrated.status, 0, calibrated.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(calibrated.stdout.utf8)) as? [String: Any])
        let cost = try XCTUnwrap(json["costModel"] as? [String: Any])
        XCTAssertEqual(cost["mode"] as? String, "calibration")
        XCTAssertTrue((cost["source"] as? String ?? "").hasPrefix("calibration \(calibration) ("), "\(cost)")
        // The recorded builds of the reference day scale the reference by about 1, and the source says by how much.
        XCTAssertTrue((cost["source"] as? String ?? "").contains("; the reference × 0.959 for a build's fixed part, × 1.016 for compiling its files;"), "\(cost)")

        let stats = FirebreakProcess.packageRoot.appendingPathComponent("Tests/FirebreakAnalysisTests/Fixtures/BuildStats").path
        let measured = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--build-stats", stats])
        XCTAssertEqual(measured.status, 0, measured.stderr)
        XCTAssertTrue(measured.stdout.contains("build-stats: build statistics in \(stats): 16 jobs, 0 of 29 files measured"), measured.stdout)
        XCTAssertTrue(measured.stderr.contains("no statistics match the analysed files"), measured.stderr)

        let both = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--calibration", calibration, "--seconds-per-kloc", "1"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("choose one"), both.stderr)
    }

    func testCalibrateRefitsRecordedMeasurementsAndRefusesBadInput() throws {
        let directory = try FirebreakProcess.fixture(["not-a-calibration.json": "{\"kind\": \"lint\"}"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorded = FirebreakProcess.packageRoot.appendingPathComponent("benchmarks/calibration/reference.json")
        let output = directory.appendingPathComponent("refit.json")
        let refit = try FirebreakProcess.run(["calibrate", "--from-measurements", recorded.path, "--output", output.path])
        XCTAssertEqual(refit.status, 0, refit.stderr)
        XCTAssertTrue(refit.stderr.contains("builds, R²"), refit.stderr)
        let before = try JSONSerialization.jsonObject(with: Data(contentsOf: recorded)) as? [String: Any]
        let after = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any]
        XCTAssertEqual(after?["coefficients"] as? NSDictionary, before?["coefficients"] as? NSDictionary)
        XCTAssertEqual((after?["measurements"] as? [Any])?.count, (before?["measurements"] as? [Any])?.count)

        for arguments in [
            ["calibrate", "--runs", "0"],
            ["calibrate", "--from-measurements", directory.appendingPathComponent("not-a-calibration.json").path],
            ["calibrate", "--from-measurements", "/no/such/file.json"],
            ["calibrate", "--from-measurements", recorded.path, "--validate"],
            ["analyze", "Examples/ClinicApp", "--calibration", "/no/such/file.json"],
            ["analyze", "Examples/ClinicApp", "--build-stats", "/no/such/directory"],
        ] {
            let result = try FirebreakProcess.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.isEmpty, "\(arguments)")
        }
    }

    /// A calibration that timed rebuilds on its machine (recorded: `benchmarks/calibration/machine-2026-11-27.json`)
    /// prices `rebuilds[]` with its own fit, says so, and refits to the same coefficients.
    func testACalibrationWithRebuildsPricesRebuildsWithItsOwnFit() throws {
        let directory = try FirebreakProcess.fixture([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorded = FirebreakProcess.packageRoot.appendingPathComponent("benchmarks/calibration/machine-2026-11-27.json")
        let output = directory.appendingPathComponent("refit.json")
        let refit = try FirebreakProcess.run(["calibrate", "--from-measurements", recorded.path, "--output", output.path])
        XCTAssertEqual(refit.status, 0, refit.stderr)
        XCTAssertTrue(refit.stderr.contains("rebuilds, R²"), refit.stderr)
        let before = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: recorded)) as? [String: Any])
        let after = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
        let fitted = try XCTUnwrap((before["rebuild"] as? [String: Any])?["coefficients"] as? [String: Double])
        let refitted = try XCTUnwrap((after["rebuild"] as? [String: Any])?["coefficients"] as? [String: Double])
        XCTAssertEqual(Set(fitted.keys), Set(refitted.keys))
        for (key, value) in fitted { XCTAssertEqual(refitted[key] ?? -1, value, accuracy: 1e-9, key) }

        let reference = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json"])
        let calibrated = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json", "--calibration", output.path])
        XCTAssertEqual(calibrated.status, 0, calibrated.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(calibrated.stdout.utf8)) as? [String: Any])
        let rebuild = try XCTUnwrap((json["costModel"] as? [String: Any])?["rebuild"] as? [String: Any])
        XCTAssertTrue((rebuild["source"] as? String ?? "").hasPrefix("calibration \(output.path) ("), "\(rebuild)")
        XCTAssertEqual(rebuild["coefficients"] as? NSDictionary, refitted as NSDictionary)
        let referenceJSON = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reference.stdout.utf8)) as? [String: Any])
        let seconds = { (report: [String: Any]) in (report["rebuilds"] as? [[String: Any]] ?? []).map { $0["estimatedSeconds"] as? Double ?? -1 } }
        XCTAssertFalse(seconds(json).isEmpty)
        XCTAssertNotEqual(seconds(json), seconds(referenceJSON))
        // Text and markdown say where the rebuild figures come from, as the JSON does.
        for format in ["text", "markdown"] {
            let rendered = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", format, "--calibration", output.path])
            let line = rendered.stdout.split(separator: "\n").first { $0.hasPrefix("Rebuild estimates: ") } ?? ""
            XCTAssertTrue(line.contains("; calibration \(output.path) (24 incremental rebuilds"), "\(format): \(line)")
        }
    }

    /// The same bytes whatever the number of scanning threads and from run to run, for a
    /// one-module app and for an Xcode project whose files several targets compile.
    func testAnalysisAndLintAreDeterministicAcrossThreadCounts() throws {
        let xcodeApp = Self.goldenDirectory.deletingLastPathComponent().appendingPathComponent("Fixtures/XcodeApp")
        for (directory, path) in [(FirebreakProcess.packageRoot, "Examples/ClinicApp"), (xcodeApp, ".")] {
            for command in [["analyze", path, "--format", "json"], ["lint", path, "--format", "json"]] {
                var outputs = Set<String>()
                for jobs in ["1", "2", "5", "1"] {
                    let result = try FirebreakProcess.run(command + ["--no-cache", "--jobs", jobs], in: directory)
                    XCTAssertLessThanOrEqual(result.status, 1, result.stderr)
                    outputs.insert(result.stdout)
                }
                XCTAssertEqual(outputs.count, 1, "\(command) in \(directory.lastPathComponent) differs between runs")
            }
        }
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

    /// A `View` protocol declared in the sources (a stand-in for SwiftUI) makes nothing a view
    /// until `view_protocols` names it: the run says so and how, and says nothing once it does.
    func testNoViewsBecauseOfADeclaredViewProtocolIsExplained() throws {
        let root = try FirebreakProcess.fixture([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Shop\", targets: [.executableTarget(name: \"Shop\")])\n",
            "Sources/Shop/Stub.swift": "protocol View {\n    associatedtype Body\n    var body: Body { get }\n}\n",
            "Sources/Shop/CartScreen.swift": "struct CartScreen: View {\n    var body: Int { 1 }\n}\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let unconfigured = try FirebreakProcess.run(["analyze", "--no-cache"], in: root)
        XCTAssertEqual(unconfigured.status, 0, unconfigured.stderr)
        XCTAssertTrue(unconfigured.stdout.contains("0 views"), unconfigured.stdout)
        XCTAssertTrue(unconfigured.stderr.contains(
            "note: no views found: the scanned code declares Shop.View (Sources/Shop/Stub.swift:1), so types that conform to View conform to it"),
            unconfigured.stderr)
        XCTAssertTrue(unconfigured.stderr.contains("add to .firebreak.yml: view_protocols: [\"Shop.View\"]"), unconfigured.stderr)

        try Data("view_protocols: [\"Shop.View\"]\n".utf8).write(to: root.appendingPathComponent(".firebreak.yml"))
        let configured = try FirebreakProcess.run(["analyze", "--no-cache"], in: root)
        XCTAssertEqual(configured.status, 0, configured.stderr)
        XCTAssertTrue(configured.stdout.contains("1 view"), configured.stdout)
        XCTAssertFalse(configured.stderr.contains("no views found"), configured.stderr)

        // Named, but declared in the views' own file: that file stands in for SwiftUI, and the hint says so.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Sources/Shop/CartScreen.swift"))
        try Data("protocol View {\n    associatedtype Body\n    var body: Body { get }\n}\nstruct CartScreen: View {\n    var body: Int { 1 }\n}\n".utf8)
            .write(to: root.appendingPathComponent("Sources/Shop/Stub.swift"))
        let oneFile = try FirebreakProcess.run(["analyze", "--no-cache"], in: root)
        XCTAssertTrue(oneFile.stdout.contains("0 views"), oneFile.stdout)
        XCTAssertTrue(oneFile.stderr.contains(
            "note: no views found: view_protocols names Shop.View (Sources/Shop/Stub.swift:1), and a file that declares a View stands in for SwiftUI"),
            oneFile.stderr)
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

    /// The analysis is streamed to a temporary file and renamed into place: the file holds the same
    /// bytes as standard output, replaces an older report, has the mode of any new file, and
    /// nothing temporary is left beside it.
    func testStreamedOutputFileMatchesStandardOutput() throws {
        let directory = try FirebreakProcess.fixture([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("report.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: output))
        let written = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json", "--output", output])
        XCTAssertEqual(written.status, 0, written.stderr)
        let printed = try FirebreakProcess.run(["analyze", "Examples/ClinicApp", "--format", "json"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        let fileText = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertEqual(fileText, printed.stdout)
        XCTAssertTrue(fileText.hasSuffix("}\n"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["report.json"])
        let mask = umask(0)
        umask(mask)
        let permissions = try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int
        XCTAssertEqual(permissions, Int(0o666 & ~mask), "the mode of any new file under this umask")
    }
}
