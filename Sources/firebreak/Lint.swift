import ArgumentParser
import FirebreakAnalysis
import FirebreakModel
import FirebreakReport
import FirebreakScan
import Foundation

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Report Dependency-Inversion violations; exit 1 when any reach the severity threshold.",
        discussion: """
            Exit status: 0 when nothing at or above the threshold remains after suppressions and the \
            baseline, 1 when something does, 2 for usage, configuration or input errors.
            """)

    @OptionGroup var input: InputOptions

    @Option(help: "Output format: \(Reporters.lint.names.joined(separator: ", ")).")
    var format: String = "text"

    @OptionGroup var destination: OutputOptions


    @Option(help: "Only report findings not in this baseline file.")
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Record the current findings as accepted in this file.")
    var writeBaseline: String?

    @Option(name: .customLong("severity-threshold"), help: "Lowest severity that fails the run: error, warning or note.")
    var severityThreshold: String = "error"

    @Option(help: ArgumentHelp("After a run that passes, write this empty file: the output a build system waits for (the SwiftPM build-tool plugin's stamp).",
                               valueName: "file"))
    var touch: String?

    @OptionGroup var scanOptions: ScanOptions

    @OptionGroup var facts: FactsInputOptions

    func run() throws {
        guard let reporter = Reporters.lint.reporter(named: format) else {
            throw InputError(description: "unknown format '\(format)'; expected one of \(Reporters.lint.names.joined(separator: ", "))")
        }
        guard let threshold = Severity(rawValue: severityThreshold) else {
            throw InputError(description: "unknown severity threshold '\(severityThreshold)'; expected error, warning or note")
        }
        let workingDirectory = FileManager.default.currentDirectoryPath
        let configuration = try ConfigurationLoading.load(explicit: input.config, paths: input.paths, workingDirectory: workingDirectory)
        let acceptedBaseline: Baseline?
        do {
            acceptedBaseline = try baseline.map { try Baseline.load(file: $0) }
        } catch {
            throw InputError(description: "\(error)")
        }

        let factsFiles = try facts.load()
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let linted = try InputError.translatingPipelineErrors {
            try Pipeline.lint(Pipeline.Request(
                paths: input.paths, workingDirectory: workingDirectory, configuration: configuration,
                scanning: scanOptions.scannerOptions(workingDirectory: workingDirectory, progress: progress),
                target: scanOptions.target, baseline: acceptedBaseline, factsFiles: factsFiles, factsRoot: facts.root))
        }
        TimingsOutput.write(linted.timings)
        ProcessLifetime.keep(linted.scanned)
        var outcome = linted.lint
        progress?.finish()

        if let writeBaseline {
            let written = Baseline(findings: outcome.baselineFindings)
            try OutputFile.write(try written.encoded(), to: writeBaseline)
            outcome = Linter.applying(written, to: outcome)
        }

        for diagnostic in outcome.report.diagnostics where destination.output != nil || format != "text" {
            FileHandle.standardError.write(Data(("warning: " + ControlCharacters.escaped("\(diagnostic.path): \(diagnostic.message)") + "\n").utf8))
        }

        let options = RenderOptions(
            useColor: destination.output == nil && Terminal.supportsColor, workingDirectory: workingDirectory, threshold: threshold)
        let text = reporter.render(outcome.report, options: options)
        try destination.emit(Data(text.utf8))
        if outcome.report.findings.contains(where: { $0.severity >= threshold }) {
            throw ExitCode(ExitStatus.findings)
        }
        if let touch { try OutputFile.write(Data(), to: touch) }
    }
}
