@testable import FirebreakGraph
import XCTest

final class CostFitTests: XCTestCase {
    private let truth = BuildCoefficients(
        overhead: 2.5, perModule: 0, perFile: 0.02, perThousandTokens: 0.15, perThousandComplexity: 1.2)

    private func measurement(_ name: String, modules: Int, files: Int, tokens: Int, complexity: Int,
                             coefficients: BuildCoefficients? = nil, noise: Double = 0) -> CostFit.Measurement {
        let features = BuildFeatures(modules: modules, files: files, lines: tokens / 8, tokens: tokens, complexity: complexity)
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
        XCTAssertEqual(c.overhead, truth.overhead, accuracy: 1e-6)
        XCTAssertEqual(c.perModule, 0, "module counts are not fitted")
        XCTAssertEqual(c.perFile, truth.perFile, accuracy: 1e-7)
        XCTAssertEqual(c.perThousandTokens, truth.perThousandTokens, accuracy: 1e-7)
        XCTAssertEqual(c.perThousandComplexity, truth.perThousandComplexity, accuracy: 1e-6)
        XCTAssertEqual(result.rSquared, 1, accuracy: 1e-9)
        XCTAssertEqual(result.meanRelativeError, 0, accuracy: 1e-9)
        XCTAssertEqual(result.points, 7)
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
        for value in [c.overhead, c.perModule, c.perFile, c.perThousandTokens, c.perThousandComplexity] {
            XCTAssertGreaterThanOrEqual(value, 0)
        }
        XCTAssertEqual(c.perFile, 0)
    }

    func testTooFewOrUniformMeasurementsAreRefused() {
        XCTAssertThrowsError(try CostFit.fit(Array(varied.prefix(4)))) { error in
            XCTAssertTrue("\(error)".contains("at least 5"), "\(error)")
        }
        let same = (0..<6).map { measurement("s\($0)", modules: 3, files: 10, tokens: 5_000, complexity: 100) }
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
        XCTAssertEqual(model.seconds(BuildFeatures()), truth.overhead)
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

/// The reference coefficients are the fit of the measurements recorded beside them, and that fit
/// keeps every held-out pair within ±20 % of its measured saving.
final class ReferenceCalibrationTests: XCTestCase {
    func testReferenceCoefficientsAreTheRecordedFitAndPassTheHeldOutCheck() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("benchmarks/calibration/reference.json").path
        let recorded = try Calibration.load(file: file)
        let refit = try CostFit.fit(recorded.measurements)
        XCTAssertEqual(refit.coefficients, BuildCoefficients.reference)
        XCTAssertEqual(recorded.coefficients, BuildCoefficients.reference)
        let heldOut = try XCTUnwrap(recorded.heldOut)
        XCTAssertEqual(heldOut.count, 4)
        XCTAssertTrue(Set(heldOut.map(\.name)).isDisjoint(with: recorded.measurements.map { String($0.name.split(separator: "-")[0]) }))
        for pair in heldOut {
            XCTAssertLessThanOrEqual(abs(pair.relativeError(refit.coefficients)), 0.2, pair.name)
            XCTAssertGreaterThan(pair.measuredSaving, 0.5, pair.name)
        }
    }
}
