/// What a cold build of a set of modules has to compile, in the terms the cost model prices.
public struct BuildFeatures: Sendable, Hashable {
    public var modules: Int
    /// Files, code lines, tokens and complexity (closures, generic parameters and requirements,
    /// binary operators) of the files without a measured compile time.
    public var files: Int
    public var lines: Int
    public var tokens: Int
    public var complexity: Int
    /// Closure expressions, counted in `complexity` too: priced apart, they type-check slowest.
    public var closures: Int
    /// Modules with a file that imports an SDK or binary framework (Foundation, SwiftUI, UIKit,
    /// Firebase…). The model prices whether there is any: the first one loads the framework.
    public var frameworkModules: Int
    /// Tokens inside outermost expressions (the rest are declarations), and the estimated
    /// type-checking of function bodies in millionths of a second (docs/closure-model.md, "What a
    /// body costs the type checker"): what sets kinds of code apart, where tokens cannot.
    public var expressionTokens: Int
    public var typeCheckMicroseconds: Int
    /// Tokens inside function, initializer and accessor bodies: their cost is the type-checking
    /// above; the rest, `signatureTokens`, are declarations priced per token.
    public var bodyTokens: Int
    /// Files with a compile time from `--build-stats`, and the sum of those times.
    public var measuredFiles: Int
    public var measuredSeconds: Double

    public init(modules: Int = 0, files: Int = 0, lines: Int = 0, tokens: Int = 0, complexity: Int = 0,
                closures: Int = 0, frameworkModules: Int = 0, expressionTokens: Int = 0, typeCheckMicroseconds: Int = 0,
                bodyTokens: Int = 0, measuredFiles: Int = 0, measuredSeconds: Double = 0) {
        self.modules = modules
        self.files = files
        self.lines = lines
        self.tokens = tokens
        self.complexity = complexity
        self.closures = closures
        self.frameworkModules = frameworkModules
        self.expressionTokens = expressionTokens
        self.typeCheckMicroseconds = typeCheckMicroseconds
        self.bodyTokens = bodyTokens
        self.measuredFiles = measuredFiles
        self.measuredSeconds = measuredSeconds
    }

    /// Tokens outside expressions: declarations, signatures, statements' keywords.
    public var declarationTokens: Int { tokens - expressionTokens }
    /// Tokens outside function bodies: declarations, their signatures, stored properties' initial
    /// values.
    public var signatureTokens: Int { tokens - bodyTokens }
    public var typeCheckSeconds: Double { Double(typeCheckMicroseconds) / 1_000_000 }

    public static func + (lhs: BuildFeatures, rhs: BuildFeatures) -> BuildFeatures {
        BuildFeatures(
            modules: lhs.modules + rhs.modules, files: lhs.files + rhs.files, lines: lhs.lines + rhs.lines,
            tokens: lhs.tokens + rhs.tokens, complexity: lhs.complexity + rhs.complexity,
            closures: lhs.closures + rhs.closures, frameworkModules: lhs.frameworkModules + rhs.frameworkModules,
            expressionTokens: lhs.expressionTokens + rhs.expressionTokens,
            typeCheckMicroseconds: lhs.typeCheckMicroseconds + rhs.typeCheckMicroseconds,
            bodyTokens: lhs.bodyTokens + rhs.bodyTokens,
            measuredFiles: lhs.measuredFiles + rhs.measuredFiles, measuredSeconds: lhs.measuredSeconds + rhs.measuredSeconds)
    }
}

extension BuildFeatures: CostFeatures {
    public static var terms: [CostTerm<BuildFeatures>] { BuildCostTerms.all }
    public var compilesNothing: Bool { false }
}

extension BuildFeatures: Codable {
    private enum CodingKeys: String, CodingKey {
        case modules, files, lines, tokens, complexity, closures, frameworkModules, expressionTokens, typeCheckSeconds,
             bodyTokens, measuredFiles, measuredSeconds
    }

    /// Reports of schema 3 and calibrations of schema 1 have no `closures` or `frameworkModules`;
    /// reports of schema 5 and calibrations of schema 2 no `expressionTokens` or `typeCheckSeconds`;
    /// reports of schema 6 and calibrations of schema 3 no `bodyTokens`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            modules: try container.decode(Int.self, forKey: .modules), files: try container.decode(Int.self, forKey: .files),
            lines: try container.decode(Int.self, forKey: .lines), tokens: try container.decode(Int.self, forKey: .tokens),
            complexity: try container.decode(Int.self, forKey: .complexity),
            closures: try container.decodeIfPresent(Int.self, forKey: .closures) ?? 0,
            frameworkModules: try container.decodeIfPresent(Int.self, forKey: .frameworkModules) ?? 0,
            expressionTokens: try container.decodeIfPresent(Int.self, forKey: .expressionTokens) ?? 0,
            typeCheckMicroseconds: Int(((try container.decodeIfPresent(Double.self, forKey: .typeCheckSeconds) ?? 0) * 1_000_000).rounded()),
            bodyTokens: try container.decodeIfPresent(Int.self, forKey: .bodyTokens) ?? 0,
            measuredFiles: try container.decode(Int.self, forKey: .measuredFiles),
            measuredSeconds: try container.decode(Double.self, forKey: .measuredSeconds))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(modules, forKey: .modules)
        try container.encode(files, forKey: .files)
        try container.encode(lines, forKey: .lines)
        try container.encode(tokens, forKey: .tokens)
        try container.encode(complexity, forKey: .complexity)
        try container.encode(closures, forKey: .closures)
        try container.encode(frameworkModules, forKey: .frameworkModules)
        try container.encode(expressionTokens, forKey: .expressionTokens)
        try container.encode(typeCheckSeconds, forKey: .typeCheckSeconds)
        try container.encode(bodyTokens, forKey: .bodyTokens)
        try container.encode(measuredFiles, forKey: .measuredFiles)
        try container.encode(measuredSeconds, forKey: .measuredSeconds)
    }
}
