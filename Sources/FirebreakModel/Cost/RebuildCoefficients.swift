/// Seconds of an incremental debug build, net of a no-op build, per unit of each
/// `RebuildFeatures` term.
///
/// Fitted on measured incremental rebuilds of generated single-module packages on the reference
/// machine (`benchmarks/rebuild/`; docs/closure-model.md has the fit and its checks, benchmarks/results/ the measurements).
public struct RebuildCoefficients: Sendable, Hashable {
    /// Fixed cost of an incremental build that compiles anything: the driver's planning and the
    /// first batch job's start.
    public var overhead: Double
    /// Per module rebuilt: re-emitting the module, and the batch jobs parsing its files.
    public var perModule: Double
    public var perThousandModuleTokens: Double
    /// Per recompiled file: type-checking its bodies and generating its code.
    public var perFile: Double
    public var perThousandTokens: Double
    /// Per 1,000 recompiled tokens outside function bodies (declarations, signatures): model 6's
    /// price of a file's size, where model 3 priced every token and overpriced cheap bodies.
    public var perThousandSignatureTokens: Double
    public var perThousandClosures: Double
    /// Per second of the recompiled files' estimated body type-checking (model 7): what closures
    /// do not show, such as mixed-literal arithmetic.
    public var perTypeCheckSecond: Double
    /// Per 1,000 of the rest of the complexity (generic parameters and requirements, operators).
    public var perThousandComplexity: Double

    public init(overhead: Double, perModule: Double, perThousandModuleTokens: Double, perFile: Double,
                perThousandTokens: Double, perThousandSignatureTokens: Double = 0, perThousandClosures: Double,
                perTypeCheckSecond: Double = 0, perThousandComplexity: Double) {
        self.overhead = overhead
        self.perModule = perModule
        self.perThousandModuleTokens = perThousandModuleTokens
        self.perFile = perFile
        self.perThousandTokens = perThousandTokens
        self.perThousandSignatureTokens = perThousandSignatureTokens
        self.perThousandClosures = perThousandClosures
        self.perTypeCheckSecond = perTypeCheckSecond
        self.perThousandComplexity = perThousandComplexity
    }

    /// `benchmarks/rebuild/fit.py --single` on `benchmarks/rebuild/measurements.json` and
    /// `benchmarks/independent/single_measurements.json`: 222 rebuilds of seven packages of the
    /// rebuild generator (two more held out) and of three one-module pairs written apart from it,
    /// weighted by 1 / seconds (model 7). No per-module term: one-module packages cannot show it.
    /// Priced per recompiled file, token outside bodies, closure and second of estimated body
    /// type-checking; the last prices what closures do not show (mixed-literal arithmetic, which
    /// model 6 underestimated by half), and comes out 0 unless such code is in the fit
    /// (docs/closure-model.md).
    public static let reference = RebuildCoefficients(
        overhead: 0.3889501395560481, perModule: 0, perThousandModuleTokens: 0.0009301746989040975, perFile: 0.009276481076322994,
        perThousandTokens: 0, perThousandSignatureTokens: 0.11451939684579533, perThousandClosures: 6.114877648871443,
        perTypeCheckSecond: 0.11798193751743885, perThousandComplexity: 0)

    /// Nothing recompiled costs nothing: the no-op build is the baseline.
    public func seconds(_ features: RebuildFeatures) -> Double {
        guard features.files > 0 else { return 0 }
        return overhead + perModule * Double(features.modules)
            + perThousandModuleTokens * Double(features.moduleTokens) / 1000
            + perFile * Double(features.files) + perThousandTokens * Double(features.tokens) / 1000
            + perThousandSignatureTokens * Double(features.tokens - features.bodyTokens) / 1000
            + perThousandClosures * Double(features.closures) / 1000
            + perTypeCheckSecond * features.typeCheckSeconds
            + perThousandComplexity * Double(features.complexity - features.closures) / 1000
    }
}

extension RebuildCoefficients: Codable {
    private enum CodingKeys: String, CodingKey {
        case overhead, perModule, perThousandModuleTokens, perFile, perThousandTokens, perThousandSignatureTokens,
             perThousandClosures, perTypeCheckSecond, perThousandComplexity
    }

    /// Reports of schema 7 and earlier (rebuild model 3) have no `perThousandSignatureTokens`, and
    /// of schema 8 and earlier no `perTypeCheckSecond`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            overhead: try container.decode(Double.self, forKey: .overhead),
            perModule: try container.decode(Double.self, forKey: .perModule),
            perThousandModuleTokens: try container.decode(Double.self, forKey: .perThousandModuleTokens),
            perFile: try container.decode(Double.self, forKey: .perFile),
            perThousandTokens: try container.decode(Double.self, forKey: .perThousandTokens),
            perThousandSignatureTokens: try container.decodeIfPresent(Double.self, forKey: .perThousandSignatureTokens) ?? 0,
            perThousandClosures: try container.decode(Double.self, forKey: .perThousandClosures),
            perTypeCheckSecond: try container.decodeIfPresent(Double.self, forKey: .perTypeCheckSecond) ?? 0,
            perThousandComplexity: try container.decode(Double.self, forKey: .perThousandComplexity))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(overhead, forKey: .overhead)
        try container.encode(perModule, forKey: .perModule)
        try container.encode(perThousandModuleTokens, forKey: .perThousandModuleTokens)
        try container.encode(perFile, forKey: .perFile)
        try container.encode(perThousandTokens, forKey: .perThousandTokens)
        try container.encode(perThousandSignatureTokens, forKey: .perThousandSignatureTokens)
        try container.encode(perThousandClosures, forKey: .perThousandClosures)
        try container.encode(perTypeCheckSecond, forKey: .perTypeCheckSecond)
        try container.encode(perThousandComplexity, forKey: .perThousandComplexity)
    }
}
