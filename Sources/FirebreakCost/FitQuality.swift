/// How well a cost model's predictions match the builds it was fitted or scaled to.
public struct FitQuality: Sendable, Codable, Hashable {
    public var points: Int
    /// Share of the variance of the measured seconds the model explains.
    public var rSquared: Double
    /// Mean of |predicted − measured| ÷ measured.
    public var meanRelativeError: Double

    public init(points: Int, rSquared: Double, meanRelativeError: Double) {
        self.points = points
        self.rSquared = rSquared
        self.meanRelativeError = meanRelativeError
    }

    /// How well `predictions` match the measured `targets` (not empty, all > 0).
    public init(predictions: [Double], targets: [Double]) {
        let mean = targets.reduce(0, +) / Double(targets.count)
        let residual = zip(predictions, targets).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        let total = targets.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        self.init(points: targets.count, rSquared: total == 0 ? 1 : 1 - residual / total,
                  meanRelativeError: zip(predictions, targets).reduce(0) { $0 + abs($1.0 - $1.1) / $1.1 } / Double(targets.count))
    }
}
