import FirebreakModel
import FirebreakScan

/// A check that turns what the pipeline knows into findings. Rules return findings at their
/// default severity; configuration, suppressions and baselines are applied by the pipeline.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// What the rule reads, and so when the pipeline runs it.
    static var input: RuleInput { get }
    /// False when the configuration leaves the rule nothing to check (`closure-budget` without
    /// `budgets:`): it is then off, as if its severity were.
    static func applies(to configuration: Configuration) -> Bool
    init()
    func findings(in context: RuleContext) -> [Finding]
}

extension Rule {
    public static var input: RuleInput { .model }
    public static func applies(to configuration: Configuration) -> Bool { true }

    func finding(in model: RoleModel, file: Int, at position: SourcePosition, symbol: String,
                 type: String?, message: String, hint: String?) -> Finding {
        let facts = model.files[file]
        return Finding(
            rule: Self.description.id, severity: Self.description.defaultSeverity, path: facts.path,
            line: position.line, column: position.column, symbol: symbol, type: type,
            message: message, hint: hint, lineText: facts.text(ofLine: position.line))
    }
}

/// The three stages at which rules run, in this order.
public enum RuleInput: Sendable {
    /// The role model: every run.
    case model
    /// The dependency graph: runs that build one (`analyze`, or `lint` with `budgets:`).
    case graph
    /// The suppression comments and which of them silenced a finding: after every other rule.
    case suppressions
}

/// Everything a rule may read. `graph` is set for `.graph` rules, `suppressions` for
/// `.suppressions` rules.
public struct RuleContext: Sendable {
    public let model: RoleModel
    public let knowledge: RuleKnowledge
    public let configuration: Configuration
    /// The configuration file as findings name it.
    public let configurationFile: String
    public let graph: DependencyGraph?
    public let suppressions: SuppressionUse?

    public init(model: RoleModel, configuration: Configuration, configurationFile: String = Configuration.fileName,
                graph: DependencyGraph? = nil, suppressions: SuppressionUse? = nil) {
        self.model = model
        knowledge = RuleKnowledge(configuration: configuration)
        self.configuration = configuration
        self.configurationFile = configurationFile
        self.graph = graph
        self.suppressions = suppressions
    }
}

/// Built-in knowledge adjusted by configuration, shared by all rules.
public struct RuleKnowledge: Sendable {
    public let frameworks: InfrastructureFrameworks
    public let services: ServiceKnowledge

    public init(configuration: Configuration) {
        frameworks = InfrastructureFrameworks(configuration.forbiddenImports)
        services = ServiceKnowledge(singletons: configuration.singletons)
    }
}
