/// Turns lines of closure into estimated seconds of type-checking.
///
/// The default rate is the marginal `swiftc -typecheck` rate measured on the reference machine
/// (2 cores) with `benchmarks/typecheck_rate.py`: start-up cost excluded, app-like code with
/// closures, optionals and collection pipelines. See docs/closure-model.md for what it ignores.
public struct CostModel: Sendable, Codable, Hashable {
    public static let defaultSecondsPerKloc = 0.50
    public static let defaultSource = "default: swiftc -typecheck, 0.50 s per 1,000 lines on a 2-core reference machine"

    public var secondsPerKloc: Double
    /// Where the rate comes from, stated in every report.
    public var source: String
    public var unit = "seconds"

    public init(secondsPerKloc: Double = CostModel.defaultSecondsPerKloc, source: String = CostModel.defaultSource) {
        self.secondsPerKloc = secondsPerKloc
        self.source = source
    }

    public func seconds(lines: Int) -> Double {
        (Double(lines) / 1000 * secondsPerKloc * 100).rounded() / 100
    }
}
