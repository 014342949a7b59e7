/// Seconds of an incremental debug build, net of a no-op build, per unit of each
/// `RebuildFeatures` term.
///
/// Fitted on measured incremental rebuilds of generated single-module packages on the reference
/// machine (`benchmarks/rebuild/`; docs/closure-model.md has the measurements, the fit, the
/// held-out check and the check on one-module pairs written apart from the fit's generator).
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
    /// Per 1,000 of the rest of the complexity (generic parameters and requirements, operators).
    public var perThousandComplexity: Double

    public init(overhead: Double, perModule: Double, perThousandModuleTokens: Double, perFile: Double,
                perThousandTokens: Double, perThousandSignatureTokens: Double = 0, perThousandClosures: Double,
                perThousandComplexity: Double) {
        self.overhead = overhead
        self.perModule = perModule
        self.perThousandModuleTokens = perThousandModuleTokens
        self.perFile = perFile
        self.perThousandTokens = perThousandTokens
        self.perThousandSignatureTokens = perThousandSignatureTokens
        self.perThousandClosures = perThousandClosures
        self.perThousandComplexity = perThousandComplexity
    }

    /// `benchmarks/rebuild/fit.py` on `benchmarks/rebuild/measurements.json`: 168 rebuilds of seven
    /// generated one-module packages (two more held out), weighted by 1 / seconds (model 6). No
    /// per-module term: one-module packages cannot show it. Priced per recompiled file, token
    /// outside bodies and closure; not per token (model 3), which overpriced cheap bodies threefold
    /// on code the fit's generator did not write, nor by the estimated type-checking, which misses
    /// these packages' closure-heavy bodies by half (docs/closure-model.md).
    public static let reference = RebuildCoefficients(
        overhead: 0.320143215499782, perModule: 0, perThousandModuleTokens: 0.0037120464659146125, perFile: 0.006411248012941295,
        perThousandTokens: 0, perThousandSignatureTokens: 0.15137445525551813, perThousandClosures: 6.925231169873178, perThousandComplexity: 0)

    /// Nothing recompiled costs nothing: the no-op build is the baseline.
    public func seconds(_ features: RebuildFeatures) -> Double {
        guard features.files > 0 else { return 0 }
        return overhead + perModule * Double(features.modules)
            + perThousandModuleTokens * Double(features.moduleTokens) / 1000
            + perFile * Double(features.files) + perThousandTokens * Double(features.tokens) / 1000
            + perThousandSignatureTokens * Double(features.tokens - features.bodyTokens) / 1000
            + perThousandClosures * Double(features.closures) / 1000
            + perThousandComplexity * Double(features.complexity - features.closures) / 1000
    }
}

extension RebuildCoefficients: Codable {
    private enum CodingKeys: String, CodingKey {
        case overhead, perModule, perThousandModuleTokens, perFile, perThousandTokens, perThousandSignatureTokens,
             perThousandClosures, perThousandComplexity
    }

    /// Reports of schema 7 and earlier (rebuild model 3) have no `perThousandSignatureTokens`.
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
        try container.encode(perThousandComplexity, forKey: .perThousandComplexity)
    }
}
