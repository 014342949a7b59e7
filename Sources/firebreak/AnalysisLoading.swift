import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation

/// Configuration, scanning and the graph, shared by `analyze`, `why` and `graph`; skipped
/// files are warned about on standard error.
enum AnalysisLoading {
    static func prepare(
        paths: [String], config: String?, workingDirectory: String = FileManager.default.currentDirectoryPath,
        configurationBoundary: String? = nil, scanOptions: ScanOptions, facts: FactsInputOptions? = nil, progress: ProgressLine?,
        allowsNoFiles: Bool = false
    ) throws -> (Pipeline.Prepared, Configuration) {
        let factsFiles = try facts?.load() ?? []
        // The cache lives where the command runs, whichever tree (e.g. a base checkout) is analysed.
        let scanning = scanOptions.scannerOptions(workingDirectory: FileManager.default.currentDirectoryPath, progress: progress)
        let configuration = try ConfigurationLoading.load(
            explicit: config, paths: paths, workingDirectory: workingDirectory, boundary: configurationBoundary)
        let prepared = try InputError.translatingPipelineErrors {
            try Pipeline.prepare(Pipeline.Request(
                paths: paths, workingDirectory: workingDirectory, configuration: configuration, scanning: scanning,
                target: scanOptions.target, allowsNoFiles: allowsNoFiles, factsFiles: factsFiles,
                factsRoot: facts?.root))
        }
        TimingsOutput.write(prepared.timings)
        for diagnostic in prepared.diagnostics {
            let line = "warning: \(diagnostic.path): \(diagnostic.message)"
            ProgressLine.warn(line, above: progress)
        }
        progress?.enter("computing closures and firewalls")
        return (prepared, configuration)
    }
}
