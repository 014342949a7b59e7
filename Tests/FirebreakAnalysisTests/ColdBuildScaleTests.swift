@testable import FirebreakModel
@testable import FirebreakCost
import XCTest

/// `firebreak calibrate`'s cold-build half: the reference coefficients scaled by a factor for a
/// build's fixed part and one for compiling its files.
private typealias Term = BuildCostTerms

final class ColdBuildScaleTests: XCTestCase {
    private func build(_ name: String, files: Int, signatureTokens: Int, typeCheckMicroseconds: Int,
                       frameworkModules: Int = 0, fixed: Double, compile: Double) -> CostFit.Measurement {
        let features = BuildFeatures(modules: 3, files: files, lines: signatureTokens / 4, tokens: signatureTokens * 3,
                                     complexity: files * 20, closures: files * 2, frameworkModules: frameworkModules,
                                     typeCheckMicroseconds: typeCheckMicroseconds, bodyTokens: signatureTokens * 2)
        let reference = BuildCoefficients.reference
        let fixedPart = reference[Term.overhead] + reference[Term.frameworkLoad] * Double(min(frameworkModules, 1))
        let seconds = fixed * fixedPart + compile * (reference.seconds(features) - fixedPart)
        return CostFit.Measurement(name: name, features: features, seconds: [seconds * 1.1, seconds, seconds * 0.95])
    }

    /// Builds that take 1.3 times the reference's fixed part and 0.6 times the rest give back
    /// those factors, and the reference scaled by them, the framework load with the fixed part.
    func testBuildsGiveBackTheFactorsAndTheReferenceScaledByThem() throws {
        let measurements = [(12, 2_000, 60_000), (75, 9_000, 2_200_000), (155, 40_000, 900_000), (345, 20_000, 4_000_000),
                            (32, 5_000, 150_000), (93, 60_000, 500_000)].enumerated().map { index, shape in
            build("b\(index)", files: shape.0, signatureTokens: shape.1, typeCheckMicroseconds: shape.2,
                  frameworkModules: index % 2, fixed: 1.3, compile: 0.6)
        }
        let scale = try ColdBuildScale.fit(measurements)
        let (reference, c) = (BuildCoefficients.reference, scale.coefficients)
        XCTAssertEqual(scale.fixedFactor, 1.3, accuracy: 1e-9)
        XCTAssertEqual(scale.compileFactor, 0.6, accuracy: 1e-9)
        XCTAssertEqual(c[Term.overhead], reference[Term.overhead] * 1.3, accuracy: 1e-9)
        XCTAssertEqual(c[Term.frameworkLoad], reference[Term.frameworkLoad] * 1.3, accuracy: 1e-9)
        XCTAssertEqual(c[Term.perFile], reference[Term.perFile] * 0.6, accuracy: 1e-12)
        XCTAssertEqual(c[Term.perThousandSignatureTokens], reference[Term.perThousandSignatureTokens] * 0.6, accuracy: 1e-12)
        XCTAssertEqual(c[Term.perTypeCheckSecond], reference[Term.perTypeCheckSecond] * 0.6, accuracy: 1e-12)
        // Terms the reference leaves at 0 stay 0.
        XCTAssertEqual([c[Term.perModule], c[Term.perThousandTokens], c[Term.perThousandClosures], c[Term.perThousandComplexity], c[Term.perThousandDeclarationTokens]],
                       [0, 0, 0, 0, 0])
        XCTAssertEqual(scale.fit.points, measurements.count)
        XCTAssertEqual(scale.fit.rSquared, 1, accuracy: 1e-9)
    }

    func testTooFewBuildsAreRefused() {
        let measurements = (0..<4).map { build("b\($0)", files: 10 + $0, signatureTokens: 1_000, typeCheckMicroseconds: 1_000, fixed: 1, compile: 1) }
        XCTAssertThrowsError(try ColdBuildScale.fit(measurements)) { error in
            XCTAssertEqual((error as? ColdBuildScale.Failure)?.description, "the fit needs at least 5 measured builds, got 4")
        }
    }

    /// The calibrator's builds on the day of the reference fit read as that day: both factors
    /// within a few percent of 1 (docs/closure-model.md, "A calibration on the day").
    func testTheReferenceDaysBuildsScaleTheReferenceByAboutOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let recorded = try Calibration.load(file: root.appendingPathComponent("benchmarks/calibration/reference.json").path)
        let scale = try ColdBuildScale.fit(recorded.measurements)
        XCTAssertEqual(scale.fixedFactor, 1, accuracy: 0.06)
        XCTAssertEqual(scale.compileFactor, 1, accuracy: 0.06)
    }
}
