/// A machine's speed in two factors over a reference model: one for the terms of a build's fixed
/// part, one for its compile part (`CostPart`).
///
/// Scaling, not refitting, is how `calibrate` adapts both models: their terms price kinds of code,
/// and a free fit on a few generated packages learns those packages' mix instead of the machine
/// (`ColdBuildScale`, `RebuildCalibration`).
public struct PartScale<Features: CostFeatures>: Sendable, Hashable {
    public var fixed: Double
    public var compile: Double

    /// The two factors by least squares, both ≥ 0, each build weighed by 1 ÷ its seconds (relative
    /// errors, so that small builds count as much as large ones).
    ///
    /// - Parameter compile: a compile factor known already; then only the fixed one is fitted.
    public static func fit(_ builds: [(features: Features, seconds: Double)], reference: CostCoefficients<Features>,
                           compile known: Double? = nil, minimumSeconds: Double = 0) throws -> PartScale {
        let parts = builds.map { build in
            (fixed: reference.seconds(build.features, part: .fixed), compile: reference.seconds(build.features, part: .compile))
        }
        let weights = builds.map { 1 / max($0.seconds, minimumSeconds) }
        if let known {
            let fixed = try CostFit.nonNegativeSolution(
                zip(parts, weights).map { part, weight in [part.fixed * weight] },
                zip(zip(builds, parts), weights).map { pair, weight in (pair.0.seconds - pair.0.features.measuredSeconds - known * pair.1.compile) * weight })
            return PartScale(fixed: fixed[0], compile: known)
        }
        let factors = try CostFit.nonNegativeSolution(
            zip(parts, weights).map { part, weight in [part.fixed * weight, part.compile * weight] },
            zip(builds, weights).map { ($0.seconds - $0.features.measuredSeconds) * $1 })
        return PartScale(fixed: factors[0], compile: factors[1])
    }

    /// The reference with each term scaled by its part's factor.
    public func applied(to reference: CostCoefficients<Features>) -> CostCoefficients<Features> {
        reference.scaled(fixed: fixed, compile: compile)
    }
}
