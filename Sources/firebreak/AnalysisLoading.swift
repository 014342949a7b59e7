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
        let (request, configuration) = try Self.request(paths: paths, config: config, workingDirectory: workingDirectory,
                                                        configurationBoundary: configurationBoundary, scanOptions: scanOptions,
                                                        facts: facts, progress: progress, allowsNoFiles: allowsNoFiles)
        let prepared = try InputError.translatingPipelineErrors { try Pipeline.prepare(request) }
        report(prepared, progress: progress)
        return (prepared, configuration)
    }

    /// `analyze`'s start: the report an earlier run wrote for the same input and `options`, when
    /// the facts cache is on and that file still holds it; else what `prepare` returns. Nil
    /// `options`: a report the record's key cannot describe, neither recalled nor recorded.
    static func prepareOrRecall(
        paths: [String], config: String?, scanOptions: ScanOptions, facts: FactsInputOptions?, options: [UInt8]?, progress: ProgressLine?
    ) throws -> (Pipeline.AnalysisStart, Configuration) {
        let (request, configuration) = try Self.request(paths: paths, config: config, workingDirectory: FileManager.default.currentDirectoryPath,
                                                        configurationBoundary: nil, scanOptions: scanOptions, facts: facts,
                                                        progress: progress, allowsNoFiles: false)
        let start: Pipeline.AnalysisStart = try InputError.translatingPipelineErrors {
            if let options { return try Pipeline.prepareOrRecall(request, options: options) }
            return .prepared(try Pipeline.prepare(request), record: nil)
        }
        switch start {
        case .recalled(let recalled):
            TimingsOutput.write(recalled.timings)
            warn(recalled.diagnostics, progress: progress)
        case .prepared(let prepared, _):
            report(prepared, progress: progress)
        }
        return (start, configuration)
    }

    static func request(
        paths: [String], config: String?, workingDirectory: String, configurationBoundary: String?, scanOptions: ScanOptions,
        facts: FactsInputOptions?, progress: ProgressLine?, allowsNoFiles: Bool
    ) throws -> (Pipeline.Request, Configuration) {
        let factsFiles = try facts?.load() ?? []
        // The cache lives where the command runs, whichever tree (e.g. a base checkout) is analysed.
        let scanning = scanOptions.scannerOptions(workingDirectory: FileManager.default.currentDirectoryPath, progress: progress)
        let configuration = try ConfigurationLoading.load(
            explicit: config, paths: paths, workingDirectory: workingDirectory, boundary: configurationBoundary)
        let request = Pipeline.Request(
            paths: paths, workingDirectory: workingDirectory, configuration: configuration, scanning: scanning,
            target: scanOptions.target, allowsNoFiles: allowsNoFiles, factsFiles: factsFiles, factsRoot: facts?.root)
        return (request, configuration)
    }

    /// `prepare` for a request made with `request`.
    static func prepare(_ request: Pipeline.Request, progress: ProgressLine?) throws -> Pipeline.Prepared {
        let prepared = try InputError.translatingPipelineErrors { try Pipeline.prepare(request) }
        report(prepared, progress: progress)
        return prepared
    }

    private static func report(_ prepared: Pipeline.Prepared, progress: ProgressLine?) {
        TimingsOutput.write(prepared.timings)
        warn(prepared.diagnostics, progress: progress)
        progress?.enter("computing closures and firewalls")
    }

    private static func warn(_ diagnostics: [InputDiagnostic], progress: ProgressLine?) {
        for diagnostic in diagnostics {
            let line = "warning: " + ControlCharacters.escaped("\(diagnostic.path): \(diagnostic.message)")
            ProgressLine.warn(line, above: progress)
        }
    }
}
