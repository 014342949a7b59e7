/// The terms of the incremental-rebuild model, each declared once: adding a term is a change to
/// this file (and, for a quantity not yet counted, to `RebuildFeatures`).
///
/// The reference values are `benchmarks/rebuild/fit.py --single` on
/// `benchmarks/rebuild/measurements.json` and `benchmarks/independent/single_measurements.json`:
/// 222 rebuilds of seven packages of the rebuild generator (two more held out) and of three
/// one-module pairs written apart from it, weighted by 1 / seconds (model 7). Priced per recompiled
/// file, token outside bodies, closure and second of estimated body type-checking; the last prices
/// what closures do not show (mixed-literal arithmetic, which model 6 underestimated by half), and
/// comes out 0 unless such code is in the fit (docs/closure-model.md).
public enum RebuildCostTerms {
    /// An incremental build that compiles anything: the driver's planning, the first batch job's start.
    public static let overhead = CostTerm<RebuildFeatures>(
        name: "overhead", label: "overhead", feature: "one per rebuild that compiles anything", part: .fixed,
        reference: 0.3889501395560481, isFitted: true) { _ in 1 }
    /// Re-emitting a module; one-module packages cannot show it, so no fit has it.
    public static let perModule = CostTerm<RebuildFeatures>(
        name: "perModule", label: "per module", feature: "modules with a recompiled file", part: .fixed,
        reference: 0, isFitted: false) { Double($0.modules) }
    /// Every batch job parses all of its module's files, whatever it recompiles.
    public static let perThousandModuleTokens = CostTerm<RebuildFeatures>(
        name: "perThousandModuleTokens", label: "per 1,000 tokens of a rebuilt module",
        feature: "tokens of the rebuilt modules, in thousands", part: .fixed,
        reference: 0.0009301746989040975, isFitted: true) { Double($0.moduleTokens) / 1000 }
    public static let perFile = CostTerm<RebuildFeatures>(
        name: "perFile", label: "per recompiled file", feature: "files recompiled", part: .compile,
        reference: 0.009276481076322994, isFitted: true) { Double($0.files) }
    /// Model 3 priced every token and overpriced cheap bodies; model 6 prices tokens outside bodies.
    public static let perThousandTokens = CostTerm<RebuildFeatures>(
        name: "perThousandTokens", label: "per 1,000 recompiled tokens", feature: "recompiled tokens, in thousands",
        part: .compile, reference: 0, isFitted: false) { Double($0.tokens) / 1000 }
    public static let perThousandSignatureTokens = CostTerm<RebuildFeatures>(
        name: "perThousandSignatureTokens", label: "per 1,000 recompiled tokens outside bodies",
        feature: "recompiled tokens outside function bodies, in thousands", part: .compile,
        reference: 0.11451939684579533, isFitted: true) { Double($0.tokens - $0.bodyTokens) / 1000 }
    public static let perThousandClosures = CostTerm<RebuildFeatures>(
        name: "perThousandClosures", label: "per 1,000 recompiled closures", feature: "recompiled closure expressions, in thousands",
        part: .compile, reference: 6.114877648871443, isFitted: true) { Double($0.closures) / 1000 }
    /// Model 7: what closures do not show, such as mixed-literal arithmetic.
    public static let perTypeCheckSecond = CostTerm<RebuildFeatures>(
        name: "perTypeCheckSecond", label: "per second of type-checking",
        feature: "estimated seconds of the recompiled bodies' type-checking", part: .compile,
        reference: 0.11798193751743885, isFitted: true) { $0.typeCheckSeconds }
    /// Generic parameters and requirements, operators (closures apart).
    public static let perThousandComplexity = CostTerm<RebuildFeatures>(
        name: "perThousandComplexity", label: "per 1,000 of complexity", feature: "recompiled complexity other than closures, in thousands",
        part: .compile, reference: 0, isFitted: false) { Double($0.complexity - $0.closures) / 1000 }

    public static let all = [
        overhead, perModule, perThousandModuleTokens, perFile, perThousandTokens, perThousandSignatureTokens,
        perThousandClosures, perTypeCheckSecond, perThousandComplexity,
    ]
}
