import ArgumentParser
import FirebreakCalibration
import FirebreakModel
import Foundation

struct Calibrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Scale the build cost model to this machine by timing cold builds and incremental rebuilds of generated packages.",
        discussion: """
            Generates \(Calibrator.fittingPackages.count) packages, each in a naive and a firewalled shape, builds the \
            Feature target of each cold --runs times with `swift build`, and scales the reference cold-build coefficients to \
            them by two factors: one for a build's fixed part (the overhead, and loading a framework, which generated packages \
            cannot show), one for compiling its files. Then it times incremental rebuilds of \
            \(RebuildCalibrator.packages.count) one-module packages (after interface edits of three clients of different reach, and a body \
            edit; --runs times each, net of a no-op build) and scales the reference rebuild coefficients: the fixed part of a rebuild \
            by a factor fitted on them, the recompiled files by the cold builds' factor for compiling, unless --skip-rebuilds. \
            Takes about five minutes on two cores; progress goes to standard error. Pass the result to \
            `firebreak analyze --calibration FILE`. --validate also builds held-out pairs and prints, for each, the \
            measured and the estimated saving. Exit status: 0 when written, 2 for usage errors or a failed build.
            """)

    @OptionGroup var destination: OutputOptions

    @Option(parsing: .unconditional, help: "Cold builds of each package shape; the median is used.")
    var runs: Int = 2

    @Option(name: .customLong("work-dir"), help: "Generate and build the packages here and keep them (default: a temporary directory, removed after).")
    var workDirectory: String?

    @Option(name: .customLong("from-measurements"),
            help: "Scale again from the measurements recorded in an earlier calibration file instead of building.")
    var fromMeasurements: String?

    @Flag(name: .customLong("validate"),
          help: "Also build the held-out pairs and print how far the estimated saving is from the measured one.")
    var validateHeldOut = false

    @Option(help: ArgumentHelp("Only write every generated package, fitting and held-out, both shapes, into this directory; build nothing.",
                               valueName: "directory"))
    var generate: String?

    @Option(help: "The swift executable that builds the packages.")
    var swift: String = "swift"

    @Flag(name: .customLong("skip-rebuilds"),
          help: "Time cold builds only: rebuild seconds then stay the reference fit's.")
    var skipRebuilds = false

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1, got \(runs)") }
        if fromMeasurements != nil, validateHeldOut {
            throw ValidationError("--validate builds packages; it cannot be combined with --from-measurements")
        }
        // Minutes of builds must not end in "cannot write".
        if let output = destination.output {
            let parent = URL(fileURLWithPath: output).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--output: no such directory: \(parent)")
            }
        }
    }

    func run() throws {
        if let generate { return try writePackages(into: generate) }
        var (calibration, workRoot) = try fitted()
        FileHandle.standardError.write(Data(Self.summary(calibration).utf8))
        if validateHeldOut, let root = workRoot {
            let calibrator = Calibrator(workDirectory: root, runs: runs, swift: swift) { line in
                FileHandle.standardError.write(Data("firebreak calibrate: held out \(line)\n".utf8))
            }
            do {
                calibration.heldOut = try calibrator.measure(Calibrator.heldOutPackages)
            } catch let failure as Calibrator.Failure {
                removeWorkRoot(workRoot)
                throw InputError(description: failure.description)
            }
        }
        removeWorkRoot(workRoot)
        // Held-out pairs, measured now or recorded in --from-measurements, are checked against this fit.
        let validation = calibration.heldOut.map { Self.validationTable($0, coefficients: calibration.coefficients) }
        try destination.emit(try calibration.encoded())
        if let validation {
            (destination.output == nil ? FileHandle.standardError : FileHandle.standardOutput).write(Data(validation.utf8))
        }
    }

    /// `--generate DIR`: every package, fitting and held out, both shapes; nothing built.
    private func writePackages(into directory: String) throws {
        let root = URL(fileURLWithPath: directory)
        do {
            for package in Calibrator.fittingPackages + Calibrator.heldOutPackages {
                for shape in CalibrationPackage.Shape.allCases {
                    try package.write(shape, to: root.appendingPathComponent("\(package.name)-\(shape.rawValue)"))
                }
            }
            for package in RebuildCalibrator.packages {
                try package.write(to: root.appendingPathComponent(package.name))
            }
        } catch {
            throw InputError(description: "cannot write packages into \(directory): \(ErrorText.reason(error))")
        }
        let count = (Calibrator.fittingPackages.count + Calibrator.heldOutPackages.count) * 2 + RebuildCalibrator.packages.count
        FileHandle.standardError.write(Data("firebreak calibrate: wrote \(count) packages into \(directory)\n".utf8))
    }

    /// The fit on measurements taken now (then also the work directory, kept for held-out
    /// builds) or read from `--from-measurements`.
    private func fitted() throws -> (Calibration, workRoot: URL?) {
        let measurements: [CostFit.Measurement]
        var heldOut: [CalibrationPair]?
        var rebuildMeasurements: [RebuildCalibration.Measurement]?
        var machine = Calibration.Machine(
            cores: ProcessInfo.processInfo.activeProcessorCount, system: Self.systemName(), swiftVersion: Self.swiftVersion(swift))
        var workRoot: URL?
        if let fromMeasurements {
            do {
                let recorded = try Calibration.load(file: fromMeasurements)
                measurements = recorded.measurements
                heldOut = recorded.heldOut
                rebuildMeasurements = skipRebuilds ? nil : recorded.rebuild?.measurements
                machine = recorded.machine
            } catch let error as Calibration.LoadError {
                throw InputError(description: error.description)
            }
        } else {
            let root = try workRootDirectory()
            workRoot = root
            let calibrator = Calibrator(workDirectory: root, runs: runs, swift: swift) { line in
                FileHandle.standardError.write(Data("firebreak calibrate: \(line)\n".utf8))
            }
            do {
                measurements = try calibrator.measure(Calibrator.fittingPackages).flatMap { [$0.naive, $0.firewalled] }
                if !skipRebuilds {
                    let rebuilds = RebuildCalibrator(
                        workDirectory: root.appendingPathComponent("rebuilds"), runs: runs, swift: swift) { line in
                        FileHandle.standardError.write(Data("firebreak calibrate: rebuild \(line)\n".utf8))
                    }
                    rebuildMeasurements = try rebuilds.measure(RebuildCalibrator.packages)
                }
            } catch let failure as Calibrator.Failure {
                removeWorkRoot(workRoot)
                throw InputError(description: failure.description)
            }
        }
        do {
            var calibration = Calibration(machine: machine, scale: try ColdBuildScale.fit(measurements), measurements: measurements, heldOut: heldOut)
            calibration.rebuild = try rebuildMeasurements.map { try RebuildCalibration.fit($0, compileFactor: calibration.compileFactor) }
            return (calibration, workRoot)
        } catch let failure as ColdBuildScale.Failure {
            removeWorkRoot(workRoot)
            throw InputError(description: failure.description)
        } catch let failure as RebuildCalibration.Failure {
            removeWorkRoot(workRoot)
            throw InputError(description: failure.description)
        }
    }

    private func workRootDirectory() throws -> URL {
        if let workDirectory {
            let url = URL(fileURLWithPath: workDirectory)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw InputError(description: "cannot create --work-dir \(workDirectory): \(ErrorText.reason(error))")
            }
            return url
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-calibrate-\(UUID().uuidString)")
    }

    /// Temporary packages go; a --work-dir the user named stays.
    private func removeWorkRoot(_ root: URL?) {
        guard let root, workDirectory == nil else { return }
        try? FileManager.default.removeItem(at: root)
    }

    static func summary(_ calibration: Calibration) -> String {
        let c = calibration.coefficients
        func f(_ value: Double) -> String { String(format: "%.4g", value) }
        return """
            firebreak calibrate: \(calibration.fit.points) builds, R² \(String(format: "%.3f", calibration.fit.rSquared)), \
            mean error \(String(format: "%.1f", calibration.fit.meanRelativeError * 100))%
              overhead \(f(c.overhead)) s, per file \(f(c.perFile)) s, \
            per 1,000 tokens outside bodies \(f(c.perThousandSignatureTokens)) s, \
            per second of type-checking \(f(c.perTypeCheckSecond)) s, framework load \(f(c.frameworkLoad)) s

            """ + (calibration.scaleFactors.map {
                "  this machine ÷ the reference: \(f($0.fixed))× for a build's fixed part, \(f($0.compile))× for compiling its files\n"
            } ?? "") + (calibration.rebuild.map { rebuild in
                """
                    firebreak calibrate: \(rebuild.fit.points) rebuilds, R² \(String(format: "%.3f", rebuild.fit.rSquared)), \
                    mean error \(String(format: "%.1f", rebuild.fit.meanRelativeError * 100))%
                      this machine ÷ the reference: \(f(rebuild.fixedFactor))× for a rebuild's fixed part, \
                    \(f(rebuild.recompiledFactor))× for its recompiled files\(calibration.compileFactor == nil ? "" : " (the cold builds' factor)")

                    """
            } ?? "")
    }

    /// Markdown: measured and estimated seconds saved by each held-out pair, and whether the
    /// estimate is within ±20%.
    static func validationTable(_ pairs: [CalibrationPair], coefficients: BuildCoefficients) -> String {
        var out = "| pair | style | naive build | firewalled build | measured saving | estimated saving | error | within ±20% |\n"
        out += "|---|---|---:|---:|---:|---:|---:|---|\n"
        for pair in pairs {
            let error = pair.relativeError(coefficients)
            out += "| \(pair.name) | \(pair.style) "
                + "| \(String(format: "%.2f", pair.naive.typicalSeconds)) s | \(String(format: "%.2f", pair.firewalled.typicalSeconds)) s "
                + "| \(String(format: "%.2f", pair.measuredSecondsSaved)) s | \(String(format: "%.2f", pair.estimatedSecondsSaved(coefficients))) s "
                + "| \(String(format: "%+.1f", error * 100))% | \(abs(error) <= 0.2 ? "yes" : "no") |\n"
        }
        return out
    }

    static func systemName() -> String {
        var name = utsname()
        uname(&name)
        let field = { (value: Any) -> String in
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(name.sysname)) \(field(name.machine))"
    }

    static func swiftVersion(_ swift: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [swift, "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let range = text.range(of: #"Swift version [0-9.]+"#, options: .regularExpression) else { return "unknown" }
        return String(text[range].dropFirst("Swift version ".count))
    }
}
