import FirebreakModel
import FirebreakScan

/// `concrete-default-argument`: a parameter's default value is a concrete infrastructure service.
public struct ConcreteDefaultArgumentRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "concrete-default-argument",
        name: "Concrete default argument",
        summary: "A parameter of a high-level type defaults to a concrete infrastructure service.",
        rationale: """
            `init(repository: any MarketsRepository = LiveMarketsRepository())` keeps call sites short and \
            lets tests and previews pass a mock, so it is fine for testability. But the type still compiles \
            against the live implementation and everything behind it, so the compile-time firewall is not \
            there yet. Reported as a note: move the default to the composition root when build time matters.
            """,
        defaultSeverity: .note,
        triggering: [
            RuleExample("A view-state defaults its repository to the live one.", path: "Sources/App/WatchlistViewState.swift", """
                @Observable @MainActor
                final class WatchlistViewState {
                    private let repository: any MarketsRepository
                    init(repository: any MarketsRepository = ↓LiveMarketsRepository()) {
                        self.repository = repository
                    }
                }
                """, support: [ConcreteInstantiationRule.services]),
            RuleExample("A default that reads a singleton or builds a platform service.", """
                final class ProfileViewModel: ObservableObject {
                    init(client: APIClient = ↓.shared, defaults: UserDefaults = ↓.standard, manager: CLLocationManager = ↓CLLocationManager()) {}
                }
                """, support: [SingletonAccessRule.apiClient]),
        ],
        nonTriggering: [
            RuleExample("Defaults that are values or mocks keep no infrastructure dependency.", """
                final class ProfileViewModel: ObservableObject {
                    init(repository: UserRepository = PreviewUserRepository(), retries: Int = 3, calendar: Calendar = .current) {}
                }
                """),
            RuleExample("Infrastructure types may default to each other.", path: "Sources/Infrastructure/LiveUserRepository2.swift", """
                final class CachingUserRepository {
                    init(base: LiveUserRepository = LiveUserRepository()) {}
                }
                """, support: [ConcreteInstantiationRule.services]),
        ]
    )

    public func findings(in context: RuleContext) -> [Finding] {
        let model = context.model, knowledge = context.knowledge
        let classifier = DependencyClassifier(model: model, knowledge: knowledge)
        var findings: [Finding] = []
        // By index, each fact read in place until it yields a finding: copying a file's facts, or
        // each fact, retained what they hold, for every rule.
        for file in model.files.indices {
            let instantiations = model.files[file].instantiations, accesses = model.files[file].memberAccesses
            for index in instantiations.indices where instantiations[index].context.flags.contains(.defaultArgument) {
                guard model.role(at: instantiations[index].context, file: file) == .highLevel,
                      classifier.isServiceConstruction(instantiations[index], file: file, anyKind: true) else { continue }
                let instantiation = instantiations[index]
                findings.append(report(instantiation.typeName + "()", file: file, context: instantiation.context,
                                       position: instantiation.position, symbol: instantiation.typeName, model: model))
            }
            for index in accesses.indices where accesses[index].context.flags.contains(.defaultArgument) {
                guard model.role(at: accesses[index].context, file: file) == .highLevel,
                      classifier.isSingletonRead(accesses[index], file: file) else { continue }
                let access = accesses[index]
                let symbol = classifier.symbol(of: access)
                findings.append(report(symbol, file: file, context: access.context, position: access.position,
                                       symbol: symbol, model: model))
            }
        }
        return findings
    }

    private func report(_ written: String, file: Int, context: FirebreakScan.SiteContext,
                        position: FirebreakScan.SourcePosition, symbol: String, model: RoleModel) -> Finding {
        let owner = model.enclosingTypeName(at: context, file: file)
        let function = [owner, context.defaultArgumentOf].compactMap { $0 }.joined(separator: ".")
        return finding(
            in: model, file: file, at: position, symbol: symbol, type: owner,
            message: "\(function) defaults a parameter to the concrete \(written)",
            hint: "fine for tests and previews, but \(owner ?? "the type") still compiles against \(symbol); pass it from the composition root to cut the dependency")
    }
}
