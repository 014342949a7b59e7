import ArgumentParser
import FirebreakAnalysis
import FirebreakDiff
import FirebreakModel
import FirebreakReport
import FirebreakScan
import Foundation

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw a view's closure, a type's dependencies or the module graph (DOT, or PNG/SVG/PDF through libgraphviz).",
        discussion: """
            Choose one of --view, --all-views, --type or --modules. Violations are red and labelled \
            with their rule, suggested cuts dashed, infrastructure shaded. Previews and mocks are left out of \
            closures, test targets out of the module graph, unless asked. A closure above --max-nodes keeps the \
            types nearest its root and draws farther code one node per module; when not even those fit, it \
            collapses from types to files to modules. Both say so. A PNG, SVG or PDF fits --max-pixels: \
            above it the limit is lowered until the layout fits (or nearly, then it is scaled down). \
            With --diff BEFORE.json AFTER.json (analysis reports), --view draws the view's closure before \
            and after: removed nodes and edges green and dashed, added ones orange and bold, violations both sides have red. \
            Exit status: 0 when the drawing is written, 2 for usage or input errors.
            """)

    @OptionGroup var input: InputOptions

    @Option(help: "Draw this view's compile-dependency closure.")
    var view: String?

    @Flag(name: .customLong("all-views"), help: "Draw every view into --output-dir, with an index.html.")
    var allViews = false

    @Option(name: .customLong("output-dir"), help: "Directory for --all-views.")
    var outputDirectory: String?

    @Flag(help: "Draw the module graph with Martin's metrics.")
    var modules = false

    @Option(help: "Draw what this type pulls in.")
    var type: String?

    @Option(help: "Output format: dot, png, svg or pdf.")
    var format: String = "dot"

    @OptionGroup var destination: OutputOptions

    @Option(parsing: .unconditional, help: "Follow dependencies at most this many steps from the view or type.")
    var depth: Int?

    @Option(help: "One node per: types, files or modules.")
    var collapse: String = "types"

    @Flag(help: "Draw the closure as if every suggested cut were made.")
    var firewalled = false

    @Flag(name: .customLong("exclude-externals"), help: "Leave framework types out.")
    var excludeExternals = false

    @Option(name: .customLong("max-nodes"), parsing: .unconditional, help: "Collapse to a coarser level above this many nodes.")
    var maxNodes: Int = 80

    @Option(name: .customLong("max-pixels"), parsing: .unconditional,
            help: "Longest side of a PNG, SVG or PDF in pixels (96 dpi); 0 for no limit. DOT has none.")
    var maxPixels: Int = FittedDrawing.defaultMaxPixels

    @Flag(name: .customLong("include-tests"), help: "With --modules, draw test targets too (left out by default).")
    var includeTests = false

    @Flag(name: .customLong("include-previews"), help: "Draw previews and mocks in closures too (left out by default).")
    var includePreviews = false


    @Option(name: .customLong("diff"), parsing: .upToNextOption,
            help: ArgumentHelp("Draw --view before and after from two analysis reports instead of the sources.", valueName: "before.json after.json"))
    var diff: [String] = []

    @OptionGroup var scanOptions: ScanOptions

    @OptionGroup var facts: FactsInputOptions

    func validate() throws {
        let chosen = [view != nil, allViews, modules, type != nil].filter { $0 }.count
        guard chosen == 1 else { throw ValidationError("choose exactly one of --view, --all-views, --type and --modules") }
        if !diff.isEmpty {
            guard diff.count == 2 else { throw ValidationError("--diff takes two analysis reports, BEFORE.json AFTER.json; got \(diff.count)") }
            guard view != nil else { throw ValidationError("--diff draws one view: give --view NAME") }
            guard !firewalled else { throw ValidationError("--diff draws the closures as they are; --firewalled does not apply") }
            guard input.config == nil else { throw ValidationError("--diff reads reports, not sources; --config does not apply") }
        }
        guard ["dot", "png", "svg", "pdf"].contains(format) else {
            throw ValidationError("unknown format '\(format)'; expected one of dot, png, svg, pdf")
        }
        guard DiagramBuilder.Granularity(rawValue: collapse) != nil else {
            throw ValidationError("--collapse must be types, files or modules, got '\(collapse)'")
        }
        if allViews, outputDirectory == nil { throw ValidationError("--all-views needs --output-dir") }
        if !allViews, outputDirectory != nil { throw ValidationError("--output-dir is only for --all-views") }
        if includeTests, !modules { throw ValidationError("--include-tests is only for --modules") }
        if includePreviews, modules { throw ValidationError("--include-previews is for closures: --view, --all-views, --type") }
        if let depth, depth < 1 { throw ValidationError("--depth must be at least 1, got \(depth)") }
        guard maxNodes >= 2 else { throw ValidationError("--max-nodes must be at least 2, got \(maxNodes)") }
        guard maxPixels == 0 || maxPixels >= 100 else { throw ValidationError("--max-pixels must be 0 (no limit) or at least 100, got \(maxPixels)") }
        if !allViews, destination.output == nil, format == "png" || format == "pdf", isatty(STDOUT_FILENO) != 0 {
            throw ValidationError("\(format) is binary: pass --output FILE or redirect standard output")
        }
    }

    func run() throws {
        if !diff.isEmpty, let view {
            try runComparison(view: view)
            return
        }
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let (prepared, configuration) = try AnalysisLoading.prepare(paths: input.paths, config: input.config, scanOptions: scanOptions, facts: facts, progress: progress)
        progress?.finish()
        let builder = DiagramBuilder(
            graph: prepared.graph, firewalled: Analyzer.firewalledGraph(prepared, configuration: configuration),
            findings: prepared.lint.report.findings.map { ($0.rule, $0.path, $0.line, $0.symbol) })
        let options = DiagramBuilder.Options(
            depth: depth, granularity: DiagramBuilder.Granularity(rawValue: collapse)!, firewalled: firewalled,
            excludeExternals: excludeExternals, maxNodes: maxNodes, includeTests: includeTests,
            includePreviews: includePreviews)
        do {
            if allViews, let outputDirectory {
                try writeAllViews(builder, options: options, into: outputDirectory)
                return
            }
            let data = try render { limit in
                var options = options
                options.maxNodes = limit
                if let view { return try builder.view(view, options: options) }
                if let type { return try builder.type(type, options: options) }
                return builder.modules(options: options)
            }
            try destination.emit(data)
        } catch let notFound as DiagramBuilder.NotFound {
            throw InputError(description: notFound.description)
        } catch let failure as GraphvizRenderer.Failure {
            throw InputError(description: failure.description)
        }
    }

    private func runComparison(view: String) throws {
        let builders = try diff.map { file -> DiagramBuilder in
            let report: ComparedReport
            do {
                report = try ComparedReport.load(file: file)
            } catch let error as ComparedReport.LoadError {
                throw InputError(description: error.description)
            }
            return try ReportDiagrams.builder(for: report, file: file)
        }
        let options = DiagramBuilder.Options(
            depth: depth, granularity: DiagramBuilder.Granularity(rawValue: collapse)!, firewalled: false,
            excludeExternals: excludeExternals, maxNodes: maxNodes, includeTests: includeTests,
            includePreviews: includePreviews)
        do {
            let data = try render { limit in
                var options = options
                options.maxNodes = limit
                return try DiagramComparison.view(view, before: builders[0], after: builders[1], options: options)
            }
            try destination.emit(data)
        } catch let notFound as DiagramBuilder.NotFound {
            throw InputError(description: notFound.description)
        } catch let failure as GraphvizRenderer.Failure {
            throw InputError(description: failure.description)
        }
    }

    /// The drawing `draw` makes at a node limit: DOT at --max-nodes, a rendered format within
    /// --max-pixels. Its notes go to standard error.
    private func render(_ draw: (Int) throws -> Diagram) throws -> Data {
        try rendered(draw).data
    }

    private func rendered(_ draw: (Int) throws -> Diagram) throws -> (data: Data, diagram: Diagram) {
        let result = try FittedDrawing.render(maxNodes: maxNodes, maxPixels: maxPixels > 0 ? maxPixels : nil,
                                              format: GraphvizRenderer.Format(rawValue: format), draw: draw)
        let diagram = result.diagram
        for note in diagram.notes + [result.scaleNote].compactMap({ $0 }) {
            FileHandle.standardError.write(Data(("note: " + ControlCharacters.escaped("\(diagram.title): \(note)") + "\n").utf8))
        }
        return (result.data, diagram)
    }

    private func writeAllViews(_ builder: DiagramBuilder, options: DiagramBuilder.Options, into directory: String) throws {
        let output = try OutputDirectory(directory)
        var used = Set<String>()
        var entries: [DiagramIndexPage.Entry] = []
        do {
            for name in builder.viewNames.sorted() where !used.contains(name) {
                used.insert(name)
                let file = DiagramIndexPage.fileName(for: name, existing: Set(entries.map(\.file))) + "." + format
                let (data, diagram) = try rendered { limit in
                    var options = options
                    options.maxNodes = limit
                    return try builder.view(name, options: options)
                }
                try output.write(data, named: file)
                entries.append(DiagramIndexPage.Entry(name: name, file: file, diagram: diagram))
            }
            try output.write(Data(DiagramIndexPage.html(entries, format: format).utf8), named: "index.html")
        } catch {
            output.discard()
            throw error
        }
        try output.commit()
    }
}
