import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation

/// Which types `measure` edits, and the firewall `fix` writes for them in the second copy.
enum MeasuredTypes {
    struct Chosen {
        var type: String
        var module: String
        /// The declaring file, relative to the project.
        var path: String
        var estimate: MeasurementRecord.Estimate
        /// The findings whose dependency ends at the type: what `fix` is asked to firewall.
        var findings: [String]
    }

    /// The first `top` rows of the rebuild table a firewall shortens, for types declared in the
    /// project: the edits the analysis says matter most.
    static func choose(root: URL, config: String?, top: Int, costModel: CostModel) throws -> [Chosen] {
        let (prepared, configuration) = try analysis(of: root, config: config)
        let report = Analyzer.analyze(prepared, configuration: configuration, costModel: costModel)
        let graph = prepared.graph
        let chosen = report.rebuilds.filter { $0.files > $0.firewalled.files }.compactMap { rebuild -> Chosen? in
            guard let path = declaringFile(of: rebuild, in: graph) else { return nil }
            let findings = prepared.lint.report.findings.filter { Self.target(of: $0) == rebuild.type.lastNameComponent }
            return Chosen(type: rebuild.type, module: rebuild.module, path: PathDisplay.relative(path, to: root.path),
                          estimate: MeasurementRecord.Estimate(files: rebuild.files, seconds: rebuild.estimatedSeconds, range: rebuild.range,
                                                               firewalledFiles: rebuild.firewalled.files,
                                                               firewalledSeconds: rebuild.firewalled.estimatedSeconds,
                                                               firewalledRange: rebuild.firewalled.range),
                          findings: findings.map(\.fingerprint))
        }.prefix(top)
        guard !chosen.isEmpty else {
            throw InputError(description: "no infrastructure type declared in \(root.path) has a rebuild a firewall shortens "
                + "(`firebreak analyze` lists the rebuilds): nothing to measure")
        }
        return Array(chosen)
    }

    /// The file of the type's primary declaration in the rebuild's module.
    private static func declaringFile(of rebuild: AnalysisReport.Rebuild, in graph: DependencyGraph) -> String? {
        for symbol in graph.symbols where symbol.name == rebuild.type {
            let node = graph.nodes[symbol.primary]
            guard node.framework == nil, let file = node.file, node.module.map({ graph.modules[$0].name }) == rebuild.module else { continue }
            return graph.files[file].path
        }
        return nil
    }

    /// Writes the firewall for the chosen types' findings in `copy` with `fix --apply`, then
    /// analyses the copy again: by type, why it was not firewalled (absent when it was).
    static func firewall(_ chosen: [Chosen], in copy: URL, progress: (String) -> Void) throws -> [String: String] {
        var refusals: [String: String] = [:]
        for type in chosen where type.findings.isEmpty {
            refusals[type.type] = "no finding names it, and fix writes firewalls for findings"
        }
        let fingerprints = chosen.filter { refusals[$0.type] == nil }.flatMap(\.findings)
        guard !fingerprints.isEmpty else { return refusals }
        progress("after: fix --apply for the findings that name \(chosen.filter { refusals[$0.type] == nil }.map(\.type).joined(separator: ", "))")
        let summary = try runFix(fingerprints, in: copy)
        let (prepared, _) = try analysis(of: copy, config: nil)
        let remaining = Set(prepared.lint.report.findings.map(\.fingerprint))
        for type in chosen where refusals[type.type] == nil && type.findings.allSatisfy(remaining.contains) {
            refusals[type.type] = "fix left its findings unchanged: " + summary
        }
        guard refusals.count < chosen.count else {
            throw InputError(description: "fix cannot write the firewall for \(chosen.map(\.type).joined(separator: ", ")) "
                + "(\(summary)); nothing to measure after it")
        }
        return refusals
    }

    /// The project's analysis, paths relative to its root as `fix` in a copy sees them.
    private static func analysis(of root: URL, config: String?) throws -> (Pipeline.Prepared, Configuration) {
        let configuration = try ConfigurationLoading.load(explicit: config, paths: ["."], workingDirectory: root.path)
        let request = Pipeline.Request(paths: ["."], workingDirectory: root.path, configuration: configuration)
        return (try InputError.translatingPipelineErrors { try Pipeline.prepare(request) }, configuration)
    }

    /// The type a finding's dependency ends at: `APIClient` of `APIClient.shared` and of
    /// `APIClient()`.
    static func target(of finding: Finding) -> String {
        let symbol = finding.symbol.hasSuffix("()") ? String(finding.symbol.dropLast(2)) : finding.symbol
        let components = symbol.split(separator: ".")
        if components.count > 1, components.last?.first?.isLowercase == true { return String(components[components.count - 2]) }
        return String(components.last ?? "")
    }

    /// Runs this firebreak's `fix --apply` in `copy`; its summary's first line, or why it failed.
    private static func runFix(_ fingerprints: [String], in copy: URL) throws -> String {
        guard let executable = Bundle.main.executableURL else { throw InputError(description: "cannot find the firebreak executable to run fix") }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["fix", ".", "--apply", "--no-cache"] + fingerprints.flatMap { ["--finding", $0] }
        process.currentDirectoryURL = copy
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? "no output"
        guard process.terminationStatus == 0 else {
            throw InputError(description: "fix --apply failed in the scratch copy (exit \(process.terminationStatus)): \(text.suffix(1000))")
        }
        return firstLine
    }
}
