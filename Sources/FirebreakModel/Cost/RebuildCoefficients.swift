/// Seconds of an incremental debug build, net of a no-op build, per unit of each
/// `RebuildFeatures` term.
///
/// Fitted on measured incremental rebuilds of generated single-module packages on the reference
/// machine (`benchmarks/rebuild/`; docs/closure-model.md has the measurements, the fit and the
/// held-out check).
public struct RebuildCoefficients: Sendable, Codable, Hashable {
    /// Fixed cost of an incremental build that compiles anything: the driver's planning and the
    /// first batch job's start.
    public var overhead: Double
    /// Per module rebuilt: re-emitting the module, and the batch jobs parsing its files.
    public var perModule: Double
    public var perThousandModuleTokens: Double
    /// Per recompiled file: type-checking its bodies and generating its code.
    public var perFile: Double
    public var perThousandTokens: Double
    public var perThousandClosures: Double
    /// Per 1,000 of the rest of the complexity (generic parameters and requirements, operators).
    public var perThousandComplexity: Double

    public init(overhead: Double, perModule: Double, perThousandModuleTokens: Double, perFile: Double,
                perThousandTokens: Double, perThousandClosures: Double, perThousandComplexity: Double) {
        self.overhead = overhead
        self.perModule = perModule
        self.perThousandModuleTokens = perThousandModuleTokens
        self.perFile = perFile
        self.perThousandTokens = perThousandTokens
        self.perThousandClosures = perThousandClosures
        self.perThousandComplexity = perThousandComplexity
    }

    /// `benchmarks/rebuild/fit.py` on `benchmarks/rebuild/measurements.json`: 168 rebuilds of seven
    /// generated one-module packages (two more held out), weighted by 1 / seconds, R² 0.975. No per-module term: one-module
    /// packages cannot show it. Per file and other complexity came out 0 (kept ≥ 0): tokens and
    /// closures carry the recompiled files' cost.
    public static let reference = RebuildCoefficients(
        overhead: 0.32504488495485273, perModule: 0, perThousandModuleTokens: 0.004690220867933201, perFile: 0,
        perThousandTokens: 0.08580226398399819, perThousandClosures: 5.307967453830311, perThousandComplexity: 0)

    /// Nothing recompiled costs nothing: the no-op build is the baseline.
    public func seconds(_ features: RebuildFeatures) -> Double {
        guard features.files > 0 else { return 0 }
        return overhead + perModule * Double(features.modules)
            + perThousandModuleTokens * Double(features.moduleTokens) / 1000
            + perFile * Double(features.files) + perThousandTokens * Double(features.tokens) / 1000
            + perThousandClosures * Double(features.closures) / 1000
            + perThousandComplexity * Double(features.complexity - features.closures) / 1000
    }
}
