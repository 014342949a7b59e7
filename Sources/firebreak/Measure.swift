import ArgumentParser
import FirebreakAnalysis
import FirebreakCalibration
import FirebreakModel
import FirebreakReport
import FirebreakScan
import Foundation

struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure the refactor instead of modelling it: rebuilds after interface edits of the top infrastructure types, before and after fix's firewall.",
        discussion: """
            Analyses the project, takes the --top infrastructure types of its rebuild table, and copies the project twice \
            into a scratch folder (never writing back). In one copy `fix --apply` writes the firewall for the findings that \
            name those types. Each copy is built cold, then three times with nothing changed, then --runs times after an \
            interface edit of each type (a method added to its declaration); rebuild seconds are medians net of the no-op \
            build, and the files are those the compiler's driver compiled (`swift build -v`). A SwiftPM package is built \
            with `swift build`; anything else with --build-command, run by /bin/sh in the copy's root (for example \
            `xcodebuild -scheme App -destination 'generic/platform=iOS Simulator' build`, documented, not tested here: \
            files are counted only when its output shows the compile jobs). Progress goes to standard error, the \
            measured and estimated figures to standard output, the record to --output as JSON, which \
            `firebreak analyze --measured FILE` reads. Exit status: 0 when measured, 2 for usage errors, a project that \
            does not build, or nothing fix can firewall.
            """)

    @Argument(help: "The project's root folder: a SwiftPM package, or any folder --build-command builds.")
    var path: String = "."

    @Option(help: "Configuration file; by default the nearest .firebreak.yml from the project upward.")
    var config: String?

    @Option(parsing: .unconditional, help: "How many types of the rebuild table to edit, the largest saving first.")
    var top: Int = 3

    @Option(parsing: .unconditional, help: "Timed rebuilds per edit and side; the median is reported.")
    var runs: Int = 3

    @Option(name: .customLong("build-command"), help: "Build the copies with this shell command instead of `swift build`.")
    var buildCommand: String?

    @Option(help: "The swift executable that builds a SwiftPM package.")
    var swift: String = "swift"

    @Option(name: .customLong("work-dir"), help: "Make the copies here and keep them (default: a temporary folder, removed after).")
    var workDirectory: String?

    @Option(help: ArgumentHelp("Write the measurement record (JSON) to this file.", valueName: "file"))
    var output: String?

    @Option(help: "Price the estimates with this machine's coefficients (`firebreak calibrate --output FILE`).")
    var calibration: String?

    func validate() throws {
        guard top >= 1 else { throw ValidationError("--top must be at least 1, got \(top)") }
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1, got \(runs)") }
        if let buildCommand, buildCommand.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--build-command is empty")
        }
    }

    func run() throws {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        try checkProject(root)
        let costModel = try CostModelOption.costModel(nil, calibration: calibration)
        let chosen = try MeasuredTypes.choose(root: root, config: config, top: top, costModel: costModel)
        let work = try workFolder()
        defer { removeWorkFolder(work) }
        let before = work.appendingPathComponent("before")
        let after = work.appendingPathComponent("after")
        try copy(root, to: before)
        try copy(root, to: after)
        let refusals = try MeasuredTypes.firewall(chosen, in: after, progress: Self.progress)
        let build: ProjectBuild = buildCommand.map { .shell($0) } ?? .swiftPM(swift: swift)
        let measurer = RefactorMeasurer(build: build, runs: runs, progress: Self.progress)
        let edits = chosen.map { InterfaceEdit(type: $0.type, path: $0.path) }
        let (beforeSide, beforeRebuilds) = try measuring { try measurer.measure(before, side: "before", edits: edits) }
        let afterEdits = zip(chosen, edits).map { refusals[$0.0.type] == nil ? $0.1 : nil }
        var afterSide: MeasurementRecord.Side?
        var afterRebuilds = Array(repeating: MeasurementRecord.Rebuild?.none, count: chosen.count)
        if afterEdits.contains(where: { $0 != nil }) {
            (afterSide, afterRebuilds) = try measuring { try measurer.measure(after, side: "after", edits: afterEdits) }
        }
        let record = MeasurementRecord(
            project: path, buildCommand: build.description, runs: runs, before: beforeSide, after: afterSide,
            edits: chosen.indices.map { index in
                MeasurementRecord.Edit(type: chosen[index].type, module: chosen[index].module, path: chosen[index].path,
                                       estimated: chosen[index].estimate, before: beforeRebuilds[index]!, after: afterRebuilds[index],
                                       notMeasuredAfter: refusals[chosen[index].type])
            })
        if let output { try OutputFile.write(try MeasurementText.json(record), to: output) }
        try OutputFile.standardOutput(Data(MeasurementText.render(record).utf8))
    }

    private func checkProject(_ root: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "\(path): not a folder; give the project's root folder")
        }
        if buildCommand == nil, !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            throw InputError(description: "\(path) has no Package.swift: give --build-command to build it another way "
                + "(for example an xcodebuild command, run in the copy's root)")
        }
    }

    /// A failed build is an input error: the project as given does not build here.
    private func measuring<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as ProjectBuild.Failure {
            throw InputError(description: "the project does not build in its scratch copy: \(failure.description)")
        } catch let failure as InterfaceEdit.Failure {
            throw InputError(description: failure.description)
        }
    }

    private func copy(_ root: URL, to destination: URL) throws {
        do {
            try ProjectCopy.copy(root, to: destination)
        } catch {
            throw InputError(description: "cannot copy \(path) to \(destination.path): \(ErrorText.reason(error))")
        }
    }

    private func workFolder() throws -> URL {
        let url = workDirectory.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-measure-\(UUID().uuidString)")
        if workDirectory == nil {
            Cleanup.shared.install()
            Cleanup.shared.register(url.path)
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            if try !FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty {
                throw InputError(description: "--work-dir \(url.path) is not empty; give an empty or new folder")
            }
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(description: "cannot create \(url.path): \(ErrorText.reason(error))")
        }
        return url
    }

    /// Temporary copies go; a --work-dir the user named stays.
    private func removeWorkFolder(_ url: URL) {
        guard workDirectory == nil else { return }
        try? FileManager.default.removeItem(at: url)
        Cleanup.shared.unregister(url.path)
    }

    static let progress: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("measure: \(line)\n".utf8))
    }
}
