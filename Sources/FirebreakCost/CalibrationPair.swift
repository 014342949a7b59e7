/// One generated package in both shapes: measured builds, and what `analyze` on the naive shape
/// says the firewalled build compiles.
public struct CalibrationPair: Sendable, Codable, Hashable {
    public var name: String
    public var style: String
    public var naive: CostFit.Measurement
    public var firewalled: CostFit.Measurement
    public var estimatedFirewalled: BuildFeatures

    public init(name: String, style: String, naive: CostFit.Measurement, firewalled: CostFit.Measurement,
                estimatedFirewalled: BuildFeatures) {
        self.name = name
        self.style = style
        self.naive = naive
        self.firewalled = firewalled
        self.estimatedFirewalled = estimatedFirewalled
    }

    /// (naive − firewalled) ÷ naive, from the median runs.
    public var measuredSaving: Double {
        let before = naive.typicalSeconds
        return before > 0 ? (before - firewalled.typicalSeconds) / before : 0
    }

    /// Seconds saved: naive − firewalled, from the median runs.
    public var measuredSecondsSaved: Double { naive.typicalSeconds - firewalled.typicalSeconds }

    /// The same as the model predicts it from the naive shape alone.
    public func estimatedSecondsSaved(_ coefficients: BuildCoefficients) -> Double {
        coefficients.seconds(naive.features) - coefficients.seconds(estimatedFirewalled)
    }

    /// (estimated − measured) ÷ measured seconds saved.
    public func relativeError(_ coefficients: BuildCoefficients) -> Double {
        let measured = measuredSecondsSaved
        return measured == 0 ? 0 : (estimatedSecondsSaved(coefficients) - measured) / measured
    }
}
