@testable import FirebreakAnalysis
import FirebreakCalibration
@testable import FirebreakModel
import Foundation
import XCTest

/// The reader on statistics recorded from a real `swift build -Xswiftc -stats-output-dir` of the
/// generated PlainSmall package (naive shape, batch mode, 2 cores).
final class BuildStatisticsTests: XCTestCase {
    static let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/BuildStats").path

    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("firebreak-stats-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    func testJobsAreReadWithModuleFileAndWallTime() throws {
        let statistics = try BuildStatistics.read(directory: Self.recorded)
        XCTAssertEqual(statistics.jobs.count, 16)
        XCTAssertEqual(Set(statistics.jobs.map(\.module)), ["Analytics", "Core", "Feature", "Networking", "Persistence", "UI"])
        // Per module: one emit-module job ("all") and two batches named after their first file.
        for module in ["Analytics", "Feature", "Networking", "Persistence"] {
            let jobs = statistics.jobs.filter { $0.module == module }
            XCTAssertEqual(jobs.filter { $0.primaryFile == nil }.count, 1, module)
            XCTAssertEqual(jobs.filter { $0.primaryFile != nil }.count, 2, module)
        }
        let batch = try XCTUnwrap(statistics.jobs.first { $0.primaryFile == "PersistencePart18.swift" })
        XCTAssertEqual(batch.seconds, 1.8865327835083008)
        XCTAssertEqual(BuildStatistics.parse(jobName: "My_App-all-arm64_apple_ios-swiftmodule-Onone", seconds: 1),
                       BuildStatistics.Job(module: "My_App", primaryFile: nil, seconds: 1))
        XCTAssertNil(BuildStatistics.parse(jobName: "nonsense", seconds: 1))
    }

    func testBatchedModulesShareTheirJobTimesByTokens() throws {
        let package = CalibrationPackage(name: "PlainSmall", screens: 10, infrastructureLines: 2000, linesPerFile: 100, style: .plain)
        try package.write(.naive, to: scratch)
        let configuration = try ConfigurationLoader.load(file: scratch.appendingPathComponent(".firebreak.yml").path, ruleIDs: RuleRegistry.ids)
        let prepared = try Pipeline.prepare(Pipeline.Request(paths: ["."], workingDirectory: scratch.path, configuration: configuration))
        let graph = prepared.graph
        let statistics = try BuildStatistics.read(directory: Self.recorded)
        let seconds = statistics.fileSeconds(in: graph)

        for module in ["Analytics", "Core", "Feature", "Networking", "Persistence"] {
            let measured = statistics.jobs.filter { $0.module == module }.reduce(0) { $0 + $1.seconds }
            let moduleFiles = graph.files.map(\.path).filter { $0.hasPrefix("Sources/\(module)/") }
            XCTAssertFalse(moduleFiles.isEmpty, module)
            XCTAssertEqual(moduleFiles.reduce(0) { $0 + (seconds[$1] ?? -1000) }, measured, accuracy: 1e-9, module)
        }
        // The recorded build named its stub module UI, which no scanned module matches, and App was
        // not built: both left out.
        XCTAssertEqual(seconds.count, graph.files.filter {
            !$0.path.hasPrefix("Package") && !$0.path.hasPrefix("Sources/App/") && !$0.path.hasPrefix("Sources/SwiftUIStub/")
        }.count)
        // A bigger file gets a bigger share within its module.
        let client = try XCTUnwrap(seconds["Sources/Networking/APIClient.swift"])
        let part = try XCTUnwrap(seconds["Sources/Networking/NetworkingPart0.swift"])
        XCTAssertGreaterThan(part, client)

        let report = Analyzer.analyze(prepared, configuration: configuration,
                                      costModel: statistics.costModel(basedOn: CostModel(), measured: seconds.count, of: graph.files.count),
                                      fileSeconds: seconds)
        let view = try XCTUnwrap(report.views.first { $0.name == "Screen0View" })
        XCTAssertEqual(report.costModel.mode, .buildStats)
        XCTAssertTrue(report.costModel.unit.contains("compiler work"))
        XCTAssertEqual(view.build.files, 1, "every file of the closure but the stub's has a measured time")
        let closureSeconds = statistics.jobs.filter { ["Analytics", "Core", "Feature", "Networking", "Persistence"].contains($0.module) }
            .reduce(0) { $0 + $1.seconds }
        XCTAssertEqual(view.build.measuredSeconds, closureSeconds, accuracy: 1e-9)
        // The stub's file is priced by the model's per-file terms, without the overhead.
        var stub = view.build
        stub.measuredSeconds = 0
        XCTAssertEqual(view.estimatedSeconds, CostModel.rounded(closureSeconds + report.costModel.coefficients.seconds(stub)), accuracy: 0.011)
        XCTAssertGreaterThan(view.savings.estimatedSeconds, 0)
    }

    func testFilesWithJobsOfTheirOwnKeepTheirMeasuredTimes() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Data("let a = 1\n".utf8).write(to: scratch.appendingPathComponent("A.swift"))
        try Data("let b = [1, 2, 3].map { $0 * 2 }\n".utf8).write(to: scratch.appendingPathComponent("B.swift"))
        let configuration = Configuration(rootDirectory: scratch.path)
        let graph = try Pipeline.prepare(Pipeline.Request(paths: ["."], workingDirectory: scratch.path, configuration: configuration)).graph
        let module = try XCTUnwrap(graph.modules.first?.name)
        let statistics = BuildStatistics(jobs: [
            BuildStatistics.Job(module: module, primaryFile: "A.swift", seconds: 0.5),
            BuildStatistics.Job(module: module, primaryFile: "B.swift", seconds: 2.0),
            BuildStatistics.Job(module: module, primaryFile: nil, seconds: 0.3),
        ], directory: "stats")
        let seconds = statistics.fileSeconds(in: graph)
        let a = try XCTUnwrap(seconds["A.swift"])
        let b = try XCTUnwrap(seconds["B.swift"])
        XCTAssertEqual(a + b, 2.8, accuracy: 1e-9)
        XCTAssertGreaterThan(a, 0.5)
        XCTAssertLessThan(a, 0.8)
        XCTAssertGreaterThan(b, 2.0)
    }

    func testMissingEmptyAndDamagedDirectoriesAreClearErrors() throws {
        XCTAssertThrowsError(try BuildStatistics.read(directory: scratch.path)) { error in
            XCTAssertTrue("\(error)".contains("no such directory"), "\(error)")
        }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        XCTAssertThrowsError(try BuildStatistics.read(directory: scratch.path)) { error in
            XCTAssertTrue("\(error)".contains("no frontend statistics"), "\(error)")
        }
        try Data("{ not json".utf8).write(to: scratch.appendingPathComponent("stats-1-swift-frontend-A-all-x-swiftmodule-Onone-1.json"))
        XCTAssertThrowsError(try BuildStatistics.read(directory: scratch.path)) { error in
            XCTAssertTrue("\(error)".contains("is not a JSON statistics file"), "\(error)")
        }
    }
}
