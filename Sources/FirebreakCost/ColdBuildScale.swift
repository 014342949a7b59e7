/// This machine's cold-build seconds: the builds `firebreak calibrate` timed, and the reference
/// coefficients scaled to them.
///
/// Scaled, not refitted, for the reason rebuilds are (`RebuildCalibration`): the reference form was
/// fitted on real modules as well as generated pairs, and a free fit on the calibrator's sixteen
/// generated builds learns their mix of code. Against the independent pairs
/// (benchmarks/results/2026-11-27-calibration-on-the-day.md), free fits put 16 of 25 savings within
/// ±20 %, the reference scaled by these two factors 23 of 25. One factor is for a build's fixed
/// part (the overhead, and loading a framework, which generated packages cannot show), one for
/// compiling its files (per file, tokens outside bodies, type-checking).
public struct ColdBuildScale: Sendable, Codable, Hashable {
    public var coefficients: BuildCoefficients
    /// This machine's seconds ÷ the reference's, for the fixed part and for compiling the files.
    public var fixedFactor: Double
    public var compileFactor: Double
    public var fit: Calibration.Fit

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The two factors by least squares, both ≥ 0, each build weighed by 1 ÷ its seconds, so the
    /// small firewalled builds count as much as the large naive ones.
    public static func fit(_ measurements: [CostFit.Measurement], reference: BuildCoefficients = .reference) throws -> ColdBuildScale {
        let usable = measurements.filter { !$0.seconds.isEmpty && $0.typicalSeconds > 0 }
        guard usable.count >= 5 else {
            throw Failure(description: "the fit needs at least 5 measured builds, got \(usable.count)")
        }
        let rows = usable.map { parts($0.features, reference) }
        let weights = usable.map { 1 / $0.typicalSeconds }
        let factors: [Double]
        do {
            factors = try CostFit.nonNegativeSolution(
                zip(rows, weights).map { row, weight in row.map { $0 * weight } },
                zip(usable, weights).map { $0.typicalSeconds * $1 })
        } catch let failure as CostFit.Failure {
            throw Failure(description: failure.description)
        }
        let (fixed, compile) = (factors[0], factors[1])
        let r = reference
        let coefficients = BuildCoefficients(
            overhead: r.overhead * fixed, perModule: r.perModule * compile, perFile: r.perFile * compile,
            perThousandTokens: r.perThousandTokens * compile, perThousandClosures: r.perThousandClosures * compile,
            perThousandComplexity: r.perThousandComplexity * compile, frameworkLoad: r.frameworkLoad * fixed,
            perThousandLines: r.perThousandLines * compile, perThousandDeclarationTokens: r.perThousandDeclarationTokens * compile,
            perTypeCheckSecond: r.perTypeCheckSecond * compile, perThousandSignatureTokens: r.perThousandSignatureTokens * compile)
        return ColdBuildScale(
            coefficients: coefficients, fixedFactor: fixed, compileFactor: compile,
            fit: Calibration.Fit(predictions: usable.map { coefficients.seconds($0.features) }, targets: usable.map(\.typicalSeconds)))
    }

    /// What the reference prices of a build: its fixed part (the overhead and any framework load)
    /// and the rest, what compiling its files costs.
    private static func parts(_ features: BuildFeatures, _ reference: BuildCoefficients) -> [Double] {
        let fixed = reference.overhead + reference.frameworkLoad * Double(min(features.frameworkModules, 1))
        return [fixed, reference.seconds(features) - features.measuredSeconds - fixed]
    }
}
