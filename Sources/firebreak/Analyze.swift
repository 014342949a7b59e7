import ArgumentParser
import FirebreakGraph
import FirebreakReport
import FirebreakScan
import Foundation

struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compute each SwiftUI view's compile-dependency closure and what protocol firewalls would save.",
        discussion: """
            Exit status: 0 when the analysis is written, 2 for usage, configuration or input errors. \
            The model is described in docs/closure-model.md.
            """)

    @Argument(help: "Files or directories to analyse.")
    var paths: [String] = ["."]

    @Option(help: "Output format: \(AnalysisReporterRegistry.names.joined(separator: ", ")).")
    var format: String = "text"

    @Option(help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "Configuration file; by default the nearest .firebreak.yml from the first path upward.")
    var config: String?

    @Option(name: .customLong("seconds-per-kloc"),
            help: "Type-checking seconds per 1,000 lines for time estimates (default \(CostModel.defaultSecondsPerKloc), measured with swiftc -typecheck).")
    var secondsPerKloc: Double?

    @Option(help: "How many views and plan steps the text and markdown formats list.")
    var top: Int = 10

    @OptionGroup var scanOptions: ScanOptions

    func run() throws {
        guard let reporter = AnalysisReporterRegistry.reporter(named: format) else {
            throw InputError(description: "unknown format '\(format)'; expected one of \(AnalysisReporterRegistry.names.joined(separator: ", "))")
        }
        guard top > 0 else { throw InputError(description: "--top must be at least 1, got \(top)") }
        let costModel = try CostModelOption.costModel(secondsPerKloc)
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let (prepared, configuration) = try AnalysisLoading.prepare(paths: paths, config: config, scanOptions: scanOptions, progress: progress)
        let report = Analyzer.analyze(prepared, configuration: configuration, costModel: costModel)
        progress?.finish()
        let text = reporter.render(report, options: AnalysisRenderOptions(top: top))
        if let output {
            try OutputFile.write(Data(text.utf8), to: output)
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}

/// Configuration, scanning and the graph, shared by `analyze`, `why` and `graph`; skipped
/// files are warned about on standard error.
enum AnalysisLoading {
    static func prepare(
        paths: [String], config: String?, workingDirectory: String = FileManager.default.currentDirectoryPath,
        configurationBoundary: String? = nil, scanOptions: ScanOptions, progress: ProgressLine?
    ) throws -> (Analyzer.Prepared, Configuration) {
        // The cache lives where the command runs, whichever tree (e.g. a base checkout) is analysed.
        let scanning = scanOptions.scannerOptions(workingDirectory: FileManager.default.currentDirectoryPath, progress: progress)
        let configuration = try ConfigurationLoading.load(
            explicit: config, paths: paths, workingDirectory: workingDirectory, boundary: configurationBoundary)
        let prepared: Analyzer.Prepared
        do {
            prepared = try Analyzer.prepare(Analyzer.Request(
                paths: paths, workingDirectory: workingDirectory, configuration: configuration, scanning: scanning))
        } catch let missing as SourceFileDiscovery.MissingPath {
            throw InputError(description: missing.description)
        }
        for diagnostic in prepared.diagnostics {
            let line = "warning: \(diagnostic.path): \(diagnostic.message)"
            if let progress { progress.print(line) } else { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
        progress?.enter("computing closures and firewalls")
        return (prepared, configuration)
    }
}

enum CostModelOption {
    static func costModel(_ secondsPerKloc: Double?) throws -> CostModel {
        guard let secondsPerKloc else { return CostModel() }
        guard secondsPerKloc.isFinite, secondsPerKloc > 0 else {
            throw InputError(description: "--seconds-per-kloc must be a positive number, got \(secondsPerKloc)")
        }
        return CostModel(secondsPerKloc: secondsPerKloc, source: "--seconds-per-kloc")
    }
}
