import FirebreakCost
import Foundation
import XCTest

/// The term lists are the cost models: the seconds, the JSON keys and the fit all come from them.
final class CostTermTests: XCTestCase {
    private let build = BuildFeatures(
        modules: 3, files: 40, lines: 3_000, tokens: 24_000, complexity: 900, closures: 120, frameworkModules: 2,
        expressionTokens: 9_000, typeCheckMicroseconds: 1_800_000, bodyTokens: 15_000, measuredFiles: 2, measuredSeconds: 0.75)
    private let rebuild = RebuildFeatures(
        modules: 1, moduleTokens: 40_000, files: 12, tokens: 6_000, bodyTokens: 4_000, complexity: 300, closures: 40,
        typeCheckMicroseconds: 250_000)

    func testEveryTermHasOneNameAndTheFittedOnesAreTheReferencePrices() {
        for names in [BuildCostTerms.all.map(\.name), RebuildCostTerms.all.map(\.name)] {
            XCTAssertEqual(Set(names).count, names.count, "\(names)")
        }
        for term in BuildCostTerms.all {
            XCTAssertEqual(term.isFitted, term.reference > 0, "\(term.name): the cold reference prices exactly what is fitted")
        }
        XCTAssertEqual(BuildCoefficients.reference.values, BuildCostTerms.all.map(\.reference))
        XCTAssertEqual(RebuildCoefficients.reference.values, RebuildCostTerms.all.map(\.reference))
    }

    /// The reference seconds as model 5 and rebuild model 7 wrote them out term by term.
    func testTheReferenceSecondsAreTheModelsFormulas() {
        let cold = 4.184459934021979 + 0.75 + 0.007162983835681452 * 40 + 2.6011139615265577
            + 0.6203493112536951 * 1.8 + 0.12733641392798142 * 9.0
        XCTAssertEqual(BuildCoefficients.reference.seconds(build), cold, accuracy: 1e-9)
        let incremental = 0.3889501395560481 + 0.0009301746989040975 * 40 + 0.009276481076322994 * 12
            + 0.11451939684579533 * 2.0 + 6.114877648871443 * 0.04 + 0.11798193751743885 * 0.25
        XCTAssertEqual(RebuildCoefficients.reference.seconds(rebuild), incremental, accuracy: 1e-9)
        XCTAssertEqual(RebuildCoefficients.reference.seconds(RebuildFeatures()), 0, "a rebuild that compiles nothing costs nothing")
        XCTAssertEqual(BuildCoefficients.lineRate(secondsPerKloc: 0.5).seconds(build), 0.75 + 1.5, accuracy: 1e-12)
    }

    func testEachPartIsScaledByItsOwnFactor() {
        let scaled = BuildCoefficients.reference.scaled(fixed: 2, compile: 0.5)
        let reference = BuildCoefficients.reference
        XCTAssertEqual(scaled.seconds(build, part: .fixed), 2 * reference.seconds(build, part: .fixed), accuracy: 1e-9)
        XCTAssertEqual(scaled.seconds(build, part: .compile), 0.5 * reference.seconds(build, part: .compile), accuracy: 1e-9)
        XCTAssertEqual(scaled[BuildCostTerms.frameworkLoad], 2 * reference[BuildCostTerms.frameworkLoad])
    }

    /// Reports and calibration files key each coefficient by its term's name; an older file
    /// without a term reads it as 0, a file with none is not coefficients.
    func testCoefficientsAreKeyedByTermNames() throws {
        let data = try JSONEncoder().encode(RebuildCoefficients.reference)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Double])
        XCTAssertEqual(Set(object.keys), Set(RebuildCostTerms.all.map(\.name)))
        XCTAssertEqual(try JSONDecoder().decode(RebuildCoefficients.self, from: data), .reference)
        let older = try JSONDecoder().decode(BuildCoefficients.self, from: Data(#"{"overhead": 3, "perFile": 0.01}"#.utf8))
        XCTAssertEqual(older[BuildCostTerms.overhead], 3)
        XCTAssertEqual(older[BuildCostTerms.perTypeCheckSecond], 0)
        XCTAssertThrowsError(try JSONDecoder().decode(BuildCoefficients.self, from: Data(#"{"speed": 3}"#.utf8)))
    }
}
