/// Least-squares fit of `BuildCoefficients` to measured builds, with every coefficient kept ≥ 0.
///
/// A negative per-file or per-token cost would be an artefact of collinear inputs, and would
/// make some savings negative; terms that come out negative are pinned at zero and the rest refit
/// (the active-set method). The fitted terms are those `BuildCostTerms` marks `isFitted`.
public enum CostFit {
    public struct Measurement: Sendable, Codable, Hashable {
        public var name: String
        public var features: BuildFeatures
        /// Wall seconds of each cold build.
        public var seconds: [Double]

        public init(name: String, features: BuildFeatures, seconds: [Double]) {
            self.name = name
            self.features = features
            self.seconds = seconds
        }

        /// The median run: one slow run from a noisy neighbour does not move it.
        public var typicalSeconds: Double { CostFit.median(seconds) }
    }

    public struct Result: Sendable, Codable, Hashable {
        public var coefficients: BuildCoefficients
        public var points: Int
        /// Share of the variance of build times the model explains.
        public var rSquared: Double
        /// Mean of |predicted − measured| ÷ measured.
        public var meanRelativeError: Double
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// - Parameter fallback: coefficients for terms no measured build has (the generated packages
    ///   of `calibrate` import no framework): those keep the fallback's value.
    public static func fit(_ measurements: [Measurement], fallback: BuildCoefficients = .reference) throws -> Result {
        let usable = measurements.filter { !$0.seconds.isEmpty }
        guard usable.count >= 5 else {
            throw Failure(description: "the fit needs at least 5 measured builds, got \(usable.count)")
        }
        let terms = BuildFeatures.terms.filter(\.isFitted)
        let rows = usable.map { measurement in terms.map { $0.quantity(measurement.features) } }
        let targets = usable.map { $0.typicalSeconds - $0.features.measuredSeconds }
        let solution = try nonNegativeSolution(rows, targets)
        var coefficients = BuildCoefficients()
        for (column, term) in terms.enumerated() {
            // A term no measured build has keeps the fallback's price.
            let absent = rows.allSatisfy { $0[column] == 0 }
            coefficients[term] = absent ? fallback[term] : solution[column]
        }
        let fit = FitQuality(predictions: usable.map { coefficients.seconds($0.features) }, targets: usable.map(\.typicalSeconds))
        return Result(coefficients: coefficients, points: fit.points, rSquared: fit.rSquared, meanRelativeError: fit.meanRelativeError)
    }

    /// The middle value, or the mean of the two middle ones; 0 for none.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Least squares with every value kept ≥ 0 (the active-set method): terms that come out
    /// negative are pinned at zero, the most negative first, and the rest refit. Columns that are
    /// 0 in every row come out 0.
    public static func nonNegativeSolution(_ rows: [[Double]], _ targets: [Double]) throws -> [Double] {
        let width = rows.first?.count ?? 0
        var active = Set((0..<width).filter { column in rows.contains { $0[column] != 0 } })
        var solution = Array(repeating: 0.0, count: width)
        while !active.isEmpty {
            let columns = active.sorted()
            guard let partial = solveLeastSquares(rows.map { row in columns.map { row[$0] } }, targets) else {
                throw Failure(description: "the measured builds do not vary enough to separate the cost terms")
            }
            guard let worst = zip(columns, partial).filter({ $0.1 < 0 }).min(by: { $0.1 < $1.1 }) else {
                for (column, value) in zip(columns, partial) { solution[column] = value }
                break
            }
            active.remove(worst.0)
        }
        return solution
    }

    /// Normal equations with Gaussian elimination and partial pivoting; nil when singular.
    static func solveLeastSquares(_ rows: [[Double]], _ targets: [Double]) -> [Double]? {
        let width = rows.first?.count ?? 0
        guard width > 0 else { return [] }
        // Scale columns to unit size, so kilotokens and file counts are conditioned alike.
        var scales = Array(repeating: 0.0, count: width)
        for row in rows { for column in 0..<width { scales[column] = max(scales[column], abs(row[column])) } }
        guard !scales.contains(0) else { return nil }
        var matrix = Array(repeating: Array(repeating: 0.0, count: width + 1), count: width)
        for (row, target) in zip(rows, targets) {
            for i in 0..<width {
                let a = row[i] / scales[i]
                for j in 0..<width { matrix[i][j] += a * row[j] / scales[j] }
                matrix[i][width] += a * target
            }
        }
        for column in 0..<width {
            guard let pivot = (column..<width).max(by: { abs(matrix[$0][column]) < abs(matrix[$1][column]) }),
                  abs(matrix[pivot][column]) > 1e-9 else { return nil }
            matrix.swapAt(column, pivot)
            for row in 0..<width where row != column {
                let factor = matrix[row][column] / matrix[column][column]
                guard factor != 0 else { continue }
                for j in column...width { matrix[row][j] -= factor * matrix[column][j] }
            }
        }
        return (0..<width).map { matrix[$0][width] / matrix[$0][$0] / scales[$0] }
    }
}
