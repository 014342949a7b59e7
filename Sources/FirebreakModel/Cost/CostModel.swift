import FirebreakCost

/// Turns what a build compiles into estimated seconds, and says in every report where the
/// seconds come from.
///
/// Four modes: the reference coefficients fitted on generated packages (`reference`); this
/// machine's coefficients from `firebreak calibrate` (`calibration`); measured compile times of
/// the project's own files from `-stats-output-dir` (`build-stats`, model for the rest); a flat
/// rate per line (`line-rate`, the `--seconds-per-kloc` of model version 1).
public struct CostModel: Sendable, Hashable {
    public enum Mode: String, Sendable, Codable, Hashable {
        case reference, calibration
        case buildStats = "build-stats"
        case lineRate = "line-rate"
    }

    public static let defaultSecondsPerKloc = 0.50
    public static let referenceSource =
        "reference coefficients fitted on real packages and generated pairs on a 2-core Linux machine (docs/closure-model.md); firebreak measure times this project's own rebuilds"

    public var mode: Mode
    public var unit: String
    /// Where the seconds come from, in words: a file, a directory, or the reference fit.
    public var source: String
    public var coefficients: BuildCoefficients
    /// The per-line rate of the line-rate mode, and of reports from before model version 2.
    public var secondsPerKloc: Double?
    /// Prices incremental rebuilds after an interface edit: the reference fit, or a calibration's
    /// rebuild fit when it has one.
    public var rebuildCoefficients: RebuildCoefficients = .reference
    /// Where the rebuild seconds come from, in words.
    public var rebuildSource: String = CostModel.rebuildSource

    public static let rebuildUnit = "seconds of an incremental debug build (swift build) after an interface edit, net of a no-op build"
    public static let rebuildSource =
        "reference coefficients fitted on measured incremental rebuilds of single-module packages on a 2-core Linux machine (docs/closure-model.md)"

    /// The model behind the cold-build seconds, in the few words every printed figure carries.
    public var phrase: String {
        switch mode {
        case .reference, .calibration: return "cold build of modules"
        case .buildStats: return "measured build stats"
        case .lineRate: return "line rate"
        }
    }

    /// The model behind rebuild seconds.
    public static let rebuildPhrase = "incremental rebuild"

    public init(mode: Mode = .reference, unit: String = Calibration.unit, source: String = CostModel.referenceSource,
                coefficients: BuildCoefficients = .reference, secondsPerKloc: Double? = nil) {
        self.mode = mode
        self.unit = unit
        self.source = source
        self.coefficients = coefficients
        self.secondsPerKloc = secondsPerKloc
    }

    public static func lineRate(secondsPerKloc: Double) -> CostModel {
        CostModel(mode: .lineRate, source: "--seconds-per-kloc \(secondsPerKloc): a flat rate per code line, no fixed costs",
                  coefficients: .lineRate(secondsPerKloc: secondsPerKloc), secondsPerKloc: secondsPerKloc)
    }

    public static func calibrated(_ calibration: Calibration, file: String) -> CostModel {
        // Schema 6 calibrations scale the reference; say by how much, the machine's speed in one line.
        let scale = calibration.scaleFactors.map {
            "; the reference × \(ModuleMetrics.rounded($0.fixed)) for a build's fixed part, × \(ModuleMetrics.rounded($0.compile)) for compiling its files"
        } ?? ""
        var model = CostModel(
            mode: .calibration,
            source: "calibration \(file) (\(calibration.fit.points) builds on \(calibration.machine.cores) cores, \(calibration.machine.system), Swift \(calibration.machine.swiftVersion)\(scale); R² \(ModuleMetrics.rounded(calibration.fit.rSquared)))",
            coefficients: calibration.coefficients)
        if let rebuild = calibration.rebuild {
            model.rebuildCoefficients = rebuild.coefficients
            model.rebuildSource = "calibration \(file) (\(rebuild.fit.points) incremental rebuilds of generated one-module packages on \(calibration.machine.cores) cores, \(calibration.machine.system), Swift \(calibration.machine.swiftVersion); R² \(ModuleMetrics.rounded(rebuild.fit.rSquared)))"
        }
        return model
    }

    /// Seconds rounded to hundredths, as reports show them.
    public static func rounded(_ seconds: Double) -> Double { (seconds * 100).rounded() / 100 }

    public func seconds(_ features: BuildFeatures) -> Double {
        Self.rounded(coefficients.seconds(features))
    }

    /// A saving in seconds: the difference of two estimates, never negative.
    public func saving(from before: BuildFeatures, to after: BuildFeatures) -> Double {
        max(0, Self.rounded(coefficients.seconds(before) - coefficients.seconds(after)))
    }

    /// Lines at the per-line rate: how reports of model version 1 priced closures.
    public func seconds(lines: Int) -> Double {
        Self.rounded(Double(lines) / 1000 * (secondsPerKloc ?? Self.defaultSecondsPerKloc))
    }
}

extension CostModel: Codable {
    private enum CodingKeys: String, CodingKey {
        case mode, unit, source, coefficients, secondsPerKloc, rebuild
    }

    /// `costModel.rebuild` in schema 4.
    private struct Rebuild: Codable {
        var unit: String
        var source: String
        var coefficients: RebuildCoefficients
    }

    /// Reports of schema 1 and 2 carry only `secondsPerKloc`, `source` and `unit`: a line rate.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let secondsPerKloc = try container.decodeIfPresent(Double.self, forKey: .secondsPerKloc)
        mode = try container.decodeIfPresent(Mode.self, forKey: .mode) ?? .lineRate
        unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? "seconds"
        source = try container.decodeIfPresent(String.self, forKey: .source) ?? ""
        coefficients = try container.decodeIfPresent(BuildCoefficients.self, forKey: .coefficients)
            ?? .lineRate(secondsPerKloc: secondsPerKloc ?? Self.defaultSecondsPerKloc)
        self.secondsPerKloc = secondsPerKloc
        let rebuild = try container.decodeIfPresent(Rebuild.self, forKey: .rebuild)
        rebuildCoefficients = rebuild?.coefficients ?? .reference
        rebuildSource = rebuild?.source ?? Self.rebuildSource
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mode, forKey: .mode)
        try container.encode(unit, forKey: .unit)
        try container.encode(source, forKey: .source)
        try container.encode(coefficients, forKey: .coefficients)
        try container.encodeIfPresent(secondsPerKloc, forKey: .secondsPerKloc)
        try container.encode(Rebuild(unit: Self.rebuildUnit, source: rebuildSource, coefficients: rebuildCoefficients),
                             forKey: .rebuild)
    }
}
