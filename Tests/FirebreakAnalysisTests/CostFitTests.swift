@testable import FirebreakModel
@testable import FirebreakCost
import XCTest

private typealias Term = BuildCostTerms

final class CostFitTests: XCTestCase {
    private let truth = BuildCoefficients([
        Term.overhead: 2.5, Term.perFile: 0.02, Term.frameworkLoad: 1.5, Term.perTypeCheckSecond: 0.6, Term.perThousandSignatureTokens: 0.15,
    ])

    private func measurement(_ name: String, modules: Int, files: Int, tokens: Int, complexity: Int,
                             coefficients: BuildCoefficients? = nil, noise: Double = 0) -> CostFit.Measurement {
        // Expressions and bodies hold varying shares of the tokens, type-checking varies with the
        // complexity and the kind of code, and modules beyond the second import a framework.
        let features = BuildFeatures(modules: modules, files: files, lines: tokens / 8, tokens: tokens, complexity: complexity,
                                     closures: complexity * (files % 7) / 10, frameworkModules: max(0, modules - 2),
                                     expressionTokens: tokens * (files % 5 + 3) / 10,
                                     typeCheckMicroseconds: complexity * 300 * (files % 7 + 1),
                                     bodyTokens: tokens * (files % 4 + 5) / 10)
        let seconds = (coefficients ?? truth).seconds(features)
        return CostFit.Measurement(name: name, features: features, seconds: [seconds + noise, seconds - noise, seconds])
    }

    private var varied: [CostFit.Measurement] {
        [
            measurement("a", modules: 5, files: 74, tokens: 43_000, complexity: 4_600),
            measurement("b", modules: 2, files: 11, tokens: 1_700, complexity: 40),
            measurement("c", modules: 5, files: 300, tokens: 160_000, complexity: 9_000),
            measurement("d", modules: 5, files: 120, tokens: 60_000, complexity: 30_000),
            measurement("e", modules: 3, files: 40, tokens: 20_000, complexity: 2_000),
            measurement("f", modules: 2, files: 45, tokens: 5_000, complexity: 300),
            measurement("g", modules: 4, files: 200, tokens: 30_000, complexity: 1_000),
        ]
    }

    func testExactMeasurementsGiveBackTheirCoefficients() throws {
        let result = try CostFit.fit(varied)
        let c = result.coefficients
        XCTAssertEqual(c[Term.overhead], truth[Term.overhead], accuracy: 1e-6)
        XCTAssertEqual(c[Term.perModule], 0, "module counts are not fitted")
        XCTAssertEqual(c[Term.perFile], truth[Term.perFile], accuracy: 1e-7)
        XCTAssertEqual(c[Term.perThousandSignatureTokens], truth[Term.perThousandSignatureTokens], accuracy: 1e-7)
        XCTAssertEqual(c[Term.perTypeCheckSecond], truth[Term.perTypeCheckSecond], accuracy: 1e-6)
        XCTAssertEqual(c[Term.frameworkLoad], truth[Term.frameworkLoad], accuracy: 1e-6)
        // Model 5 does not fit tokens, closures, the rest of the complexity or model 4's tokens
        // outside expressions.
        XCTAssertEqual([c[Term.perThousandTokens], c[Term.perThousandClosures], c[Term.perThousandComplexity], c[Term.perThousandDeclarationTokens]], [0, 0, 0, 0])
        XCTAssertEqual(result.rSquared, 1, accuracy: 1e-9)
        XCTAssertEqual(result.meanRelativeError, 0, accuracy: 1e-9)
        XCTAssertEqual(result.points, 7)
    }

    func testATermNoBuildHasKeepsTheFallbackValue() throws {
        // calibrate's generated packages import no framework: that cost cannot be fitted there.
        let points = varied.map { point -> CostFit.Measurement in
            var features = point.features
            features.frameworkModules = 0
            return CostFit.Measurement(name: point.name, features: features, seconds: [truth.seconds(features)])
        }
        let c = try CostFit.fit(points, fallback: BuildCoefficients.reference).coefficients
        XCTAssertEqual(c[Term.frameworkLoad], BuildCoefficients.reference[Term.frameworkLoad])
        XCTAssertEqual(c[Term.perFile], truth[Term.perFile], accuracy: 1e-7)
    }

    func testTheMedianRunIsTheOneFitted() {
        let m = CostFit.Measurement(name: "x", features: BuildFeatures(), seconds: [9, 3, 4])
        XCTAssertEqual(m.typicalSeconds, 4)
        XCTAssertEqual(CostFit.Measurement(name: "y", features: BuildFeatures(), seconds: [3, 5]).typicalSeconds, 4)
    }

    func testNoCoefficientComesOutNegative() throws {
        // Builds get *faster* with more files here: unconstrained, the per-file cost would go negative.
        var points = varied
        for index in points.indices {
            points[index].seconds = points[index].seconds.map { $0 - 0.05 * Double(points[index].features.files) + 20 }
        }
        let c = try CostFit.fit(points).coefficients
        for value in [c[Term.overhead], c[Term.perModule], c[Term.perFile], c[Term.perThousandSignatureTokens], c[Term.perTypeCheckSecond], c[Term.frameworkLoad]] {
            XCTAssertGreaterThanOrEqual(value, 0)
        }
        XCTAssertEqual(c[Term.perFile], 0)
    }

    func testTooFewOrUniformMeasurementsAreRefused() {
        XCTAssertThrowsError(try CostFit.fit(Array(varied.prefix(4)))) { error in
            XCTAssertTrue("\(error)".contains("at least 5"), "\(error)")
        }
        let same = (0..<6).map { measurement("s\($0)", modules: 3, files: 10, tokens: 5_000, complexity: 100) }
        XCTAssertEqual(same.first?.features.frameworkModules, 1)
        XCTAssertThrowsError(try CostFit.fit(same)) { error in
            XCTAssertTrue("\(error)".contains("do not vary enough"), "\(error)")
        }
    }

    func testSavingsAreDifferencesOfEstimatesAndNeverNegative() {
        let model = CostModel(coefficients: truth)
        let before = BuildFeatures(modules: 5, files: 74, tokens: 43_000, complexity: 4_600)
        let after = BuildFeatures(modules: 2, files: 11, tokens: 1_700, complexity: 40)
        XCTAssertEqual(model.saving(from: before, to: after),
                       CostModel.rounded(truth.seconds(before) - truth.seconds(after)))
        XCTAssertEqual(model.saving(from: after, to: before), 0)
        XCTAssertEqual(model.seconds(BuildFeatures()), truth[Term.overhead])
    }

    func testReportsOfModelOneDecodeAsALineRate() throws {
        let json = #"{"secondsPerKloc": 0.8, "source": "--seconds-per-kloc", "unit": "seconds"}"#
        let model = try JSONDecoder().decode(CostModel.self, from: Data(json.utf8))
        XCTAssertEqual(model.mode, .lineRate)
        XCTAssertEqual(model.seconds(lines: 2_000), 1.6)
        XCTAssertEqual(model.seconds(BuildFeatures(lines: 2_000)), 1.6)
        let roundTrip = try JSONDecoder().decode(CostModel.self, from: JSONEncoder().encode(CostModel()))
        XCTAssertEqual(roundTrip, CostModel())
    }
}

/// The reference coefficients are the fit of the builds recorded in benchmarks/costfit (real
/// packages and generated pairs), and reproduce the held-out errors docs/closure-model.md states.
final class ReferenceCalibrationTests: XCTestCase {
    private struct Recorded: Decodable {
        struct Build: Decodable {
            var name: String
            var kind: String
            var features: BuildFeatures
            var seconds: Double
            var runs: [Double]
        }
        var fitting: [Build]
        var heldOutReal: [Build]
    }

    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testReferenceCoefficientsAreTheRecordedFit() throws {
        let data = try Data(contentsOf: root.appendingPathComponent("benchmarks/costfit/measurements.json"))
        let recorded = try JSONDecoder().decode(Recorded.self, from: data)
        XCTAssertEqual(recorded.fitting.filter { $0.kind == "real" }.count, 21)
        XCTAssertEqual(recorded.heldOutReal.count, 5)
        XCTAssertTrue(Set(recorded.heldOutReal.map(\.name)).isDisjoint(with: recorded.fitting.map(\.name)))
        let refit = try CostFit.fit(recorded.fitting.map { CostFit.Measurement(name: $0.name, features: $0.features, seconds: $0.runs) })
        let (c, reference) = (refit.coefficients, BuildCoefficients.reference)
        for (fitted, shipped) in zip(c.values, reference.values) {
            XCTAssertEqual(fitted, shipped, accuracy: 1e-6)
        }
        // Held-out real modules: within the ±25 % the docs' table shows (model 4 held ±27 %).
        for build in recorded.heldOutReal {
            let error = (reference.seconds(build.features) - build.seconds) / build.seconds
            XCTAssertLessThanOrEqual(abs(error), 0.25, build.name)
        }
    }

    func testCalibrationsWithANegativeOrNonFiniteTermAreRefused() throws {
        let reference = root.appendingPathComponent("benchmarks/calibration/reference.json")
        for key in ["perTypeCheckSecond", "perThousandSignatureTokens", "perThousandDeclarationTokens", "perFile"] {
            var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: reference)) as? [String: Any])
            var coefficients = try XCTUnwrap(json["coefficients"] as? [String: Any])
            coefficients[key] = -0.5
            json["coefficients"] = coefficients
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("calibration-\(key)-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }
            try JSONSerialization.data(withJSONObject: json).write(to: file)
            XCTAssertThrowsError(try Calibration.load(file: file.path), key) { error in
                XCTAssertTrue("\(error)".contains("coefficients must be finite and not negative"), "\(key): \(error)")
            }
        }
    }

    func testHeldOutGeneratedPairsStayWithinTheDocumentedError() throws {
        let recorded = try Calibration.load(file: root.appendingPathComponent("benchmarks/calibration/reference.json").path)
        let heldOut = try XCTUnwrap(recorded.heldOut)
        XCTAssertEqual(heldOut.count, 4)
        XCTAssertTrue(Set(heldOut.map(\.name)).isDisjoint(with: recorded.measurements.map { String($0.name.split(separator: "-")[0]) }))
        for pair in heldOut {
            // Seconds saved, estimated from the naive package alone, against the measured saving.
            let measured = pair.naive.typicalSeconds - pair.firewalled.typicalSeconds
            let estimated = BuildCoefficients.reference.seconds(pair.naive.features) - BuildCoefficients.reference.seconds(pair.estimatedFirewalled)
            // ±37 %: model 5 misses the token-heavy generic pair by +36 % (model 4: +25 %), the price
            // of pricing code unlike the generator's right (next test; docs/closure-model.md).
            XCTAssertLessThanOrEqual(abs(estimated - measured) / measured, 0.37, pair.name)
            XCTAssertGreaterThan(pair.measuredSaving, 0.5, pair.name)
        }
    }

    /// The pairs of benchmarks/independent (code unlike the calibrator's, never fitted): the shipped
    /// coefficients keep each estimated saving within the ±30 % docs/closure-model.md states
    /// (model 4 missed the large records pair by +71 %).
    func testIndependentPairsStayWithinTheDocumentedError() throws {
        let data = try Data(contentsOf: root.appendingPathComponent("benchmarks/independent/measurements.json"))
        let recorded = try JSONDecoder().decode(RecordedDay.PairsFile.self, from: data)
        XCTAssertEqual(recorded.pairs.map(\.name), ["records", "inference", "records-medium", "records-large", "inference-large"])
        for pair in recorded.pairs {
            let measured = pair.measuredSaving
            let reference = BuildCoefficients.reference
            let estimated = reference.seconds(pair.build) - reference.seconds(pair.firewalledBuild)
            XCTAssertLessThanOrEqual(abs(estimated - measured) / measured, 0.30, pair.name)
        }
    }
}
