/// Seconds of a cold debug build per unit of each `BuildFeatures` term.
///
/// The defaults were fitted on real packages and generated pairs on the reference machine (2 cores,
/// Linux, Swift 6.3; docs/closure-model.md has the measurements and the held-out check).
public struct BuildCoefficients: Sendable, Hashable {
    /// Fixed cost of any build: the driver, the package graph, linking nothing.
    public var overhead: Double
    public var perModule: Double
    public var perFile: Double
    public var perThousandTokens: Double
    /// Per 1,000 closure expressions.
    public var perThousandClosures: Double
    /// Per 1,000 of the rest of `complexity` (generic parameters and requirements, binary operators).
    public var perThousandComplexity: Double
    /// Once per build that imports an SDK or binary framework anywhere: the first import builds
    /// the framework's module cache, later modules reuse it (measured: four modules importing
    /// Foundation cost a build no more than one).
    public var frameworkLoad: Double
    /// Only the line-rate model (`--seconds-per-kloc`) uses lines; fitted models use tokens.
    public var perThousandLines: Double

    public init(overhead: Double, perModule: Double, perFile: Double, perThousandTokens: Double,
                perThousandClosures: Double = 0, perThousandComplexity: Double, frameworkLoad: Double = 0,
                perThousandLines: Double = 0) {
        self.overhead = overhead
        self.perModule = perModule
        self.perFile = perFile
        self.perThousandTokens = perThousandTokens
        self.perThousandClosures = perThousandClosures
        self.perThousandComplexity = perThousandComplexity
        self.frameworkLoad = frameworkLoad
        self.perThousandLines = perThousandLines
    }

    /// Fitted on the reference machine by benchmarks/costfit/fit.py: 21 real modules and 16
    /// generated builds (docs/closure-model.md, "The reference fit").
    public static let reference = BuildCoefficients(
        overhead: 4.297400309022126, perModule: 0, perFile: 0.007690513806688781, perThousandTokens: 0.056698142894693736,
        perThousandClosures: 1.0892800873510555, perThousandComplexity: 0, frameworkLoad: 2.469963820658388)

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
        seconds += perThousandClosures * Double(features.closures) / 1000
        seconds += perThousandComplexity * Double(features.complexity - features.closures) / 1000
        seconds += frameworkLoad * Double(min(features.frameworkModules, 1))
        seconds += perThousandLines * Double(features.lines) / 1000
        return seconds
    }

    /// The fit's design row for one build: overhead, files, kilotokens, kiloclosures, the rest of
    /// the complexity in thousands, whether any module imports a framework.
    ///
    /// No per-module term: fitted with one on the real and generated builds, it came out near 0
    /// and the leave-one-out error did not improve (docs/closure-model.md); in the generated pairs
    /// alone it stands in for the overhead.
    static func terms(_ features: BuildFeatures) -> [Double] {
        [1, Double(features.files), Double(features.tokens) / 1000, Double(features.closures) / 1000,
         Double(features.complexity - features.closures) / 1000, Double(min(features.frameworkModules, 1))]
    }

    /// From the fitted values of `terms`, in their order.
    init(terms: [Double]) {
        self.init(overhead: terms[0], perModule: 0, perFile: terms[1], perThousandTokens: terms[2],
                  perThousandClosures: terms[3], perThousandComplexity: terms[4], frameworkLoad: terms[5])
    }

    var termValues: [Double] {
        [overhead, perFile, perThousandTokens, perThousandClosures, perThousandComplexity, frameworkLoad]
    }
}

extension BuildCoefficients: Codable {
    private enum CodingKeys: String, CodingKey {
        case overhead, perModule, perFile, perThousandTokens, perThousandClosures, perThousandComplexity,
             frameworkLoad, perThousandLines
    }

    /// Model 2 reports and calibrations have no closure or framework terms.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            overhead: try container.decode(Double.self, forKey: .overhead),
            perModule: try container.decode(Double.self, forKey: .perModule),
            perFile: try container.decode(Double.self, forKey: .perFile),
            perThousandTokens: try container.decode(Double.self, forKey: .perThousandTokens),
            perThousandClosures: try container.decodeIfPresent(Double.self, forKey: .perThousandClosures) ?? 0,
            perThousandComplexity: try container.decode(Double.self, forKey: .perThousandComplexity),
            frameworkLoad: try container.decodeIfPresent(Double.self, forKey: .frameworkLoad) ?? 0,
            perThousandLines: try container.decodeIfPresent(Double.self, forKey: .perThousandLines) ?? 0)
    }
}
