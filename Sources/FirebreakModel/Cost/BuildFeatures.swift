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
    /// Files with a compile time from `--build-stats`, and the sum of those times.
    public var measuredFiles: Int
    public var measuredSeconds: Double

    public init(modules: Int = 0, files: Int = 0, lines: Int = 0, tokens: Int = 0, complexity: Int = 0,
                closures: Int = 0, frameworkModules: Int = 0, measuredFiles: Int = 0, measuredSeconds: Double = 0) {
        self.modules = modules
        self.files = files
        self.lines = lines
        self.tokens = tokens
        self.complexity = complexity
        self.closures = closures
        self.frameworkModules = frameworkModules
        self.measuredFiles = measuredFiles
        self.measuredSeconds = measuredSeconds
    }

    public static func + (lhs: BuildFeatures, rhs: BuildFeatures) -> BuildFeatures {
        BuildFeatures(
            modules: lhs.modules + rhs.modules, files: lhs.files + rhs.files, lines: lhs.lines + rhs.lines,
            tokens: lhs.tokens + rhs.tokens, complexity: lhs.complexity + rhs.complexity,
            closures: lhs.closures + rhs.closures, frameworkModules: lhs.frameworkModules + rhs.frameworkModules,
            measuredFiles: lhs.measuredFiles + rhs.measuredFiles, measuredSeconds: lhs.measuredSeconds + rhs.measuredSeconds)
    }
}

extension BuildFeatures: Codable {
    private enum CodingKeys: String, CodingKey {
        case modules, files, lines, tokens, complexity, closures, frameworkModules, measuredFiles, measuredSeconds
    }

    /// Reports of schema 3 and calibrations of schema 1 have no `closures` or `frameworkModules`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            modules: try container.decode(Int.self, forKey: .modules), files: try container.decode(Int.self, forKey: .files),
            lines: try container.decode(Int.self, forKey: .lines), tokens: try container.decode(Int.self, forKey: .tokens),
            complexity: try container.decode(Int.self, forKey: .complexity),
            closures: try container.decodeIfPresent(Int.self, forKey: .closures) ?? 0,
            frameworkModules: try container.decodeIfPresent(Int.self, forKey: .frameworkModules) ?? 0,
            measuredFiles: try container.decode(Int.self, forKey: .measuredFiles),
            measuredSeconds: try container.decode(Double.self, forKey: .measuredSeconds))
    }
}
