@testable import FirebreakAnalysis
@testable import FirebreakCalibration
@testable import FirebreakModel
@testable import FirebreakCost
import XCTest

/// `firebreak calibrate`'s rebuild half: the packages it builds, how it reads a build's log and
/// edits a client, and the fit.
private typealias Term = RebuildCostTerms

final class RebuildCalibrationTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-rebuild-calibration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// Every screen stores `APIClient`, every second `Database`, every fourth `Tracker`, and
    /// `main.swift` constructs them all: the three edits rebuild three sizes of file set.
    func testAGeneratedPackageRebuildsThreeSizesOfFileSet() throws {
        let directory = try temporaryDirectory()
        try RebuildCalibrationPackage(name: "Small", screens: 8, functions: 2, style: .mixed).write(to: directory)
        let graph = try RebuildCalibrator.graph(of: directory)
        let invalidation = InterfaceEditInvalidation(graph)
        for (client, screens) in [("APIClient", [0, 1, 2, 3, 4, 5, 6, 7]), ("Database", [0, 2, 4, 6]), ("Tracker", [0, 4])] {
            let symbol = try XCTUnwrap(graph.symbols(named: client).first)
            let rebuilt = Set(invalidation.rebuiltFiles(afterEditing: symbol, in: graph).map { graph.files[$0].path })
            XCTAssertEqual(rebuilt, Set(screens.map { "Sources/App/Screens/Screen\($0).swift" }
                + [RebuildCalibrationPackage.clientPath(client), "Sources/App/main.swift"]), client)
        }
        let features = RebuildPricing.features(ofFilesAt: ["Sources/App/main.swift", "Sources/App/Screens/Screen3.swift"], in: graph)
        XCTAssertEqual(features.files, 2)
        XCTAssertEqual(features.modules, 1)
        XCTAssertGreaterThan(features.typeCheckMicroseconds, 0)
    }

    func testAnInterfaceEditAddsAMethodAndABodyEditChangesOneLiteral() throws {
        let directory = try temporaryDirectory()
        try RebuildCalibrationPackage(name: "Small", screens: 2, functions: 1, style: .plain).write(to: directory)
        let file = directory.appendingPathComponent(RebuildCalibrationPackage.clientPath("APIClient"))
        let original = try String(contentsOf: file, encoding: .utf8)
        try RebuildCalibrator.apply("interface:APIClient", number: 3, in: directory)
        let interface = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(interface, original.replacingOccurrences(
            of: RebuildCalibrationPackage.editMarker,
            with: "    func calibrationEdit3() -> Int { 3 }\n" + RebuildCalibrationPackage.editMarker))
        try RebuildCalibrator.apply("body:APIClient", number: 4, in: directory)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8),
                       interface.replacingOccurrences(of: "let salt = 0", with: "let salt = 5"))
    }

    /// `swift build -v` prints paths unquoted: a path runs to the `.swift` that ends a word.
    func testCompiledFilesAreThePackagesDistinctPrimaryFilesSpacesIncluded() throws {
        let directory = try temporaryDirectory()
        let root = directory.resolvingSymlinksInPath().path
        let log = """
            /usr/bin/swift-frontend -frontend -c \(root)/Sources/App/A.swift -primary-file \(root)/Sources/App/My Screens/B.swift -primary-file \(root)/Sources/App/A.swift -emit-module
            /usr/bin/swift-frontend -frontend -c -primary-file \(root)/Sources/App/A.swift -primary-file /elsewhere/Other.swift
            /usr/bin/swift-driver -primary-file \(root)/Sources/App/NotAFrontendJob.swift
            """
        XCTAssertEqual(RebuildCalibrator.compiledFiles(log, in: directory), ["Sources/App/A.swift", "Sources/App/My Screens/B.swift"])
    }

    /// Rebuilds that take 1.3 times the reference's fixed part and 0.6 times its recompiled part
    /// give back those factors, and the reference scaled by them.
    func testTheFitScalesTheReferenceByTheFixedAndTheRecompiledFactor() throws {
        let reference = RebuildCoefficients.reference
        var measurements: [RebuildCalibration.Measurement] = []
        for package in 0..<3 {
            for files in [1, 5, 11, 23, 40] {
                let features = RebuildFeatures(
                    modules: 1, moduleTokens: 20_000 + package * 9_000, files: files,
                    tokens: files * (300 + package * 40), bodyTokens: files * (200 + package * 25),
                    complexity: files * (package + 1) * 5, closures: files * package * 3,
                    typeCheckMicroseconds: files * (1_000 + package * 30_000))
                let fixed = reference[Term.overhead] + reference[Term.perThousandModuleTokens] * Double(features.moduleTokens) / 1000
                let seconds = 1.3 * fixed + 0.6 * (reference.seconds(features) - fixed)
                measurements.append(RebuildCalibration.Measurement(
                    package: "P\(package)", edit: "interface:APIClient", features: features, seconds: seconds))
            }
        }
        let fitted = try RebuildCalibration.fit(measurements)
        XCTAssertEqual(fitted.fixedFactor, 1.3, accuracy: 1e-9)
        XCTAssertEqual(fitted.recompiledFactor, 0.6, accuracy: 1e-9)
        XCTAssertEqual(fitted.coefficients[Term.overhead], reference[Term.overhead] * 1.3, accuracy: 1e-12)
        XCTAssertEqual(fitted.coefficients[Term.perThousandModuleTokens], reference[Term.perThousandModuleTokens] * 1.3, accuracy: 1e-12)
        XCTAssertEqual(fitted.coefficients[Term.perFile], reference[Term.perFile] * 0.6, accuracy: 1e-12)
        XCTAssertEqual(fitted.coefficients[Term.perThousandClosures], reference[Term.perThousandClosures] * 0.6, accuracy: 1e-9)
        XCTAssertEqual(fitted.coefficients[Term.perTypeCheckSecond], reference[Term.perTypeCheckSecond] * 0.6, accuracy: 1e-12)
        XCTAssertEqual(fitted.fit.points, measurements.count)
        XCTAssertEqual(fitted.fit.rSquared, 1, accuracy: 1e-9)
    }

    /// With the cold builds' factor for compiling, the recompiled files take it as theirs and
    /// only the fixed part is fitted.
    func testTheColdBuildsCompileFactorPricesTheRecompiledFiles() throws {
        let reference = RebuildCoefficients.reference
        var measurements: [RebuildCalibration.Measurement] = []
        for files in [1, 4, 9, 17, 30, 44, 61, 80] {
            let features = RebuildFeatures(modules: 1, moduleTokens: 30_000, files: files, tokens: files * 320,
                                           bodyTokens: files * 210, complexity: files * 10, closures: files * 2,
                                           typeCheckMicroseconds: files * 20_000)
            let fixed = reference[Term.overhead] + reference[Term.perThousandModuleTokens] * Double(features.moduleTokens) / 1000
            measurements.append(RebuildCalibration.Measurement(
                package: "P", edit: "interface:APIClient", features: features, seconds: 0.8 * fixed + 0.6 * (reference.seconds(features) - fixed)))
        }
        let exact = try RebuildCalibration.fit(measurements, compileFactor: 0.6)
        XCTAssertEqual(exact.fixedFactor, 0.8, accuracy: 1e-9)
        XCTAssertEqual(exact.recompiledFactor, 0.6)
        let pinned = try RebuildCalibration.fit(measurements, compileFactor: 0.5)
        XCTAssertEqual(pinned.recompiledFactor, 0.5)
        XCTAssertEqual(pinned.coefficients[Term.perTypeCheckSecond], reference[Term.perTypeCheckSecond] * 0.5, accuracy: 1e-12)
        XCTAssertGreaterThan(pinned.fixedFactor, 0.8, "the fixed part takes up what the smaller factor leaves")
    }

    func testRebuildsThatCompiledNothingAreLeftOutAndTooFewAreRefused() {
        let one = RebuildCalibration.Measurement(
            package: "P", edit: "interface:APIClient", features: RebuildFeatures(modules: 1, moduleTokens: 1_000, files: 3), seconds: 0.5)
        let nothing = RebuildCalibration.Measurement(package: "P", edit: "body:APIClient", features: RebuildFeatures(), seconds: 0.2)
        XCTAssertThrowsError(try RebuildCalibration.fit(Array(repeating: one, count: 7) + Array(repeating: nothing, count: 5))) { error in
            XCTAssertEqual((error as? RebuildCalibration.Failure)?.description, "the rebuild fit needs at least 8 measured rebuilds, got 7")
        }
    }

    /// A calibration's rebuild fit prices `analyze`'s rebuilds and says where it came from.
    func testACalibrationWithRebuildsPricesRebuildsAndNamesItself() {
        let coefficients = RebuildCoefficients([
            Term.overhead: 0.2, Term.perThousandModuleTokens: 0.001, Term.perFile: 0.02, Term.perThousandSignatureTokens: 0.1,
            Term.perThousandClosures: 3, Term.perTypeCheckSecond: 0.2,
        ])
        var calibration = Calibration(
            machine: Calibration.Machine(cores: 2, system: "Linux x86_64", swiftVersion: "6.3.1"),
            scale: ColdBuildScale(coefficients: .reference, fixedFactor: 1, compileFactor: 1,
                                  fit: FitQuality(points: 16, rSquared: 0.99, meanRelativeError: 0.05)),
            measurements: [])
        XCTAssertEqual(CostModel.calibrated(calibration, file: "c.json").rebuildCoefficients, .reference)
        XCTAssertEqual(CostModel.calibrated(calibration, file: "c.json").rebuildSource, CostModel.rebuildSource)
        calibration.rebuild = RebuildCalibration(
            coefficients: coefficients, fixedFactor: 1, recompiledFactor: 1,
            fit: FitQuality(points: 24, rSquared: 0.97, meanRelativeError: 0.1), measurements: [])
        let model = CostModel.calibrated(calibration, file: "c.json")
        XCTAssertEqual(model.rebuildCoefficients, coefficients)
        XCTAssertTrue(model.rebuildSource.hasPrefix("calibration c.json (24 incremental rebuilds"), model.rebuildSource)
    }
}
