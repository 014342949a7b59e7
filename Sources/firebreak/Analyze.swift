import ArgumentParser
import FirebreakAnalysis
import FirebreakModel
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

    @OptionGroup var input: InputOptions

    @Option(help: "Output format: \(Reporters.analysis.names.joined(separator: ", ")).")
    var format: String = "text"

    @OptionGroup var destination: OutputOptions


    @Option(help: "Price builds with this machine's coefficients, written by `firebreak calibrate --output FILE`.")
    var calibration: String?

    @Option(name: .customLong("build-stats"),
            help: "Use measured compile times: a directory written by `swift build -Xswiftc -stats-output-dir -Xswiftc DIR`.")
    var buildStats: String?

    @Option(name: .customLong("seconds-per-kloc"),
            help: "Price builds at a flat rate per 1,000 code lines instead of the build model (model version 1's estimate).")
    var secondsPerKloc: Double?

    @Option(help: "How many views and plan steps the text, markdown and html formats list (html draws that many views).")
    var top: Int = 10

    @OptionGroup var scanOptions: ScanOptions

    @OptionGroup var facts: FactsInputOptions

    func run() throws {
        guard let reporter = Reporters.analysis.reporter(named: format) else {
            throw InputError(description: "unknown format '\(format)'; expected one of \(Reporters.analysis.names.joined(separator: ", "))")
        }
        guard top > 0 else { throw InputError(description: "--top must be at least 1, got \(top)") }
        var costModel = try CostModelOption.costModel(secondsPerKloc, calibration: calibration)
        let statistics = try buildStats.map { directory in
            do {
                return try BuildStatistics.read(directory: directory)
            } catch let error as BuildStatistics.ReadError {
                throw InputError(description: error.description)
            }
        }
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let (prepared, configuration) = try AnalysisLoading.prepare(paths: input.paths, config: input.config, scanOptions: scanOptions, facts: facts, progress: progress)
        var fileSeconds: [String: Double] = [:]
        if let statistics, let buildStats {
            fileSeconds = statistics.fileSeconds(in: prepared.graph)
            costModel = statistics.costModel(basedOn: costModel, measured: fileSeconds.count, of: prepared.graph.files.count)
            if fileSeconds.isEmpty {
                let line = "warning: \(buildStats): no statistics match the analysed files; every estimate comes from the model"
                ProgressLine.warn(line, above: progress)
            }
        }
        var timings = PhaseTimings()
        let report = Analyzer.analyze(prepared, configuration: configuration, costModel: costModel, fileSeconds: fileSeconds,
                                      timings: &timings)
        progress?.finish()
        var options = AnalysisRenderOptions(top: top)
        if format == AnalysisHTMLReporter.name {
            options.diagrams = try Self.drawings(of: AnalysisHTMLReporter.drawnViews(report, top: top), prepared, configuration)
            timings.lap("draw \(options.diagrams.count) views")
        }
        // Rendered and written together: a large analysis is streamed to the file in chunks.
        try destination.stream { sink in try reporter.write(report, options: options, to: sink) }
        timings.lap("render (\(format)) and write")
        TimingsOutput.write(timings)
    }

    /// The views' closures as `graph --view` draws them by default, as SVG markup to inline.
    private static func drawings(of views: [String], _ prepared: Pipeline.Prepared, _ configuration: Configuration) throws -> [String: String] {
        guard !views.isEmpty else { return [:] }
        let builder = DiagramBuilder(
            graph: prepared.graph, firewalled: Analyzer.firewalledGraph(prepared.graph, configuration: configuration),
            findings: prepared.lint.report.findings.map { ($0.rule, $0.path, $0.line) })
        var drawings: [String: String] = [:]
        for view in views {
            guard let diagram = try? builder.view(view, options: DiagramBuilder.Options()) else { continue }
            drawings[view] = try ReportDiagrams.inlineSVG(diagram)
        }
        return drawings
    }
}
