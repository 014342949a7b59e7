import FirebreakModel
import FirebreakScan

/// `unused-suppression`: a `firebreak:` comment that silences nothing, or that names an unknown
/// command or rule. It reads which comments the other rules' findings used, so it runs last.
public struct UnusedSuppressionRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "unused-suppression",
        name: "Unused suppression",
        summary: "A firebreak:disable comment that silences nothing, or names an unknown rule.",
        rationale: "Stale suppressions hide future findings; remove them once the code is fixed.",
        defaultSeverity: .note,
        triggering: [
            RuleExample("A comment left behind after the code it silenced was fixed.", """
                final class ProfileViewModel: ObservableObject {
                    ↓// firebreak:disable-next-line singleton-access
                    private let api: any UserFetching
                }
                """),
            RuleExample("A misspelt rule silences nothing.", """
                final class ProfileViewModel: ObservableObject {
                    ↓// firebreak:disable-next-line singleton-acess
                    private let api = APIClient.shared
                }
                """, support: [SingletonAccessRule.apiClient]),
            RuleExample("An unknown command.", """
                ↓// firebreak:ignore singleton-access
                final class ProfileViewModel: ObservableObject {}
                """),
        ],
        nonTriggering: [
            RuleExample("A comment that silences a finding on the next line.", """
                final class ProfileViewModel: ObservableObject {
                    // firebreak:disable-next-line singleton-access -- migrating in #412
                    private let api = APIClient.shared
                }
                """, support: [SingletonAccessRule.apiClient]),
            RuleExample("A region that silences a finding.", """
                // firebreak:disable all
                final class ProfileViewModel: ObservableObject {
                    private let api = APIClient.shared
                }
                // firebreak:enable all
                """, support: [SingletonAccessRule.apiClient]),
        ])

    public static var input: RuleInput { .suppressions }

    public func findings(in context: RuleContext) -> [Finding] {
        guard let use = context.suppressions else { return [] }
        let knownRules = Set(RuleRegistry.ids).union(["all"])
        var findings: [Finding] = []
        for (file, facts) in context.model.files.enumerated() where !facts.suppressions.isEmpty {
            let scopes = ApplySuppressions.scopes(of: facts.suppressions, lineCount: facts.lineCount)
            let used = use.used[file] ?? []
            for (index, suppression) in facts.suppressions.enumerated() {
                for (message, symbol) in problems(of: suppression, index: index, used: used, scopes: scopes,
                                                  knownRules: knownRules, activeRules: use.activeRules) {
                    findings.append(Finding(
                        rule: Self.description.id, severity: Self.description.defaultSeverity, path: facts.path,
                        line: suppression.position.line, column: suppression.position.column, symbol: symbol,
                        type: nil, message: message, hint: "remove the comment or correct it",
                        lineText: "firebreak:\(suppression.commandText) \(suppression.rules.joined(separator: " "))"))
                }
            }
        }
        return findings
    }

    /// What is wrong with one comment, as (message, symbol) pairs.
    func problems(of suppression: SuppressionFact, index: Int, used: Set<Int>, scopes: [ApplySuppressions.Scope],
                  knownRules: Set<String>, activeRules: Set<String>) -> [(String, String)] {
        guard let command = suppression.command else {
            let known = SuppressionFact.Command.allCases.map(\.rawValue).joined(separator: ", ")
            return [("unknown suppression command 'firebreak:\(suppression.commandText)'; expected one of \(known)", suppression.commandText)]
        }
        if suppression.rules.isEmpty {
            return [("firebreak:\(command.rawValue) names no rule; write a rule id or 'all'", command.rawValue)]
        }
        var problems = suppression.rules.filter { !knownRules.contains($0) }.map {
            ("firebreak:\(command.rawValue) names unknown rule '\($0)'", $0)
        }
        guard command != .enable, !used.contains(index) else { return problems }
        let relevant = suppression.rules.filter { knownRules.contains($0) && ($0 == "all" || activeRules.contains($0)) }
        guard !relevant.isEmpty, scopes.contains(where: { $0.origin == index }) else { return problems }
        let names = relevant.joined(separator: " ")
        problems.append(("firebreak:\(command.rawValue) \(names) suppresses nothing", names))
        return problems
    }
}
