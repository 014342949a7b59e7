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
            measured and the estimated saving. On machines of the reference's kind a calibration has not priced \
            held-out savings better than the reference (docs/closure-model.md): make one when the reference misprices \
            your own builds by more than 25 %, and prefer `firebreak measure` to know what a firewall saves. \
            Exit status: 0 when written, 2 for usage errors or a failed build.
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
        let progress: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data("firebreak calibrate: \(line)\n".utf8))
        }
        let calibration: Calibration
        do {
            if let fromMeasurements {
                calibration = try CalibrationRun.rescaled(from: fromMeasurements, skipRebuilds: skipRebuilds)
            } else {
                let run = CalibrationRun(
                    runs: runs, workDirectory: workDirectory.map { URL(fileURLWithPath: $0) }, swift: swift,
                    skipRebuilds: skipRebuilds, validateHeldOut: validateHeldOut, progress: progress)
                calibration = try run.measured()
            }
        } catch let failure as CalibrationRun.Failure {
            throw InputError(description: failure.description)
        }
        FileHandle.standardError.write(Data(CalibrationRun.summary(calibration).utf8))
        // Held-out pairs, measured now or recorded in --from-measurements, are checked against this fit.
        let validation = calibration.heldOut.map { CalibrationRun.validationTable($0, coefficients: calibration.coefficients) }
        try destination.emit(try calibration.encoded())
        if let validation {
            (destination.output == nil ? FileHandle.standardError : FileHandle.standardOutput).write(Data(validation.utf8))
        }
    }

    /// `--generate DIR`: every package, fitting and held out, both shapes; nothing built.
    private func writePackages(into directory: String) throws {
        let count: Int
        do {
            count = try CalibrationRun.writePackages(into: URL(fileURLWithPath: directory))
        } catch {
            throw InputError(description: "cannot write packages into \(directory): \(ErrorText.reason(error))")
        }
        FileHandle.standardError.write(Data("firebreak calibrate: wrote \(count) packages into \(directory)\n".utf8))
    }
}
