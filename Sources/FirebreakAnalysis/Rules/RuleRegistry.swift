import FirebreakModel

/// Every rule firebreak runs, in the order `firebreak rules` lists them.
public enum RuleRegistry {
    public static let rules: [any Rule.Type] = [
        ForbiddenImportRule.self,
        SingletonAccessRule.self,
        ConcreteInstantiationRule.self,
        ConcreteDefaultArgumentRule.self,
        ClosureBudgetRule.self,
        UnusedSuppressionRule.self,
    ]

    public static var descriptions: [RuleDescription] { rules.map { $0.description } }
    public static var ids: [String] { descriptions.map(\.id) }

    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}
