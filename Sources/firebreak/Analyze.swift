import ArgumentParser
import FirebreakAnalysis
import FirebreakModel
import FirebreakReport
import FirebreakScan
import Foundation

struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
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

    @Option(name: .customLong("seconds-per-kloc"), parsing: .unconditional,
            help: "Price builds at a flat rate per 1,000 code lines instead of the build model (model version 1's estimate).")
    var secondsPerKloc: Double?

    @Option(help: ArgumentHelp("Print the rebuilds `firebreak measure --output FILE` timed beside their estimates.", valueName: "file"))
    var measured: String?

    @Option(parsing: .unconditional, help: "How many views and plan steps the text, markdown and html formats list (html draws that many views).")
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
        // Measured statistics and timings are files the key does not cover: such runs are not recorded.
        let (start, configuration) = try AnalysisLoading.prepareOrRecall(
            paths: input.paths, config: input.config, scanOptions: scanOptions, facts: facts,
            options: buildStats == nil && measured == nil ? try Self.recordOptions(format: format, top: top, costModel: costModel) : nil, progress: progress)
        let prepared: Pipeline.Prepared, record: AnalysisRecord.Pending?
        switch start {
        case .recalled(let recalled):
            progress?.finish()
            try Self.emit(recalled, to: destination.output)
            return
        case .prepared(let value, let pending):
            (prepared, record) = (value, pending)
        }
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
        var report = Analyzer.analyze(prepared, configuration: configuration, costModel: costModel, fileSeconds: fileSeconds,
                                      timings: &timings)
        if let measured { try MeasuredRebuilds.attach(measured, to: &report) }
        progress?.finish()
        if let hint = NoViewsHint.message(prepared.graph, configured: configuration.viewProtocols) { ProgressLine.warn(hint, above: nil) }
        var options = AnalysisRenderOptions(top: top)
        if format == AnalysisHTMLReporter.name {
            options.diagrams = try Self.drawings(of: AnalysisHTMLReporter.drawnViews(report, top: top), prepared, configuration)
            timings.lap("draw \(options.diagrams.count) views")
        }
        // Rendered and written together: a large analysis is streamed to the file in chunks.
        try destination.stream { sink in try reporter.write(report, options: options, to: sink) }
        timings.lap("render (\(format)) and write")
        // Only a regular file can be hashed again later (not `/dev/stdout`, a pipe).
        if let record, let output = destination.output,
           (try? FileManager.default.attributesOfItem(atPath: output))?[.type] as? FileAttributeType == .typeRegular {
            record.store(reportPath: Self.absolute(output))
        }
        TimingsOutput.write(timings)
        ProcessLifetime.keep(prepared)
        ProcessLifetime.keep(report)
    }

    /// What the report depends on besides the sources and the configuration.
    private static func recordOptions(format: String, top: Int, costModel: CostModel) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array("\(format)\n\(top)\n".utf8) + Array(try encoder.encode(costModel))
    }

    /// A recorded report: the file already is the output when it is the one asked for; else copied.
    private static func emit(_ recalled: AnalysisRecord.Recalled, to output: String?) throws {
        var timings = PhaseTimings()
        if let output, absolute(output) == recalled.report {
            timings.lap("report up to date in \(output)")
        } else {
            guard let bytes = FileManager.default.contents(atPath: recalled.report) else {
                throw InputError(description: "cannot read \(recalled.report), the report of an earlier run; run again with --no-cache")
            }
            try OutputFile.emit(bytes, to: output)
            timings.lap("report copied from \(recalled.report)")
        }
        TimingsOutput.write(timings)
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The views' closures as `graph --view` draws them by default, as SVG markup to inline.
    private static func drawings(of views: [String], _ prepared: Pipeline.Prepared, _ configuration: Configuration) throws -> [String: String] {
        guard !views.isEmpty else { return [:] }
        let builder = DiagramBuilder(
            graph: prepared.graph, firewalled: Analyzer.firewalledGraph(prepared, configuration: configuration),
            findings: prepared.lint.report.findings.map { ($0.rule, $0.path, $0.line, $0.symbol) })
        var drawings: [String: String] = [:]
        for view in views {
            let draw = { (limit: Int) in try builder.view(view, options: DiagramBuilder.Options(maxNodes: limit)) }
            guard (try? draw(DiagramBuilder.Options().maxNodes)) != nil else { continue }
            drawings[view] = try ReportDiagrams.inlineSVG(draw)
        }
        return drawings
    }
}
