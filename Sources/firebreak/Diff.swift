import ArgumentParser
import FirebreakAnalysis
import FirebreakDiff
import FirebreakModel
import FirebreakReport
import FirebreakScan
import Foundation

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two reports, or a git revision with the working tree: findings fixed and new, closures grown and shrunk.",
        usage: """
            firebreak diff BEFORE.json AFTER.json [--format <format>] [--fail-on <condition> ...]
            firebreak diff --base <revision> [<paths> ...] [--format <format>] [--fail-on <condition> ...]
            """,
        discussion: """
            Reports are JSON from `firebreak lint --format json` or `firebreak analyze --format json`; closures \
            are compared only between analysis reports. With --base, the revision is analysed in a temporary \
            checkout (the working tree, index and stashes are not touched) and compared with the working tree; \
            each side reads its own .firebreak.yml unless --config is given.
            Exit status: 0 when no --fail-on condition holds, 1 when one does, 2 for usage or input errors.
            """)

    @Argument(help: "BEFORE.json AFTER.json; with --base, the files or directories to analyse (default: .).")
    var arguments: [String] = []

    @Option(help: "Git revision to compare the working tree with, for example origin/main.")
    var base: String?

    @Option(help: "Output format: \(Reporters.diff.names.joined(separator: ", ")).")
    var format: String = "text"

    @OptionGroup var destination: OutputOptions

    @Option(name: .customLong("fail-on"),
            help: "Exit 1 when this holds: new-findings, or closure-growth:PERCENT (a view's closure grew by more than PERCENT%). Repeatable.")
    var failOn: [String] = []

    @Option(help: "With --base: configuration file for both sides.")
    var config: String?

    @Option(name: .customLong("seconds-per-kloc"), parsing: .unconditional, help: "With --base: price both sides at a flat rate per 1,000 code lines instead of the build model.")
    var secondsPerKloc: Double?

    @Option(name: .customLong("write-reports"),
            help: "With --base: also write the two analysis reports as before.json and after.json in this directory (for graph --diff).")
    var writeReports: String?

    @Option(parsing: .unconditional, help: "How many items of each list the text and markdown formats show (html shows every item and draws this many views).")
    var top: Int = 10

    @OptionGroup var scanOptions: ScanOptions

    @OptionGroup var facts: FactsInputOptions

    func run() throws {
        guard let reporter = Reporters.diff.reporter(named: format) else {
            throw InputError(description: "unknown format '\(format)'; expected one of \(Reporters.diff.names.joined(separator: ", "))")
        }
        guard top > 0 else { throw InputError(description: "--top must be at least 1, got \(top)") }
        let conditions: [FailCondition]
        do {
            conditions = try failOn.map { try FailCondition(parsing: $0) }
        } catch let error as FailCondition.SyntaxError {
            throw InputError(description: error.description)
        }

        let before: ComparedReport
        let after: ComparedReport
        if let base {
            (before, after) = try compareWithBase(base)
        } else {
            guard arguments.count == 2 else {
                throw InputError(description: "diff needs two reports, BEFORE.json AFTER.json, or --base REV; got \(arguments.count) argument\(arguments.count == 1 ? "" : "s")")
            }
            if !facts.files.isEmpty { throw InputError(description: "--facts applies only with --base") }
            for (option, value) in [("--config", config), ("--write-reports", writeReports)] where value != nil {
                throw InputError(description: "\(option) applies only with --base")
            }
            guard secondsPerKloc == nil else { throw InputError(description: "--seconds-per-kloc applies only with --base") }
            do {
                before = try ComparedReport.load(file: arguments[0])
                after = try ComparedReport.load(file: arguments[1])
            } catch let error as ComparedReport.LoadError {
                throw InputError(description: error.description)
            }
        }

        let diff: ReportDiff
        do {
            diff = try CompareReports.diff(before: before, after: after, failOn: conditions)
        } catch let error as CompareReports.Incompatible {
            throw InputError(description: error.description)
        }
        var options = DiffRenderOptions(top: top)
        if format == DiffHTMLReporter.name, before.graph != nil, after.graph != nil {
            options.diagrams = try Self.drawings(of: DiffHTMLReporter.drawnViews(diff, top: top),
                                                 before: (before, diff.before.file), after: (after, diff.after.file))
        }
        let text = reporter.render(diff, options: options)
        try destination.emit(Data(text.utf8))
        for check in diff.checks where check.failed {
            FileHandle.standardError.write(Data("firebreak: --fail-on \(check.condition): \(check.detail)\n".utf8))
        }
        if diff.failed { throw ExitCode(ExitStatus.findings) }
    }

    /// Each view's closure before and after, as `graph --diff` draws it by default, as SVG markup.
    private static func drawings(of views: [String], before: (ComparedReport, String), after: (ComparedReport, String)) throws -> [String: String] {
        guard !views.isEmpty else { return [:] }
        let old = try ReportDiagrams.builder(for: before.0, file: before.1)
        let new = try ReportDiagrams.builder(for: after.0, file: after.1)
        var drawings: [String: String] = [:]
        for view in views {
            let draw = { (limit: Int) in try DiagramComparison.view(view, before: old, after: new, options: DiagramBuilder.Options(maxNodes: limit)) }
            guard (try? draw(DiagramBuilder.Options().maxNodes)) != nil else { continue }
            drawings[view] = try ReportDiagrams.inlineSVG(draw)
        }
        return drawings
    }

    /// Analyses the revision in a temporary checkout and the working tree, in this process.
    private func compareWithBase(_ revision: String) throws -> (ComparedReport, ComparedReport) {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let paths = arguments.isEmpty ? ["."] : arguments
        let costModel = try CostModelOption.costModel(secondsPerKloc)
        let explicitConfig = config.map { PathDisplay.absolute($0, workingDirectory: workingDirectory) }
        if let writeReports { try Self.makeReportsDirectory(writeReports) }

        let checkout = try BaseCheckout.make(revision: revision, workingDirectory: workingDirectory)
        defer { checkout.remove() }
        let baseWorkingDirectory = try checkout.mirror(workingDirectory)
        try? FileManager.default.createDirectory(atPath: baseWorkingDirectory, withIntermediateDirectories: true)
        let basePaths = try paths.map { try checkout.mirror(PathDisplay.absolute($0, workingDirectory: workingDirectory)) }
        for (path, mirrored) in zip(paths, basePaths) where !FileManager.default.fileExists(atPath: mirrored) {
            guard checkout.existsAtRevision(PathDisplay.absolute(path, workingDirectory: workingDirectory)) else {
                throw InputError(description: "\(path) does not exist at \(revision)")
            }
            // There, but without Swift files: analyse an empty directory.
            try? FileManager.default.createDirectory(atPath: mirrored, withIntermediateDirectories: true)
        }

        // The working tree's configuration, when it lives outside the repository, applies to both sides.
        let afterConfigFile = explicitConfig ?? locateConfiguration(paths: paths, workingDirectory: workingDirectory)
        let sharedConfig = explicitConfig ?? afterConfigFile.flatMap { file in
            file.hasPrefix(checkout.repositoryRoot + "/") ? nil : file
        }
        FileHandle.standardError.write(Data("firebreak: analysing \(revision) (\(checkout.commit.prefix(12))) in a temporary checkout\n".utf8))
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let (basePrepared, baseConfiguration) = try AnalysisLoading.prepare(
            paths: basePaths, config: sharedConfig, workingDirectory: baseWorkingDirectory,
            configurationBoundary: checkout.checkoutRoot, scanOptions: scanOptions, progress: progress, allowsNoFiles: true)
        let beforeReport = Analyzer.analyze(basePrepared, configuration: baseConfiguration, costModel: costModel)
        // Everything needed is in the report now: free the disk before analysing the working tree.
        checkout.remove()
        let (prepared, configuration) = try AnalysisLoading.prepare(
            paths: paths, config: explicitConfig, workingDirectory: workingDirectory, scanOptions: scanOptions, facts: facts, progress: progress,
            allowsNoFiles: true)
        let afterReport = Analyzer.analyze(prepared, configuration: configuration, costModel: costModel)
        progress?.finish()

        return try compared(beforeReport, afterReport, revision: revision)
    }

    /// `--write-reports DIR`: an existing directory, or one made now.
    private static func makeReportsDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw InputError(description: "--write-reports: \(path) is a file, not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw InputError(description: "--write-reports: cannot create \(path): \(ErrorText.reason(error))")
        }
    }

    /// Both reports through the JSON the two-report form reads; written to `--write-reports` when asked.
    private func compared(_ beforeReport: AnalysisReport, _ afterReport: AnalysisReport, revision: String) throws -> (ComparedReport, ComparedReport) {
        try ComparedAnalyses.compare(beforeReport, afterReport, beforeSource: revision, afterSource: "working tree", writingTo: writeReports)
    }

    private func locateConfiguration(paths: [String], workingDirectory: String) -> String? {
        let first = PathDisplay.absolute(paths[0], workingDirectory: workingDirectory)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory)
        return ConfigurationLoader.locate(startingAt: exists && isDirectory.boolValue ? first : (first as NSString).deletingLastPathComponent)
    }
}
