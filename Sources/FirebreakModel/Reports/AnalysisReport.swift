import FirebreakCost
import FirebreakScan

/// The result of `firebreak analyze`: closures, firewall savings, module metrics and the plan.
/// Schema in docs/report-format.md; versioned with the lint report.
public struct AnalysisReport: Sendable, Codable {
    /// 2 added `modelVersion`, `views[].estimatedSeconds`, `findings[].contentFingerprint` and `graph`.
    /// 3 (model 2): seconds are a cold build of the modules a view needs; `costModel` gained `mode`
    /// and `coefficients`; views gained `build`, `buildModules` and `firewalledBuild`.
    /// 4 (model 3): `rebuilds` (incremental rebuilds after an interface edit, with and without the
    /// firewall), `views[].rebuiltBy`, `plan[].rebuildSeconds` and `rankedBy`,
    /// `views[].cuts[].rebuildSeconds`, `costModel.rebuild`; cold-build coefficients refitted on
    /// real packages.
    /// 5: `graph.nodes[].roleReason`, `plan[].existingProtocol`, `modules[]` `importName`, `origin`, `kind`.
    /// 6 (model 4): `views[].build` and `firewalledBuild` gained `expressionTokens` and
    /// `typeCheckSeconds`; `costModel.coefficients` gained `perThousandDeclarationTokens` and
    /// `perTypeCheckSecond`, and the reference coefficients price those instead of tokens and closures.
    /// 7 (model 5): `views[].build` and `firewalledBuild` gained `bodyTokens`; `costModel.coefficients`
    /// gained `perThousandSignatureTokens`, which the reference prices instead of
    /// `perThousandDeclarationTokens` (now 0).
    /// 8 (model 6): `costModel.rebuild.coefficients` gained `perThousandSignatureTokens`, which the
    /// reference prices instead of `perThousandTokens` (now 0), beside files and closures.
    /// 9 (model 7): `costModel.rebuild.coefficients` gained `perTypeCheckSecond`, and the rebuild
    /// reference was refitted with it; cold-build seconds are unchanged.
    /// 10 (model 8): no field changed; an interface edit's rebuild also counts the files that name
    /// a struct or enum storing the type, or call a free function or use a member whose signature
    /// names it, so `rebuilds[]` and the rebuild seconds derived from it can differ from 9's.
    /// 11 (model 9): no field changed; an interface edit's rebuild also counts top-level code
    /// (`main.swift`) that names the type or uses a class or struct storing it in an instance
    /// property, so `rebuilds[]` can differ from 10's.
    /// 12 (model 10): no field changed; roles come from what a type's code does and singletons from
    /// their shape, so findings, `graph.nodes[].role` and `roleReason`, views and what a firewall
    /// cuts can differ from 11's.
    /// 13: `summary.distinctLinesRemoved` and `distinctFilesRemoved`, `plan[].distinctLines`: what
    /// the cuts take out counted once, beside the sums over views (`linesSaved`, `plan[].lines`),
    /// which count a line once per view whose closure loses it; `rebuilds[].measured` with
    /// `analyze --measured`.
    /// 14 (model 11): `low` and `high` beside every `estimatedSeconds` (and `rebuildLow`, `rebuildHigh` beside
    /// `rebuildSeconds`): the range the measured seconds are expected in, from the held-out errors
    /// of the figure's model; absent where the estimate is 0.
    public static let schemaVersion = 14

    public var schemaVersion = AnalysisReport.schemaVersion
    /// `analysis`, so tools can tell it from a lint report.
    public var kind = "analysis"
    public var tool: ToolInfo
    /// See `FirebreakVersion.model`.
    public var modelVersion = FirebreakVersion.model
    public var costModel: CostModel
    public var summary: Summary
    public var resolution: ResolutionStatistics
    public var findings: [Finding]
    public var diagnostics: [InputDiagnostic]
    public var views: [View]
    public var modules: [ModuleMetrics]
    public var plan: [PlanStep]
    /// For each infrastructure type high-level code names, what an interface edit of it rebuilds,
    /// now and behind a protocol; largest saving first.
    public var rebuilds: [Rebuild]
    /// The whole dependency graph, for redrawing closures from the report (`graph --diff`).
    public var graph: GraphSnapshot

    public struct Summary: Sendable, Codable, Hashable {
        public var files: Int
        /// Non-blank, non-comment lines in the analysed files.
        public var lines: Int
        public var declarations: Int
        public var modules: Int
        public var views: Int
        public var medianClosureLines: Int
        public var largestClosure: NamedLines?
        /// Sum over views of the lines the plan removes from their closures: a line counts once
        /// per view that loses it, so on a one-module app it can exceed `lines`.
        public var linesSaved: Int
        /// Lines the plan removes from at least one view's closure, each counted once.
        public var distinctLinesRemoved = 0
        /// Files the plan removes whole from at least one view's closure, each counted once.
        public var distinctFilesRemoved = 0
        public var estimatedSeconds: Double
        /// Where the measured seconds are expected (docs/closure-model.md, "Ranges"); absent for 0 s.
        public var low: Double?
        public var high: Double?
        public var viewsWithSavings: Int

        package init(
            files: Int,
            lines: Int,
            declarations: Int,
            modules: Int,
            views: Int,
            medianClosureLines: Int,
            largestClosure: NamedLines? = nil,
            linesSaved: Int,
            estimatedSeconds: Double,
            viewsWithSavings: Int
        ) {
            self.files = files
            self.lines = lines
            self.declarations = declarations
            self.modules = modules
            self.views = views
            self.medianClosureLines = medianClosureLines
            self.largestClosure = largestClosure
            self.linesSaved = linesSaved
            self.estimatedSeconds = estimatedSeconds
            self.viewsWithSavings = viewsWithSavings
        }
    }

    public struct NamedLines: Sendable, Codable, Hashable {
        public var name: String
        public var lines: Int

        package init(name: String, lines: Int) {
            self.name = name
            self.lines = lines
        }
    }

    public struct View: Sendable, Codable, Hashable {
        public var name: String
        public var path: String
        public var line: Int
        public var module: String
        public var closure: ClosureMetrics
        /// The modules a cold build of the view needs (its own and those it depends on), and what
        /// they hold.
        public var buildModules: [String]
        public var build: BuildFeatures
        /// Seconds of that cold build, in the cost model's unit.
        public var estimatedSeconds: Double
        /// Where the measured seconds are expected (docs/closure-model.md, "Ranges"); absent for 0 s.
        public var low: Double?
        public var high: Double?
        /// The closure after every cut in the plan, and what its build then compiles.
        public var firewalled: ClosureMetrics
        public var firewalledBuild: BuildFeatures
        public var savings: Savings
        /// The cuts that shrink this view's closure, each measured alone, largest first.
        public var cuts: [ViewCut]
        /// Infrastructure types whose interface edit recompiles this view's file, in `rebuilds` order.
        public var rebuiltBy: [String]

        package init(
            name: String,
            path: String,
            line: Int,
            module: String,
            closure: ClosureMetrics,
            buildModules: [String],
            build: BuildFeatures,
            estimatedSeconds: Double,
            firewalled: ClosureMetrics,
            firewalledBuild: BuildFeatures,
            savings: Savings,
            cuts: [ViewCut],
            rebuiltBy: [String]
        ) {
            self.name = name
            self.path = path
            self.line = line
            self.module = module
            self.closure = closure
            self.buildModules = buildModules
            self.build = build
            self.estimatedSeconds = estimatedSeconds
            self.firewalled = firewalled
            self.firewalledBuild = firewalledBuild
            self.savings = savings
            self.cuts = cuts
            self.rebuiltBy = rebuiltBy
        }
    }

    /// An interface edit of one infrastructure type: the files the incremental build recompiles
    /// and its seconds (net of a no-op build), as the code is and with the type behind a protocol.
    public struct Rebuild: Sendable, Codable, Hashable {
        public var type: String
        public var module: String
        public var files: Int
        public var estimatedSeconds: Double
        /// Where the measured seconds are expected (docs/closure-model.md, "Ranges"); absent for 0 s.
        public var low: Double?
        public var high: Double?
        public var firewalled: RebuildEstimate
        /// Views whose file is among the recompiled ones.
        public var views: [String]
        /// What `firebreak measure` timed for the same edit (`analyze --measured`); absent otherwise.
        public var measured: MeasuredRebuild?

        /// Seconds the firewall saves on every such edit.
        public var savedSeconds: Double { max(0, CostModel.rounded(estimatedSeconds - firewalled.estimatedSeconds)) }

        package init(
            type: String,
            module: String,
            files: Int,
            estimatedSeconds: Double,
            firewalled: RebuildEstimate,
            views: [String]
        ) {
            self.type = type
            self.module = module
            self.files = files
            self.estimatedSeconds = estimatedSeconds
            self.firewalled = firewalled
            self.views = views
        }
    }

    /// An interface edit's rebuild as `firebreak measure` timed it: medians net of a no-op build,
    /// files as the driver compiled them (nil where the build did not show them).
    public struct MeasuredRebuild: Sendable, Codable, Hashable {
        public var files: Int?
        public var seconds: Double
        /// After `fix`'s firewall; nil when it was not written for the type.
        public var firewalledFiles: Int?
        public var firewalledSeconds: Double?

        public init(_ edit: MeasurementRecord.Edit) {
            files = edit.before.files
            seconds = edit.before.seconds
            firewalledFiles = edit.after?.files
            firewalledSeconds = edit.after?.seconds
        }
    }

    public struct RebuildEstimate: Sendable, Codable, Hashable {
        public var files: Int
        public var estimatedSeconds: Double
        /// Where the measured seconds are expected (docs/closure-model.md, "Ranges"); absent for 0 s.
        public var low: Double?
        public var high: Double?

        package init(files: Int, estimatedSeconds: Double) {
            self.files = files
            self.estimatedSeconds = estimatedSeconds
        }
    }

    /// What ranks a plan step: seconds of a cold build where the cut changes the modules a build
    /// needs, else seconds of the incremental rebuild after an interface edit, else (framework
    /// cuts in one module) the closure lines it removes.
    public enum Ranking: String, Sendable, Codable, Hashable {
        case coldBuild = "cold build"
        case rebuild
        case lines
    }

    public struct Savings: Sendable, Codable, Hashable {
        public var lines: Int
        public var files: Int
        public var declarations: Int
        public var modules: Int
        /// Lines saved ÷ closure lines, 0…1.
        public var fraction: Double
        /// Build seconds saved: the estimate before the cuts minus the estimate after.
        public var estimatedSeconds: Double
        /// Where the measured seconds are expected (docs/closure-model.md, "Ranges"); absent for 0 s.
        public var low: Double?
        public var high: Double?
        /// Frameworks no longer reached, sorted.
        public var frameworks: [String]

        package init(
            lines: Int,
            files: Int,
            declarations: Int,
            modules: Int,
            fraction: Double,
            estimatedSeconds: Double,
            frameworks: [String]
        ) {
            self.lines = lines
            self.files = files
            self.declarations = declarations
            self.modules = modules
            self.fraction = fraction
            self.estimatedSeconds = estimatedSeconds
            self.frameworks = frameworks
        }
    }

    public struct ViewCut: Sendable, Codable, Hashable {
        /// The concrete type a protocol would stand in for.
        public var target: String
        public var lines: Int
        public var files: Int
        public var estimatedSeconds: Double
        /// Where the measured seconds are expected (docs/closure-model.md, "Ranges"); absent for 0 s.
        public var low: Double?
        public var high: Double?
        /// Seconds the cut saves on each interface edit of its type (0 for a framework cut).
        public var rebuildSeconds: Double
        public var rebuildLow: Double?
        public var rebuildHigh: Double?
        /// Frameworks this cut alone removes from the view's closure.
        public var frameworks: [String]

        package init(
            target: String,
            lines: Int,
            files: Int,
            estimatedSeconds: Double,
            rebuildSeconds: Double,
            frameworks: [String]
        ) {
            self.target = target
            self.lines = lines
            self.files = files
            self.estimatedSeconds = estimatedSeconds
            self.rebuildSeconds = rebuildSeconds
            self.frameworks = frameworks
        }
    }

    /// One step of the refactor plan: extract a protocol for `target`.
    public struct PlanStep: Sendable, Codable, Hashable {
        public var rank: Int
        public var target: String
        /// Where the type is declared; nil for a framework type.
        public var path: String?
        public var line: Int?
        /// For a framework cut, the framework.
        public var framework: String?
        /// The concrete types the protocol stands in for.
        public var types: [String]
        /// The high-level declarations that depend on it.
        public var usedBy: [String]
        /// The members those declarations read: the protocol's requirements.
        public var members: [String]
        public var dependencies: [Dependency]
        /// Views whose closure shrinks.
        public var views: Int
        /// Sum over those views of the lines removed from their closures.
        public var lines: Int
        /// Lines removed from at least one of those views' closures, each counted once.
        public var distinctLines = 0
        public var estimatedSeconds: Double
        /// Where the measured seconds are expected (docs/closure-model.md, "Ranges"); absent for 0 s.
        public var low: Double?
        public var high: Double?
        /// Seconds saved on each interface edit of the type (0 for a framework cut).
        public var rebuildSeconds: Double
        public var rebuildLow: Double?
        public var rebuildHigh: Double?
        public var rankedBy: Ranking
        /// Frameworks the cut removes from at least one view's closure.
        public var frameworks: [String]
        /// A scanned protocol the type already conforms to: inject it rather than extract a new one.
        public var existingProtocol: String?

        package init(
            rank: Int,
            target: String,
            path: String? = nil,
            line: Int? = nil,
            framework: String? = nil,
            types: [String],
            usedBy: [String],
            members: [String],
            dependencies: [Dependency],
            views: Int,
            lines: Int,
            estimatedSeconds: Double,
            rebuildSeconds: Double,
            rankedBy: Ranking,
            frameworks: [String],
            existingProtocol: String? = nil
        ) {
            self.rank = rank
            self.target = target
            self.path = path
            self.line = line
            self.framework = framework
            self.types = types
            self.usedBy = usedBy
            self.members = members
            self.dependencies = dependencies
            self.views = views
            self.lines = lines
            self.estimatedSeconds = estimatedSeconds
            self.rebuildSeconds = rebuildSeconds
            self.rankedBy = rankedBy
            self.frameworks = frameworks
            self.existingProtocol = existingProtocol
        }
    }

    /// A dependency a plan step replaces.
    public struct Dependency: Sendable, Codable, Hashable {
        public var from: String
        /// The concrete type depended on.
        public var to: String
        public var kind: EdgeKind
        public var path: String
        public var line: Int

        package init(from: String, to: String, kind: EdgeKind, path: String, line: Int) {
            self.from = from
            self.to = to
            self.kind = kind
            self.path = path
            self.line = line
        }
    }

    package init(
        tool: ToolInfo,
        costModel: CostModel,
        summary: Summary,
        resolution: ResolutionStatistics,
        findings: [Finding],
        diagnostics: [InputDiagnostic],
        views: [View],
        modules: [ModuleMetrics],
        plan: [PlanStep],
        rebuilds: [Rebuild],
        graph: GraphSnapshot
    ) {
        self.tool = tool
        self.costModel = costModel
        self.summary = summary
        self.resolution = resolution
        self.findings = findings
        self.diagnostics = diagnostics
        self.views = views
        self.modules = modules
        self.plan = plan
        self.rebuilds = rebuilds
        self.graph = graph
    }
}
