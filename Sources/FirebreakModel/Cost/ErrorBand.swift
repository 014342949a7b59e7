/// How far a measured figure fell from its estimate on code no fit saw: the span of
/// measured ÷ estimated over the held-out checks of docs/closure-model.md ("How far the estimates
/// hold"), for each kind of figure and each source of coefficients, widened a little beyond the
/// extremes seen. A printed range is this band around the estimate; it is the spread observed, not
/// a confidence interval, and a machine or code kind unlike those checked can fall outside it.
public struct ErrorBand: Sendable, Hashable {
    /// Measured ÷ estimated, lowest and highest.
    public var lowRatio: Double
    public var highRatio: Double
    /// Seconds a build's noise adds on either side, whatever the estimate: what makes a saving
    /// under a second indistinguishable from none.
    public var noiseSeconds: Double

    public enum Figure: Sendable, Hashable {
        case coldBuild, coldSaving, rebuild, rebuildSaving
    }

    /// Reference coefficients on a machine of the reference kind on any day: the held-out errors
    /// of the fit's days (−24 % to +36 % on cold savings) times the day's speed (0.59 to 1.74 of
    /// the reference's seconds, savings up to 2.07 times the estimate in a slow spell), and code
    /// of a style no fit saw (overloaded operators on a module's own value type: +116 %).
    static let referenceCold = ErrorBand(lowRatio: 0.4, highRatio: 2.1, noiseSeconds: 0.3)
    /// Calibrated the same hour: measured ÷ estimated from 0.44 (the operators style) to 2.53 over
    /// every saving recorded beside a calibration of its session. The machine's speed moved by up
    /// to two times within a session, and the calibrator's generated code and other code read it
    /// differently: a calibration widens the reference's range rather than narrowing it.
    static let calibratedCold = ErrorBand(lowRatio: 0.4, highRatio: 2.6, noiseSeconds: 0.3)
    /// Reference rebuild coefficients: savings −28 % to +95 % on held-out pairs, and the cold
    /// builds' slowest day.
    static let referenceRebuild = ErrorBand(lowRatio: 0.45, highRatio: 1.8, noiseSeconds: 0.7)
    /// Calibrated rebuilds: −35 % to +44 %, closure-free arithmetic up to 49 % low.
    static let calibratedRebuild = ErrorBand(lowRatio: 0.65, highRatio: 2.0, noiseSeconds: 0.7)

    /// The band of a figure priced by `model`. Build stats and the line rate have no held-out
    /// checks of their own; they get the reference's band.
    public static func of(_ figure: Figure, _ model: CostModel) -> ErrorBand {
        switch figure {
        case .coldBuild, .coldSaving:
            return model.mode == .calibration ? calibratedCold : referenceCold
        case .rebuild, .rebuildSaving:
            return model.rebuildSource == CostModel.rebuildSource ? referenceRebuild : calibratedRebuild
        }
    }

    /// The range a measured figure is expected in, never below 0; a zero estimate has no range.
    public func range(of estimate: Double) -> SecondsRange? {
        guard estimate > 0 else { return nil }
        let low = max(0, min(estimate * lowRatio, estimate - noiseSeconds))
        let high = max(estimate * highRatio, estimate + noiseSeconds)
        return SecondsRange(low: (low * 100).rounded(.down) / 100, high: (high * 100).rounded(.up) / 100)
    }
}

extension ErrorBand {
    /// The range of a difference that may be negative (a closure that grew costs seconds): the
    /// band around its size, with its sign.
    public func signedRange(of estimate: Double) -> SecondsRange? {
        guard estimate < 0 else { return range(of: estimate) }
        return range(of: -estimate).map { SecondsRange(low: -$0.high, high: -$0.low) }
    }
}

/// Where a measured figure is expected: `low` to `high` seconds.
public struct SecondsRange: Sendable, Hashable, Codable {
    public var low: Double
    public var high: Double

    public init(low: Double, high: Double) {
        self.low = low
        self.high = high
    }

    /// The range a report's `low`/`high` keys hold; nil when it has none (an older report, 0 s).
    public init?(_ low: Double?, _ high: Double?) {
        guard let low, let high else { return nil }
        self.init(low: low, high: high)
    }
}
