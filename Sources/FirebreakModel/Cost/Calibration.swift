import FirebreakCost
import Foundation

/// What `firebreak calibrate` writes and `analyze --calibration` reads: coefficients fitted on one
/// machine, with the measurements behind them.
public struct Calibration: Sendable, Codable, Hashable {
    /// 2 (model 3): coefficients gained `perThousandClosures` and `frameworkLoad`, and
    /// `perThousandComplexity` prices the complexity other than closures.
    /// 3 (model 4): coefficients gained `perThousandDeclarationTokens` and `perTypeCheckSecond`, and
    /// measurements' features `expressionTokens` and `typeCheckSeconds`.
    /// 4 (model 5): coefficients gained `perThousandSignatureTokens`, measurements' features
    /// `bodyTokens`.
    /// 5 (model 9): `rebuild`, this machine's incremental-rebuild fit, optional; version 4 files
    /// (cold builds only) are still read.
    /// 6: the cold-build coefficients are the reference scaled by `fixedFactor` and
    /// `compileFactor` (`ColdBuildScale`), no longer a free fit; version 4 and 5 files keep the
    /// coefficients they were written with.
    public static let schemaVersion = 6
    public static let supportedSchemaVersions = 4...6
    public static let unit = "seconds of a cold debug build (swift build) of the modules a view needs"

    public var schemaVersion = Calibration.schemaVersion
    public var kind = "calibration"
    public var tool: ToolInfo
    public var machine: Machine
    public var unit = Calibration.unit
    public var coefficients: BuildCoefficients
    /// This machine's cold-build seconds ÷ the reference's, for a build's fixed part and for
    /// compiling its files; nil in files before version 6, whose coefficients were fitted freely.
    public var fixedFactor: Double?
    public var compileFactor: Double?

    /// Both factors of a version 6 file; nil before.
    public var scaleFactors: (fixed: Double, compile: Double)? {
        guard let fixedFactor, let compileFactor else { return nil }
        return (fixedFactor, compileFactor)
    }
    public var fit: FitQuality
    public var measurements: [CostFit.Measurement]
    /// Pairs measured for checking, never fitted (`calibrate --validate`).
    public var heldOut: [CalibrationPair]?
    /// Incremental rebuilds measured and fitted; nil in version 4 files and with `--skip-rebuilds`.
    public var rebuild: RebuildCalibration?

    public struct Machine: Sendable, Codable, Hashable {
        public var cores: Int
        public var system: String
        public var swiftVersion: String

        public init(cores: Int, system: String, swiftVersion: String) {
            self.cores = cores
            self.system = system
            self.swiftVersion = swiftVersion
        }
    }

    public init(machine: Machine, scale: ColdBuildScale, measurements: [CostFit.Measurement], heldOut: [CalibrationPair]? = nil) {
        tool = .current
        self.machine = machine
        coefficients = scale.coefficients
        fixedFactor = scale.fixedFactor
        compileFactor = scale.compileFactor
        fit = scale.fit
        self.measurements = measurements
        self.heldOut = heldOut
    }

    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public static func load(file: String) throws -> Calibration {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw LoadError(description: "calibration file not found or unreadable: \(file)")
        }
        let calibration: Calibration
        do {
            calibration = try JSONDecoder().decode(Calibration.self, from: data)
        } catch {
            throw LoadError(description: "\(file) is not a firebreak calibration file (write one with firebreak calibrate --output \(file))")
        }
        guard calibration.kind == "calibration", supportedSchemaVersions.contains(calibration.schemaVersion) else {
            throw LoadError(description: "\(file): unsupported calibration (kind \(calibration.kind), schemaVersion \(calibration.schemaVersion)); this firebreak reads schemaVersion \(supportedSchemaVersions.lowerBound) to \(supportedSchemaVersions.upperBound): run firebreak calibrate again")
        }
        guard calibration.coefficients.isValid, calibration.rebuild?.coefficients.isValid ?? true else {
            throw LoadError(description: "\(file): coefficients must be finite and not negative")
        }
        return calibration
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
