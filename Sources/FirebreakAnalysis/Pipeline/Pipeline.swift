import FirebreakModel
import FirebreakScan

/// The one path from source to findings: discover → scan → structure → modules → roles →
/// dependency graph (only when something needs it) → rules → suppressions → baseline.
///
/// `lint` ends here; `analyze`, `why`, `graph`, `diff` and `calibrate` start from `prepare` and
/// hand the result to `Analyzer`.
public enum Pipeline {
    public struct Request: Sendable {
        public var paths: [String]
        public var workingDirectory: String
        public var configuration: Configuration
        public var scanning: FileScanner.Options
        /// `--target`: views and findings of this module only; the rest of the code still resolves names.
        public var target: String?
        /// `diff` compares a revision where a path holds no Swift file yet; other commands refuse it.
        public var allowsNoFiles: Bool
        /// Findings it lists are not reported (`lint --baseline`).
        public var baseline: Baseline?
        /// `--facts`: files scanned earlier, taken instead of scanning them; `--facts-root`: the
        /// folder their paths are relative to (nil: the working directory).
        public var factsFiles: [FactsFile]
        public var factsRoot: String?

        public init(paths: [String], workingDirectory: String, configuration: Configuration,
                    scanning: FileScanner.Options = FileScanner.Options(), target: String? = nil,
                    allowsNoFiles: Bool = false, baseline: Baseline? = nil, factsFiles: [FactsFile] = [], factsRoot: String? = nil) {
            self.paths = paths
            self.workingDirectory = workingDirectory
            self.configuration = configuration
            self.scanning = scanning
            self.target = target
            self.allowsNoFiles = allowsNoFiles
            self.baseline = baseline
            self.factsFiles = factsFiles
            self.factsRoot = factsRoot
        }
    }

    /// `lint`'s result.
    public struct Linted: Sendable {
        public var lint: Linter.Outcome
        public var timings: PhaseTimings
        /// The project the findings came from, when this run scanned one (nil when the findings
        /// came from the cache): a caller that exits next keeps it until then, rather than freeing
        /// its hundreds of thousands of arrays and strings one by one.
        public var scanned: ScannedProject?
    }

    /// Everything up to the graph: what `analyze`, `why`, `graph` and `diff` start from.
    public struct Prepared: Sendable {
        public var model: RoleModel
        public var graph: DependencyGraph
        public var lint: Linter.Outcome
        public var diagnostics: [InputDiagnostic]
        public var moduleMap: ModuleMap
        public var structure: ProjectStructure
        public var timings: PhaseTimings
    }

    /// Findings; the graph is built only when an active rule reads it (`budgets:`). With the facts
    /// cache on, the findings of an unchanged project come from the last run (`LintCache`).
    public static func lint(_ request: Request) throws -> Linted {
        var timings = PhaseTimings()
        let discovered = try ScannedProject.discover(request, timings: &timings)
        let cache = request.factsFiles.isEmpty ? request.scanning.cache : nil
        let fingerprints = cache == nil ? [] : FileScanner.fingerprints(discovered.result.files)
        let key = cache.map { _ in LintCache.key(of: request, discovery: discovered.result, fingerprints: fingerprints) }
        if let cache, let key {
            timings.lap("read and hash \(fingerprints.count) files")
            if let record = cache.record(named: LintCache.recordName, key: key),
               let recorded = try? LintCache.decode(record, configuration: request.configuration) {
                timings.lap("findings (from cache)")
                return Linted(lint: Linter.applying(request.baseline, to: recorded), timings: timings, scanned: nil)
            }
        }
        let project = try ScannedProject.scan(request, discovered: discovered, fingerprints: fingerprints, timings: &timings)
        let graph = Linter.needsGraph(request.configuration) ? dependencyGraph(of: project, request, timings: &timings) : nil
        let found = unbaselinedFindings(in: project, graph: graph, request, timings: &timings)
        if let cache, let key {
            let consulted = project.structure.consultedFiles
            BackgroundWork.start {
                cache.storeRecord(LintCache.encode(found, consultedFiles: consulted), named: LintCache.recordName, key: key)
            }
        }
        return Linted(lint: Linter.applying(request.baseline, to: found), timings: timings, scanned: project)
    }

    /// `analyze`'s start: a report recorded earlier, or what to analyse and what to record.
    public enum AnalysisStart: Sendable {
        case recalled(AnalysisRecord.Recalled)
        case prepared(Prepared, record: AnalysisRecord.Pending?)
    }

    /// Findings and the dependency graph.
    public static func prepare(_ request: Request) throws -> Prepared {
        var timings = PhaseTimings()
        return try prepare(request, project: try ScannedProject.scan(request, timings: &timings), timings: timings)
    }

    /// `analyze`'s start: with the facts cache on, the report an earlier run wrote to a file for the
    /// same input and report `options` (`AnalysisRecord`); else findings and the graph, and what to
    /// record once the report is written.
    public static func prepareOrRecall(_ request: Request, options: [UInt8]) throws -> AnalysisStart {
        var timings = PhaseTimings()
        let discovered = try ScannedProject.discover(request, timings: &timings)
        guard request.factsFiles.isEmpty, let cache = request.scanning.cache else {
            return .prepared(try prepare(request, project: try ScannedProject.scan(request, discovered: discovered, timings: &timings),
                                         timings: timings), record: nil)
        }
        let fingerprints = FileScanner.fingerprints(discovered.result.files)
        let key = AnalysisRecord.key(of: request, discovery: discovered.result, fingerprints: fingerprints, options: options)
        timings.lap("read and hash \(fingerprints.count) files")
        if let record = cache.record(named: AnalysisRecord.recordName, key: key),
           let recalled = try? AnalysisRecord.decode(record) {
            timings.lap("report (from cache)")
            return .recalled(AnalysisRecord.Recalled(report: recalled.report, diagnostics: recalled.diagnostics, timings: timings))
        }
        let project = try ScannedProject.scan(request, discovered: discovered, fingerprints: fingerprints, timings: &timings)
        let consulted = project.structure.consultedFiles
        let prepared = try prepare(request, project: project, timings: timings)
        return .prepared(prepared, record: AnalysisRecord.Pending(cache: cache, key: key, consultedFiles: consulted, diagnostics: prepared.diagnostics))
    }

    private static func prepare(_ request: Request, project: ScannedProject, timings: PhaseTimings) throws -> Prepared {
        var timings = timings
        let graph = dependencyGraph(of: project, request, timings: &timings)
        let outcome = Linter.applying(request.baseline, to: unbaselinedFindings(in: project, graph: graph, request, timings: &timings))
        return Prepared(model: project.model, graph: graph, lint: outcome, diagnostics: outcome.report.diagnostics,
                        moduleMap: project.moduleMap, structure: project.structure, timings: timings)
    }

    static func dependencyGraph(of project: ScannedProject, _ request: Request, timings: inout PhaseTimings) -> DependencyGraph {
        let configuration = request.configuration
        let cache = request.scanning.cache
        let key = cache == nil ? nil : GraphCache.key(of: project, configuration: configuration)
        var graph: DependencyGraph
        if let cache, let key, let record = cache.record(named: GraphCache.recordName, key: key),
           let cached = try? GraphCache.decode(record, project: project) {
            graph = cached
            timings.lap("graph (\(graph.nodes.count) nodes, \(graph.edges.count) edges, from cache)")
        } else {
            let build = BuildDependencyGraph(
                moduleMap: project.moduleMap, knowledge: ServiceKnowledge(singletons: configuration.singletons),
                viewProtocols: ViewProtocols(configuration.viewProtocols + project.model.inferredViewProtocols.map(\.name)),
                excludedFiles: project.graphExcludedFiles)
            let phases: PhaseTimings
            (graph, phases) = build.timed(project.model)
            // Stored while the run goes on (about 0.2 s for 1.5 million lines); the tool waits for it before exiting.
            if let cache, let key {
                let built = graph
                BackgroundWork.start { cache.storeRecord(GraphCache.encode(built), named: GraphCache.recordName, key: key) }
            }
            timings.append(phases)
            timings.lap("graph (\(graph.nodes.count) nodes, \(graph.edges.count) edges)")
        }
        if let selection = project.selection {
            graph.views = graph.views.filter { graph.nodes[graph.symbols[$0].primary].module == selection.module }
        }
        return graph
    }

    /// The findings before the baseline, which each caller applies.
    static func unbaselinedFindings(in project: ScannedProject, graph: DependencyGraph?, _ request: Request,
                                    timings: inout PhaseTimings) -> Linter.Outcome {
        var outcome = Linter.evaluate(
            model: project.model, configuration: request.configuration, diagnostics: project.diagnostics,
            graph: graph, workingDirectory: request.workingDirectory)
        if let selection = project.selection { outcome = Linter.keeping(selection.files, of: outcome) }
        timings.lap("rules")
        return outcome
    }
}
