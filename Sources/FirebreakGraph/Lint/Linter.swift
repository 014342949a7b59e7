import FirebreakScan

/// Runs the whole lint job: discover → scan → infer roles → rules → severity → suppressions → baseline.
public enum Linter {
    public struct Request: Sendable {
        public var paths: [String]
        public var workingDirectory: String
        public var configuration: Configuration
        public var baseline: Baseline?
        public var scanning: FileScanner.Options
        /// `--target`: findings in the files of this module only.
        public var target: String?

        public init(paths: [String], workingDirectory: String, configuration: Configuration, baseline: Baseline? = nil,
                    scanning: FileScanner.Options = FileScanner.Options(), target: String? = nil) {
            self.paths = paths
            self.workingDirectory = workingDirectory
            self.configuration = configuration
            self.baseline = baseline
            self.scanning = scanning
            self.target = target
        }
    }

    public struct Outcome: Sendable {
        public var report: LintReport
        /// Findings before the baseline was applied: what `--write-baseline` records.
        public var unbaselinedFindings: [Finding]
    }

    public static func run(_ request: Request) throws -> Outcome {
        let configuration = request.configuration
        // Budgets are checked on the dependency graph, which only `prepare` builds.
        if !configuration.budgets.isEmpty {
            let prepared = try Analyzer.prepare(Analyzer.Request(
                paths: request.paths, workingDirectory: request.workingDirectory, configuration: configuration,
                scanning: request.scanning, target: request.target))
            return applying(request.baseline, to: prepared.lint)
        }
        var timer = PhaseTimer()
        let project = try ScannedProject.scan(
            paths: request.paths, workingDirectory: request.workingDirectory, configuration: configuration,
            scanning: request.scanning, target: request.target, timer: &timer)
        var outcome = evaluate(model: project.model, configuration: configuration, baseline: nil,
                               diagnostics: project.diagnostics)
        if let selection = project.selection { outcome = keeping(selection.files, of: outcome) }
        outcome = applying(request.baseline, to: outcome)
        timer.lap("rules")
        return outcome
    }

    /// Everything after scanning, on an already-built model; also what rule tests call.
    /// - Parameter graph: when given, `closure-budget` runs on it.
    public static func evaluate(model: RoleModel, configuration: Configuration, baseline: Baseline?,
                                diagnostics: [InputDiagnostic] = [], graph: DependencyGraph? = nil,
                                workingDirectory: String? = nil) -> Outcome {
        var diagnostics = diagnostics
        let knowledge = RuleKnowledge(configuration: configuration)
        var findings: [Finding] = []
        var active: Set<String> = []
        var descriptions: [RuleDescription] = []
        for rule in RuleRegistry.rules {
            var description = rule.description
            guard let severity = configuration.severity(of: description.id, default: description.defaultSeverity) else { continue }
            active.insert(description.id)
            description.defaultSeverity = severity
            descriptions.append(description)
            findings += rule.init().findings(in: model, knowledge: knowledge).map { finding in
                var finding = finding
                finding.severity = severity
                return finding
            }
        }
        if let graph, !configuration.budgets.isEmpty,
           let severity = configuration.severity(of: ClosureBudgetRule.description.id, default: ClosureBudgetRule.description.defaultSeverity) {
            var description = ClosureBudgetRule.description
            description.defaultSeverity = severity
            active.insert(description.id)
            descriptions.append(description)
            let file = configuration.sourceFile.map { PathDisplay.relative($0, to: workingDirectory ?? configuration.rootDirectory) }
                ?? Configuration.fileName
            let budget = ClosureBudgetRule.check(graph, budgets: configuration.budgets, configurationFile: file)
            findings += budget.findings.map { finding in
                var finding = finding
                finding.severity = severity
                return finding
            }
            diagnostics += budget.diagnostics
        }
        let suppression = ApplySuppressions(activeRules: active)(findings, files: model.files)
        findings = suppression.kept
        let unusedID = RuleRegistry.unusedSuppression.id
        if var unusedDescription = RuleRegistry.description(of: unusedID),
           let severity = configuration.severity(of: unusedID, default: unusedDescription.defaultSeverity) {
            unusedDescription.defaultSeverity = severity
            descriptions.append(unusedDescription)
            findings += suppression.unused.map { finding in
                var finding = finding
                finding.severity = severity
                return finding
            }
        }
        findings.sort()
        let base = LintReport(
            tool: .current, findings: findings, diagnostics: diagnostics.sorted(),
            summary: LintReport.Summary(filesScanned: model.files.count, errors: 0, warnings: 0, notes: 0,
                                        suppressed: suppression.suppressedCount, baselined: 0,
                                        staleBaselineEntries: 0, byRule: [:]),
            staleBaseline: [], rules: descriptions)
        return applying(baseline, to: Outcome(report: base, unbaselinedFindings: findings))
    }

    /// Only the findings in `paths` (display paths): `--target`.
    public static func keeping(_ paths: Set<String>, of outcome: Outcome) -> Outcome {
        var report = outcome.report
        let kept = outcome.unbaselinedFindings.filter { paths.contains($0.path) }
        report.summary.filesScanned = paths.count
        return applying(nil, to: Outcome(report: report, unbaselinedFindings: kept))
    }

    /// The outcome with `baseline` matched against all findings found, and the summary recounted.
    public static func applying(_ baseline: Baseline?, to outcome: Outcome) -> Outcome {
        let matched = baseline?.match(outcome.unbaselinedFindings)
        let reported = matched?.remaining ?? outcome.unbaselinedFindings
        var report = outcome.report
        report.findings = reported
        report.staleBaseline = matched?.stale ?? []
        report.summary.errors = reported.filter { $0.severity == .error }.count
        report.summary.warnings = reported.filter { $0.severity == .warning }.count
        report.summary.notes = reported.filter { $0.severity == .note }.count
        report.summary.baselined = matched?.baselinedCount ?? 0
        report.summary.staleBaselineEntries = matched?.stale.count ?? 0
        report.summary.byRule = Dictionary(grouping: reported, by: \.rule).mapValues(\.count)
        return Outcome(report: report, unbaselinedFindings: outcome.unbaselinedFindings)
    }
}
