import FirebreakCost
import FirebreakModel
import XCTest

/// The range printed beside each seconds figure: the held-out band around the estimate, never
/// narrower than a build's noise, never below 0, none for a zero estimate.
final class ErrorBandTests: XCTestCase {
    func testReferenceColdSavingSpansTheDaysSeen() throws {
        let range = try XCTUnwrap(ErrorBand.of(.coldSaving, CostModel()).range(of: 2.86))
        XCTAssertEqual(range.low, 1.14, accuracy: 0.001)
        XCTAssertEqual(range.high, 6.01, accuracy: 0.001)
    }

    /// The calibrator's generated code and the code it prices read the machine differently, so
    /// a calibrated range is no narrower than the reference's.
    func testACalibratedColdRangeIsNoNarrowerThanTheReference() throws {
        var model = CostModel()
        model.mode = .calibration
        let range = try XCTUnwrap(ErrorBand.of(.coldSaving, model).range(of: 4.0))
        XCTAssertEqual(range.low, 1.6, accuracy: 0.001)
        XCTAssertEqual(range.high, 10.4, accuracy: 0.001)
    }

    func testASmallRebuildFigureReachesZeroThroughTheNoise() throws {
        let range = try XCTUnwrap(ErrorBand.of(.rebuild, CostModel()).range(of: 0.44))
        XCTAssertEqual(range.low, 0)
        XCTAssertEqual(range.high, 1.14, accuracy: 0.001)
    }

    func testRebuildCalibrationIsReadFromTheRebuildSource() {
        var model = CostModel()
        model.mode = .calibration
        XCTAssertEqual(ErrorBand.of(.rebuildSaving, model).lowRatio, 0.45, "a calibration without rebuilds keeps the reference rebuild band")
        model.rebuildSource = "calibration cal.json"
        XCTAssertEqual(ErrorBand.of(.rebuildSaving, model).lowRatio, 0.65)
    }

    func testAZeroEstimateHasNoRange() {
        XCTAssertNil(ErrorBand.of(.coldSaving, CostModel()).range(of: 0))
    }

    /// The bands contain the measured savings of the held-out records they come from.
    func testTheBandsHoldTheHeldOutExtremes() {
        let reference = ErrorBand.of(.coldSaving, CostModel())
        for error in [-0.24, 0.36, 0.81, 1.16] {  // estimate ÷ measured − 1
            let measured = 10 / (1 + error)
            let range = reference.range(of: 10)!
            XCTAssertTrue(range.low <= measured && measured <= range.high, "\(error)")
        }
        var calibrated = CostModel()
        calibrated.rebuildSource = "calibration cal.json"
        for error in [-0.35, -0.49, 0.44] {
            let measured = 10 / (1 + error)
            let range = ErrorBand.of(.rebuildSaving, calibrated).range(of: 10)!
            XCTAssertTrue(range.low <= measured && measured <= range.high, "\(error)")
        }
    }

    /// Every cold-build saving benchmarks/independent recorded (pairs written apart from the
    /// calibrator, timed on several days) lies in the range printed for it, priced by the reference
    /// and by every calibration made in the same session (the folder of the day).
    func testEveryRecordedColdSavingLiesInItsPrintedRange() throws {
        var calibrated = CostModel()
        calibrated.mode = .calibration
        var checked = 0
        for day in try RecordedDay.all(under: root.appendingPathComponent("benchmarks/independent")) {
            let pricings = [(CostModel(), BuildCoefficients.reference)] + day.calibrations.map { (calibrated, $0) }
            for pair in day.pairs {
                for (model, coefficients) in pricings {
                    let estimate = coefficients.seconds(pair.build) - coefficients.seconds(pair.firewalledBuild)
                    let range = try XCTUnwrap(ErrorBand.of(.coldSaving, model).range(of: estimate))
                    XCTAssertTrue(range.low <= pair.measuredSaving && pair.measuredSaving <= range.high,
                                  "\(day.name) \(pair.name) (\(model.mode)): measured \(pair.measuredSaving) s, printed \(range.low) to \(range.high) s")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 137)
    }

    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
