/// Seconds of a cold debug build per unit of each `BuildFeatures` term.
///
/// The defaults were fitted with `firebreak calibrate` on the reference machine (2 cores, Linux,
/// Swift 6.x; see docs/closure-model.md for the measurements and the held-out check).
public struct BuildCoefficients: Sendable, Codable, Hashable {
    /// Fixed cost of any build: the driver, the package graph, linking nothing.
    public var overhead: Double
    public var perModule: Double
    public var perFile: Double
    public var perThousandTokens: Double
    public var perThousandComplexity: Double
    /// Only the line-rate model (`--seconds-per-kloc`) uses lines; fitted models use tokens.
    public var perThousandLines: Double

    public init(overhead: Double, perModule: Double, perFile: Double, perThousandTokens: Double,
                perThousandComplexity: Double, perThousandLines: Double = 0) {
        self.overhead = overhead
        self.perModule = perModule
        self.perFile = perFile
        self.perThousandTokens = perThousandTokens
        self.perThousandComplexity = perThousandComplexity
        self.perThousandLines = perThousandLines
    }

    /// Fitted on the reference machine: `firebreak calibrate --from-measurements
    /// benchmarks/calibration/reference.json` gives these values back (16 builds, R² 0.904).
    public static let reference = BuildCoefficients(
        overhead: 5.311883943814565, perModule: 0, perFile: 0.009163217891814662,
        perThousandTokens: 0.0162000169668762, perThousandComplexity: 0.7756133606511937)

    public static func lineRate(secondsPerKloc: Double) -> BuildCoefficients {
        BuildCoefficients(overhead: 0, perModule: 0, perFile: 0, perThousandTokens: 0, perThousandComplexity: 0,
                          perThousandLines: secondsPerKloc)
    }

    /// The predicted seconds of a cold build, overhead included; measured file times are added as
    /// they are.
    public func seconds(_ features: BuildFeatures) -> Double {
        var seconds = overhead + features.measuredSeconds
        seconds += perModule * Double(features.modules)
        seconds += perFile * Double(features.files)
        seconds += perThousandTokens * Double(features.tokens) / 1000
        seconds += perThousandComplexity * Double(features.complexity) / 1000
        seconds += perThousandLines * Double(features.lines) / 1000
        return seconds
    }

    /// The fit's design row for one build: overhead, files, kilotokens, kilocomplexity.
    ///
    /// No per-module term: in the generated pairs the module count is 5 in every naive build and 2
    /// in every firewalled one, so a module's own cost cannot be told apart from the code it holds.
    /// Fitted with it, the term took the overhead's place and one held-out estimate missed by 24 %.
    static func terms(_ features: BuildFeatures) -> [Double] {
        [1, Double(features.files), Double(features.tokens) / 1000, Double(features.complexity) / 1000]
    }

    init(terms: [Double]) {
        self.init(overhead: terms[0], perModule: 0, perFile: terms[1], perThousandTokens: terms[2],
                  perThousandComplexity: terms[3])
    }
}
