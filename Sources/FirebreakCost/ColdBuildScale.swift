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
    public var fit: FitQuality

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
        let scale: PartScale<BuildFeatures>
        do {
            scale = try PartScale.fit(usable.map { ($0.features, $0.typicalSeconds) }, reference: reference)
        } catch let failure as CostFit.Failure {
            throw Failure(description: failure.description)
        }
        let coefficients = scale.applied(to: reference)
        return ColdBuildScale(
            coefficients: coefficients, fixedFactor: scale.fixed, compileFactor: scale.compile,
            fit: FitQuality(predictions: usable.map { coefficients.seconds($0.features) }, targets: usable.map(\.typicalSeconds)))
    }
}
