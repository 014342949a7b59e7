import FirebreakScan

/// A check over the role model. Rules return findings at their default severity;
/// configuration, suppressions and baselines are applied afterwards by the pipeline.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func findings(in model: RoleModel, knowledge: RuleKnowledge) -> [Finding]
}

extension Rule {
    func finding(in model: RoleModel, file: Int, at position: SourcePosition, symbol: String,
                 type: String?, message: String, hint: String?) -> Finding {
        let facts = model.files[file]
        return Finding(
            rule: Self.description.id, severity: Self.description.defaultSeverity, path: facts.path,
            line: position.line, column: position.column, symbol: symbol, type: type,
            message: message, hint: hint, lineText: facts.text(ofLine: position.line))
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
