import FirebreakCost
import FirebreakModel
import Foundation

/// `firebreak calibrate` from start to end: time the generated packages' cold builds and
/// incremental rebuilds (or read them from an earlier calibration file), scale the reference
/// coefficients to them, and measure the held-out pairs when asked. The CLI only parses arguments
/// and writes the result.
public struct CalibrationRun: Sendable {
    public var runs: Int
    /// Where packages are generated and kept; nil for a temporary directory, removed after.
    public var workDirectory: URL?
    public var swift: String
    public var skipRebuilds: Bool
    public var validateHeldOut: Bool
    public var progress: @Sendable (String) -> Void

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init(runs: Int, workDirectory: URL?, swift: String, skipRebuilds: Bool, validateHeldOut: Bool,
                progress: @escaping @Sendable (String) -> Void) {
        self.runs = runs
        self.workDirectory = workDirectory
        self.swift = swift
        self.skipRebuilds = skipRebuilds
        self.validateHeldOut = validateHeldOut
        self.progress = progress
    }

    /// Builds, times and scales; held-out pairs too with `validateHeldOut`.
    public func measured() throws -> Calibration {
        let root = try workRoot()
        defer { if workDirectory == nil { try? FileManager.default.removeItem(at: root) } }
        do {
            let calibrator = Calibrator(workDirectory: root, runs: runs, swift: swift) { progress($0) }
            let measurements = try calibrator.measure(Calibrator.fittingPackages).flatMap { [$0.naive, $0.firewalled] }
            var rebuilds: [RebuildCalibration.Measurement]?
            if !skipRebuilds {
                let rebuildCalibrator = RebuildCalibrator(
                    workDirectory: root.appendingPathComponent("rebuilds"), runs: runs, swift: swift) { progress("rebuild \($0)") }
                rebuilds = try rebuildCalibrator.measure(RebuildCalibrator.packages)
            }
            let machine = Calibration.Machine(
                cores: ProcessInfo.processInfo.activeProcessorCount, system: Self.systemName(), swiftVersion: Self.swiftVersion(swift))
            var calibration = try Self.scaled(machine: machine, measurements: measurements, rebuilds: rebuilds, heldOut: nil)
            if validateHeldOut {
                let heldOut = Calibrator(workDirectory: root, runs: runs, swift: swift) { progress("held out \($0)") }
                calibration.heldOut = try heldOut.measure(Calibrator.heldOutPackages)
            }
            return calibration
        } catch let failure as Calibrator.Failure {
            throw Failure(description: failure.description)
        }
    }

    /// Scaled again from the measurements an earlier calibration file recorded; nothing is built.
    public static func rescaled(from file: String, skipRebuilds: Bool) throws -> Calibration {
        let recorded: Calibration
        do {
            recorded = try Calibration.load(file: file)
        } catch let error as Calibration.LoadError {
            throw Failure(description: error.description)
        }
        return try scaled(machine: recorded.machine, measurements: recorded.measurements,
                          rebuilds: skipRebuilds ? nil : recorded.rebuild?.measurements, heldOut: recorded.heldOut)
    }

    private static func scaled(machine: Calibration.Machine, measurements: [CostFit.Measurement],
                               rebuilds: [RebuildCalibration.Measurement]?, heldOut: [CalibrationPair]?) throws -> Calibration {
        do {
            var calibration = Calibration(machine: machine, scale: try ColdBuildScale.fit(measurements), measurements: measurements, heldOut: heldOut)
            calibration.rebuild = try rebuilds.map { try RebuildCalibration.fit($0, compileFactor: calibration.compileFactor) }
            return calibration
        } catch let failure as ColdBuildScale.Failure {
            throw Failure(description: failure.description)
        } catch let failure as RebuildCalibration.Failure {
            throw Failure(description: failure.description)
        }
    }

    private func workRoot() throws -> URL {
        guard let workDirectory else {
            return FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-calibrate-\(UUID().uuidString)")
        }
        do {
            try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create --work-dir \(workDirectory.path): \(error.localizedDescription)")
        }
        return workDirectory
    }

    /// Every package, fitting and held out, both shapes, into `directory`; nothing built.
    /// Returns how many were written.
    public static func writePackages(into directory: URL) throws -> Int {
        for package in Calibrator.fittingPackages + Calibrator.heldOutPackages {
            for shape in CalibrationPackage.Shape.allCases {
                try package.write(shape, to: directory.appendingPathComponent("\(package.name)-\(shape.rawValue)"))
            }
        }
        for package in RebuildCalibrator.packages {
            try package.write(to: directory.appendingPathComponent(package.name))
        }
        return (Calibrator.fittingPackages.count + Calibrator.heldOutPackages.count) * 2 + RebuildCalibrator.packages.count
    }
}
