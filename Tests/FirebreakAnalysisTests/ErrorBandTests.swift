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

    func testACalibrationNarrowsTheColdRange() throws {
        var model = CostModel()
        model.mode = .calibration
        let range = try XCTUnwrap(ErrorBand.of(.coldSaving, model).range(of: 4.0))
        XCTAssertEqual(range.low, 2.2, accuracy: 0.001)
        XCTAssertEqual(range.high, 6.0, accuracy: 0.001)
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
        var calibratedCold = CostModel()
        calibratedCold.mode = .calibration
        for error in [-0.31, 0.13, 0.66] {
            let measured = 10 / (1 + error)
            let range = ErrorBand.of(.coldSaving, calibratedCold).range(of: 10)!
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
}
