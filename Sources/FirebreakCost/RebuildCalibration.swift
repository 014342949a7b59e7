/// This machine's rebuild seconds: incremental rebuilds of generated one-module packages, timed
/// by `firebreak calibrate`, and the reference rebuild coefficients scaled to them.
///
/// Scaled, not refitted: the model prices closures and estimated type-checking, and what those
/// cost varies with the kind of code, so a free fit on a few packages learns their mix: a free fit
/// on three packages of other code priced the fit's own fifteen pairs within ±25 % in 8 of 23
/// savings, against 15 of 23 for the reference scaled by the day's speed
/// (benchmarks/results/2026-11-26-rebuild-day-or-form.md).
/// The calibration packages are the reference fit's own code, so what they measure is this
/// machine's speed on it: one factor for the fixed part of a rebuild (driver, module emission,
/// parsing the module) and one for what the recompiled files cost (docs/closure-model.md,
/// "`firebreak calibrate`"); the second is the cold builds' when the calibration has them.
public struct RebuildCalibration: Sendable, Codable, Hashable {
    public var coefficients: RebuildCoefficients
    /// This machine's seconds ÷ the reference's, for the fixed part and for the recompiled files.
    public var fixedFactor: Double
    public var recompiledFactor: Double
    public var fit: FitQuality
    public var measurements: [Measurement]

    /// One timed rebuild: the files the driver compiled, in the model's terms, and its seconds net
    /// of a no-op build of the same package.
    public struct Measurement: Sendable, Codable, Hashable {
        public var package: String
        /// `interface:APIClient` (a method added) or `body:APIClient` (a literal changed).
        public var edit: String
        public var features: RebuildFeatures
        public var seconds: Double

        public init(package: String, edit: String, features: RebuildFeatures, seconds: Double) {
            self.package = package
            self.edit = edit
            self.features = features
            self.seconds = seconds
        }
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The two factors by least squares, both ≥ 0, each rebuild weighed by 1 ÷ its seconds
    /// (relative errors, so the many short rebuilds count as much as the few long ones). A rebuild
    /// that compiled nothing, or measured no longer than a no-op build, is left out.
    ///
    /// - Parameter compileFactor: the cold builds' factor for compiling files (`ColdBuildScale`),
    ///   when the same calibration measured them: it is then the recompiled files' factor, and only
    ///   the fixed part is fitted here. The cold builds compile tens of seconds of code; these
    ///   rebuilds a few seconds on top of a fixed part that dominates them. Over five calibrations
    ///   (benchmarks/results/2026-11-27-rebuild-calibrated-morning.md), the cold factor priced 92 of 111
    ///   held-out rebuild savings of 1 s or more within ±25 %, the rebuilds' own 80.
    public static func fit(_ measurements: [Measurement], reference: RebuildCoefficients = .reference,
                           compileFactor: Double? = nil) throws -> RebuildCalibration {
        let usable = measurements.filter { $0.features.files > 0 && $0.seconds > 0 }
        guard usable.count >= 8 else {
            throw Failure(description: "the rebuild fit needs at least 8 measured rebuilds, got \(usable.count)")
        }
        let scale: PartScale<RebuildFeatures>
        do {
            scale = try PartScale.fit(usable.map { ($0.features, $0.seconds) }, reference: reference, compile: compileFactor,
                                      minimumSeconds: 0.1)
        } catch let failure as CostFit.Failure {
            throw Failure(description: "rebuilds: \(failure.description)")
        }
        let coefficients = scale.applied(to: reference)
        return RebuildCalibration(
            coefficients: coefficients, fixedFactor: scale.fixed, recompiledFactor: scale.compile,
            fit: FitQuality(predictions: usable.map { coefficients.seconds($0.features) }, targets: usable.map(\.seconds)),
            measurements: measurements)
    }
}
