/// Seconds of a cold debug build per unit of each `BuildFeatures` term.
///
/// The defaults were fitted on real packages and generated pairs on the reference machine (2 cores,
/// Linux, Swift 6.3; docs/closure-model.md has the fit and its held-out check, benchmarks/results/ the measurements).
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
    /// Per 1,000 tokens outside expressions (declarations, signatures, statement keywords): model
    /// 4's term, 0 in the reference since model 5.
    public var perThousandDeclarationTokens: Double
    /// Per 1,000 tokens outside function bodies (`BuildFeatures.signatureTokens`): model 5.
    public var perThousandSignatureTokens: Double
    /// Per second of estimated type-checking of function bodies (`BuildFeatures.typeCheckSeconds`,
    /// compiler time summed over files: a build spreads it over the machine's cores).
    public var perTypeCheckSecond: Double

    public init(overhead: Double, perModule: Double, perFile: Double, perThousandTokens: Double,
                perThousandClosures: Double = 0, perThousandComplexity: Double, frameworkLoad: Double = 0,
                perThousandLines: Double = 0, perThousandDeclarationTokens: Double = 0, perTypeCheckSecond: Double = 0,
                perThousandSignatureTokens: Double = 0) {
        self.overhead = overhead
        self.perModule = perModule
        self.perFile = perFile
        self.perThousandTokens = perThousandTokens
        self.perThousandClosures = perThousandClosures
        self.perThousandComplexity = perThousandComplexity
        self.frameworkLoad = frameworkLoad
        self.perThousandLines = perThousandLines
        self.perThousandDeclarationTokens = perThousandDeclarationTokens
        self.perTypeCheckSecond = perTypeCheckSecond
        self.perThousandSignatureTokens = perThousandSignatureTokens
    }

    /// Fitted on the reference machine by benchmarks/costfit/fit.py: 21 real modules and 16
    /// generated builds (docs/closure-model.md, "The reference fit"). Model 5: tokens outside
    /// function bodies and the estimated type-checking of bodies. Model 3 priced all tokens and
    /// closures and missed code unlike its fitting builds by −43 % to +130 %; model 4 priced tokens
    /// outside expressions, statements' keywords included, and overpriced cheap code by +77 %.
    public static let reference = BuildCoefficients(
        overhead: 4.184459934021979, perModule: 0, perFile: 0.007162983835681452, perThousandTokens: 0,
        perThousandComplexity: 0, frameworkLoad: 2.6011139615265577,
        perTypeCheckSecond: 0.6203493112536951, perThousandSignatureTokens: 0.12733641392798142)

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
        seconds += perThousandDeclarationTokens * Double(features.declarationTokens) / 1000
        seconds += perTypeCheckSecond * features.typeCheckSeconds
        seconds += perThousandSignatureTokens * Double(features.signatureTokens) / 1000
        return seconds
    }

    /// The fit's design row for one build (model 5): overhead, files, kilotokens outside function
    /// bodies, seconds of estimated body type-checking, whether any module imports a framework.
    ///
    /// A body's tokens are priced only through its type-checking: a per-token term for them (all,
    /// or those outside expressions, as model 4 did) came out 0 beside it, and model 4's overpriced
    /// cheap statement-heavy code by +77 %. Tokens, closures and the rest of the complexity are not
    /// terms: the type-checking estimate prices what made them costly. No per-module term: it came
    /// out near 0 (docs/closure-model.md).
    static func terms(_ features: BuildFeatures) -> [Double] {
        [1, Double(features.files), Double(features.signatureTokens) / 1000, features.typeCheckSeconds,
         Double(min(features.frameworkModules, 1))]
    }

    /// From the fitted values of `terms`, in their order.
    init(terms: [Double]) {
        self.init(overhead: terms[0], perModule: 0, perFile: terms[1], perThousandTokens: 0, perThousandComplexity: 0,
                  frameworkLoad: terms[4], perTypeCheckSecond: terms[3], perThousandSignatureTokens: terms[2])
    }

    var termValues: [Double] {
        [overhead, perFile, perThousandSignatureTokens, perTypeCheckSecond, frameworkLoad]
    }
}

extension BuildCoefficients: Codable {
    private enum CodingKeys: String, CodingKey {
        case overhead, perModule, perFile, perThousandTokens, perThousandClosures, perThousandComplexity,
             frameworkLoad, perThousandLines, perThousandDeclarationTokens, perTypeCheckSecond, perThousandSignatureTokens
    }

    /// Model 2 reports and calibrations have no closure or framework terms; model 3 ones no
    /// declaration-token or type-checking terms; model 4 ones no signature-token term.
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
            perThousandLines: try container.decodeIfPresent(Double.self, forKey: .perThousandLines) ?? 0,
            perThousandDeclarationTokens: try container.decodeIfPresent(Double.self, forKey: .perThousandDeclarationTokens) ?? 0,
            perTypeCheckSecond: try container.decodeIfPresent(Double.self, forKey: .perTypeCheckSecond) ?? 0,
            perThousandSignatureTokens: try container.decodeIfPresent(Double.self, forKey: .perThousandSignatureTokens) ?? 0)
    }
}
