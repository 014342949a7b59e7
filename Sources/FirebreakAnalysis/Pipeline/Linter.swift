import FirebreakModel
import FirebreakScan

/// The findings stage of the pipeline: rules in the order of their input (model, graph,
/// suppressions), each finding at its configured severity, then the baseline.
public enum Linter {
    public struct Outcome: Sendable {
        public var report: LintReport
        /// Findings before the baseline was applied.
        public var unbaselinedFindings: [Finding]

        /// What `--write-baseline` records: every finding but those about suppression comments,
        /// which are fixed by editing the comment, never accepted.
        public var baselineFindings: [Finding] {
            unbaselinedFindings.filter { UnusedSuppressionRule.description.id != $0.rule }
        }
    }

    /// The rules on under `configuration`, each description at its configured severity.
    public static func activeRules(_ configuration: Configuration) -> [(rule: any Rule.Type, description: RuleDescription)] {
        RuleRegistry.rules.compactMap { rule in
            guard rule.applies(to: configuration),
                  let severity = configuration.severity(of: rule.description.id, default: rule.description.defaultSeverity) else { return nil }
            var description = rule.description
            description.defaultSeverity = severity
            return (rule, description)
        }
    }

    /// Whether an active rule reads the dependency graph, so `lint` must build it.
    public static func needsGraph(_ configuration: Configuration) -> Bool {
        activeRules(configuration).contains { $0.rule.input == .graph }
    }

    /// Everything after scanning, on an already-built model; also what rule tests call.
    /// - Parameter graph: when given, the rules that read the graph run on it.
    public static func evaluate(model: RoleModel, configuration: Configuration, baseline: Baseline? = nil,
                                diagnostics: [InputDiagnostic] = [], graph: DependencyGraph? = nil,
                                workingDirectory: String? = nil) -> Outcome {
        let file = configuration.sourceFile.map { PathDisplay.relative($0, to: workingDirectory ?? configuration.rootDirectory) }
            ?? Configuration.fileName
        let active = activeRules(configuration).filter { $0.rule.input != .graph || graph != nil }
        var context = RuleContext(model: model, configuration: configuration, configurationFile: file, graph: graph)
        // Rules only read the model: each runs on a core of its own, findings joined in rule order.
        func run(_ input: RuleInput) -> [Finding] {
            let rules = active.filter { $0.rule.input == input }
            let context = context
            return ParallelMap.map(rules.count) { index in
                rules[index].rule.init().findings(in: context).map { finding in
                    var finding = finding
                    finding.severity = rules[index].description.defaultSeverity
                    return finding
                }
            }.flatMap { $0 }
        }
        var diagnostics = diagnostics
        if let graph, active.contains(where: { $0.rule == ClosureBudgetRule.self }) {
            diagnostics += ClosureBudgetRule.unmatchedBudgets(in: graph, budgets: configuration.budgets, configurationFile: file)
        }
        // Comments can silence the findings of model and graph rules, not those about comments.
        let silenceable = Set(active.filter { $0.rule.input != .suppressions }.map(\.description.id))
        let suppression = ApplySuppressions(activeRules: silenceable)(run(.model) + run(.graph), files: model.files)
        context = RuleContext(model: model, configuration: configuration, configurationFile: file, graph: graph,
                              suppressions: suppression.use)
        let findings = (suppression.kept + run(.suppressions)).sorted()
        let base = LintReport(
            tool: .current, findings: findings, diagnostics: diagnostics.sorted(),
            summary: LintReport.Summary(filesScanned: model.files.count, errors: 0, warnings: 0, notes: 0,
                                        suppressed: suppression.suppressedCount, baselined: 0,
                                        staleBaselineEntries: 0, byRule: [:]),
            staleBaseline: [], rules: active.map(\.description))
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
