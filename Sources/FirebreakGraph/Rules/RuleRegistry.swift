/// Every rule firebreak runs, in the order `firebreak rules` lists them.
public enum RuleRegistry {
    public static let rules: [any Rule.Type] = [
        ForbiddenImportRule.self,
        SingletonAccessRule.self,
        ConcreteInstantiationRule.self,
        ConcreteDefaultArgumentRule.self,
    ]

    /// Reported by the pipeline for suppression comments that silence nothing.
    public static let unusedSuppression = RuleDescription(
        id: "unused-suppression",
        name: "Unused suppression",
        summary: "A firebreak:disable comment that silences nothing, or names an unknown rule.",
        rationale: "Stale suppressions hide future findings; remove them once the code is fixed.",
        defaultSeverity: .note,
        triggering: [], nonTriggering: [])

    public static var descriptions: [RuleDescription] {
        rules.map { $0.description } + [ClosureBudgetRule.description, unusedSuppression]
    }
    public static var ids: [String] { descriptions.map(\.id) }

    public static func description(of id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }
}
