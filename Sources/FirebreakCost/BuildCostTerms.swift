/// The terms of the cold-build model, each declared once: adding a term is a change to this file
/// (and, for a quantity not yet counted, to `BuildFeatures`).
///
/// The reference values were fitted on real packages and generated pairs on the reference machine
/// (2 cores, Linux, Swift 6.3) by benchmarks/costfit/fit.py: 21 real modules and 16 generated
/// builds (docs/closure-model.md, "The reference fit"). Model 5 prices files, tokens outside
/// function bodies and the estimated type-checking of bodies: a body's tokens are priced only
/// through its type-checking, since a per-token term for them (all, or those outside expressions,
/// as model 4 did) came out 0 beside it, and model 4 overpriced cheap statement-heavy code by +77 %.
/// Model 3 priced all tokens and closures and missed code unlike its fitting builds by −43 % to
/// +130 %. The terms of those models stay, unfitted, so that their reports still read.
public enum BuildCostTerms {
    /// Fixed cost of any build: the driver, the package graph, linking nothing.
    public static let overhead = CostTerm<BuildFeatures>(
        name: "overhead", label: "overhead", feature: "one per build", part: .fixed,
        reference: 4.184459934021979, isFitted: true) { _ in 1 }
    /// No model fits it: it came out near 0 (docs/closure-model.md).
    public static let perModule = CostTerm<BuildFeatures>(
        name: "perModule", label: "per module", feature: "modules built", part: .fixed,
        reference: 0, isFitted: false) { Double($0.modules) }
    public static let perFile = CostTerm<BuildFeatures>(
        name: "perFile", label: "per file", feature: "files compiled", part: .compile,
        reference: 0.007162983835681452, isFitted: true) { Double($0.files) }
    /// Model 3's price of size; model 5 prices tokens outside bodies instead.
    public static let perThousandTokens = CostTerm<BuildFeatures>(
        name: "perThousandTokens", label: "per 1,000 tokens", feature: "tokens, in thousands", part: .compile,
        reference: 0, isFitted: false) { Double($0.tokens) / 1000 }
    /// Model 3: closure expressions type-check slowest; model 5's type-checking estimate prices them.
    public static let perThousandClosures = CostTerm<BuildFeatures>(
        name: "perThousandClosures", label: "per 1,000 closures", feature: "closure expressions, in thousands",
        part: .compile, reference: 0, isFitted: false) { Double($0.closures) / 1000 }
    /// Model 3: generic parameters and requirements, binary operators (closures apart).
    public static let perThousandComplexity = CostTerm<BuildFeatures>(
        name: "perThousandComplexity", label: "per 1,000 of complexity", feature: "complexity other than closures, in thousands",
        part: .compile, reference: 0, isFitted: false) { Double($0.complexity - $0.closures) / 1000 }
    /// Once per build that imports an SDK or binary framework anywhere: the first import builds the
    /// framework's module cache, later modules reuse it (measured: four modules importing
    /// Foundation cost a build no more than one).
    public static let frameworkLoad = CostTerm<BuildFeatures>(
        name: "frameworkLoad", label: "framework load", feature: "whether any module imports a framework",
        part: .fixed, reference: 2.6011139615265577, isFitted: true) { Double(min($0.frameworkModules, 1)) }
    /// Only the line-rate model (`--seconds-per-kloc`) prices lines.
    public static let perThousandLines = CostTerm<BuildFeatures>(
        name: "perThousandLines", label: "per 1,000 lines", feature: "code lines, in thousands", part: .compile,
        reference: 0, isFitted: false) { Double($0.lines) / 1000 }
    /// Model 4: tokens outside expressions, statements' keywords included.
    public static let perThousandDeclarationTokens = CostTerm<BuildFeatures>(
        name: "perThousandDeclarationTokens", label: "per 1,000 tokens outside expressions",
        feature: "tokens outside expressions, in thousands", part: .compile,
        reference: 0, isFitted: false) { Double($0.declarationTokens) / 1000 }
    /// Compiler time summed over files: a build spreads it over the machine's cores.
    public static let perTypeCheckSecond = CostTerm<BuildFeatures>(
        name: "perTypeCheckSecond", label: "per second of type-checking", feature: "estimated seconds of body type-checking",
        part: .compile, reference: 0.6203493112536951, isFitted: true) { $0.typeCheckSeconds }
    /// Declarations, their signatures, stored properties' initial values.
    public static let perThousandSignatureTokens = CostTerm<BuildFeatures>(
        name: "perThousandSignatureTokens", label: "per 1,000 tokens outside bodies",
        feature: "tokens outside function bodies, in thousands", part: .compile,
        reference: 0.12733641392798142, isFitted: true) { Double($0.signatureTokens) / 1000 }

    public static let all = [
        overhead, perModule, perFile, perThousandTokens, perThousandClosures, perThousandComplexity, frameworkLoad,
        perThousandLines, perThousandDeclarationTokens, perTypeCheckSecond, perThousandSignatureTokens,
    ]
}

extension CostCoefficients where Features == BuildFeatures {
    /// Model version 1, and `--seconds-per-kloc`: a flat rate per code line, no fixed costs.
    public static func lineRate(secondsPerKloc: Double) -> BuildCoefficients {
        BuildCoefficients([BuildCostTerms.perThousandLines: secondsPerKloc])
    }
}
