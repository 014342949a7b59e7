import ArgumentParser
import FirebreakAnalysis
import FirebreakDiff
import FirebreakFix
import FirebreakModel
import FirebreakReport
import Foundation

struct Fix: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Apply the firewall refactor: a protocol the high-level type owns, the concrete type's conformance, injection through init.",
        discussion: """
            Dry run by default: a unified diff on standard output (`git apply` reads it) and a summary on standard \
            error. --apply writes the files, analyses again and prints the findings fixed and the savings realised. \
            A concrete default argument (init(client: APIClient = .shared)) moves to the call sites outside \
            high-level code. A type whose fix cannot be complete is left unchanged, and the summary says why; a \
            dependency no protocol can stand for is left as it is while the type's others are fixed. Exit status: 0 \
            when the fix is shown or written, 2 for usage, configuration or input errors.
            """)

    @OptionGroup var input: InputOptions

    @Flag(help: "Write the changes (each file replaced atomically) instead of printing them.")
    var apply = false

    @Option(name: .customLong("type"), help: "Fix only this high-level type (repeatable).")
    var types: [String] = []

    @Option(name: .customLong("finding"), help: "Fix only the dependency of the finding with this fingerprint (repeatable).")
    var findings: [String] = []

    @Option(help: "Name of the protocol to write, when one is written (default: after the capability the used members share, else <Concrete>Providing).")
    var name: String?

    @Flag(help: "Also write a preview/test double of each protocol: fixtures, a delay and a failure (seed 001).")
    var mocks = false

    @Option(help: "How the dependency reaches the type: auto (the default: views read it from the SwiftUI environment, other types take it through init), init (a protocol through init), closures (a Dependencies struct of closures) or environment (views only; writes the preview doubles).")
    var style: String = "auto"

    @Flag(name: .customLong("shrink-only"), help: "Keep only the fixes that leave no view's closure larger in lines; a fix whose concrete type stays in a view (another path reaches it, or it is a platform type) is refused with the view it would grow.")
    var shrinkOnly = false

    @OptionGroup var scanOptions: ScanOptions

    func run() throws {
        guard let style = FixOptions.Style(rawValue: style) else {
            throw InputError(description: "unknown --style '\(style)'; expected one of \(FixOptions.Style.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let name, name.isEmpty || !name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) || name.first!.isNumber {
            throw InputError(description: "--name '\(name)' is not a Swift type name")
        }
        if let name, let problem = ReservedNames.problem(withTypeName: name) {
            throw InputError(description: "--name: \(problem); choose another name")
        }
        let workingDirectory = FileManager.default.currentDirectoryPath
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let (request, configuration) = try AnalysisLoading.request(
            paths: input.paths, config: input.config, workingDirectory: workingDirectory, configurationBoundary: nil,
            scanOptions: scanOptions, facts: nil, progress: progress, allowsNoFiles: false)
        let prepared = try AnalysisLoading.prepare(request, progress: progress)
        try checkSelection(prepared, configuration: configuration)
        let fixer = makeFixer(prepared, configuration: configuration, style: style, workingDirectory: workingDirectory)
        let before = Analyzer.analyze(prepared, configuration: configuration, costModel: try CostModelOption.costModel(nil))
        progress?.enter("checking the rewrite on the edited tree")
        let (plan, after) = try verifiedPlan(fixer, prepared: prepared, before: before,
                                             verification: FixVerification(request: request, configuration: configuration, shrinkOnly: shrinkOnly))
        progress?.finish()
        // Checked in a dry run too: a diff that `git apply` would take outside the project is refused alike.
        let targets = try FixTarget.resolve(plan.changes, roots: FixTarget.roots(of: input.paths, workingDirectory: workingDirectory),
                                            workingDirectory: workingDirectory)
        guard apply else {
            try OutputFile.standardOutput(Data(plan.unifiedDiff.utf8))
            // What `--apply` would print after writing, told before: a rewrite can leave a view's
            // closure larger in lines though it reaches no new type.
            let effect = try after.map { try Self.diff(before, $0).summary }
            FileHandle.standardError.write(Data((FixSummary.render(plan, applied: false) + FixSummary.closureEffect(effect)).utf8))
            return
        }
        guard let after, !plan.changes.isEmpty else {
            try OutputFile.standardOutput(Data(FixSummary.render(plan, applied: true).utf8))
            return
        }
        try FixWriter.write(targets)
        let diff = try Self.diff(before, after)
        let text = FixSummary.render(plan, applied: true) + "\n" + (Reporters.diff.reporter(named: "text")?.render(diff, options: DiffRenderOptions(top: 10)) ?? "")
        try OutputFile.standardOutput(Data(text.utf8))
    }

    /// The analyses before and after the rewrite compared, as `diff` compares two reports.
    private static func diff(_ before: AnalysisReport, _ after: AnalysisReport) throws -> ReportDiff {
        let (beforeCompared, afterCompared) = try ComparedAnalyses.compare(before, after, beforeSource: "before fix", afterSource: "after fix")
        return try CompareReports.diff(before: beforeCompared, after: afterCompared)
    }

    /// `--type` and `--finding` must name what the analysed files hold.
    private func checkSelection(_ prepared: Pipeline.Prepared, configuration: Configuration) throws {
        // A new file, an import or a conformance is right only in the target that compiles it.
        if let project = prepared.structure.unreadProjects.first, configuration.modules.isEmpty {
            throw InputError(description: """
                \(project): a Tuist project, whose targets firebreak cannot read (its manifests are Swift that Tuist \
                runs); fix writes nothing where it cannot tell which target compiles a file. Run `tuist generate` and \
                run fix on the workspace it writes, or describe the targets under modules: in .firebreak.yml
                """)
        }
        let findings = prepared.lint.report.findings
        let declared = prepared.model.symbols.types.flatMap { [$0.qualifiedName, $0.simpleName] }
        for type in types where !declared.contains(type) {
            throw InputError(description: "--type \(type): no type of that name is declared in the analysed files"
                             + NameSuggestions.phrase(NameSuggestions.nearest(to: type, among: declared)))
        }
        for fingerprint in self.findings where !findings.contains(where: { $0.fingerprint == fingerprint }) {
            throw InputError(description: "--finding \(fingerprint): no finding has this fingerprint (`firebreak lint --format json` lists them)")
        }
    }

    private func makeFixer(_ prepared: Pipeline.Prepared, configuration: Configuration, style: FixOptions.Style, workingDirectory: String) -> Fixer {
        let modules = prepared.moduleMap.moduleOfFile.map { $0 >= 0 ? prepared.moduleMap.modules[$0].name : "" }
        // A root without a project description is named after its folder, which no `import` can name.
        let importNames = prepared.moduleMap.moduleOfFile.map { index in
            index >= 0 && prepared.moduleMap.modules[index].source != .root ? prepared.moduleMap.modules[index].importName : ""
        }
        let roles = InferRoles(configuration: configuration, workingDirectory: workingDirectory)
        let placement = NewFilePlacement(prepared: prepared, configuration: configuration, paths: input.paths, workingDirectory: workingDirectory)
        let targets = placement.targetsByFile
        let modes = placement.languageModesByTarget
        let isolations = placement.defaultIsolationsByTarget
        return Fixer(model: prepared.model, modules: modules, importNames: importNames, workingDirectory: workingDirectory,
                     options: FixOptions(style: style, types: Set(types), fingerprints: Set(self.findings), protocolName: name, mocks: mocks),
                     infrastructureFrameworks: InfrastructureFrameworks(configuration.forbiddenImports),
                     pathRole: { roles.pathRole(of: $0) },
                     compiledLike: placement.compiledLike, targetsOf: { targets[$0] ?? [] },
                     uncompiledFiles: prepared.moduleMap.uncompiledFiles,
                     languageModesOf: { (targets[$0] ?? []).sorted().map { modes[$0] ?? nil } },
                     defaultIsolationsOf: { (targets[$0] ?? []).sorted().map { isolations[$0] ?? nil } })
    }

    /// The plan, made again without the types a check on the edited tree fails for, until every
    /// check passes; with the analysis of the edited tree. A check that fails with no type to
    /// blame, or still fails after the last round, writes nothing and names the check and the site.
    private func verifiedPlan(_ fixer: Fixer, prepared: Pipeline.Prepared, before: AnalysisReport, verification: FixVerification)
        throws -> (FixPlan, AnalysisReport?) {
        var refusing: [String: String] = [:]
        var plan = fixer.plan(findings: prepared.lint.report.findings)
        // Refusing a fix that grows a view can leave another view's concrete type in place, one
        // layer a round: --shrink-only takes more rounds.
        let rounds = verification.shrinkOnly ? 2 * Self.verificationRounds : Self.verificationRounds
        for round in 1...rounds {
            guard !plan.changes.isEmpty else { return (plan, nil) }
            let (after, failures) = try verification.check(plan, before: prepared)
            guard let failure = failures.first else {
                return (plan, Analyzer.analyze(after, configuration: verification.configuration, costModel: try CostModelOption.costModel(nil)))
            }
            let blamed = failures.flatMap { failure in failure.owners.map { ($0, "\(failure.check) (\(failure.site))") } }
            guard round < rounds, !blamed.isEmpty else {
                throw InputError(description: "fix checked the rewrite on the edited tree and it fails: \(failure.check) at \(failure.site); nothing was written")
            }
            for (owner, reason) in blamed where refusing[owner] == nil { refusing[owner] = reason }
            plan = fixer.plan(findings: prepared.lint.report.findings, refusing: refusing)
        }
        return (plan, nil)
    }

    /// Each round analyses the project again and refuses the types the failures blame; a refusal
    /// can uncover another failure behind it, one layer a round (on CodeEdit, containers its nested
    /// types named alike took more than three), and six bound the cost on a large app.
    private static let verificationRounds = 6
}
