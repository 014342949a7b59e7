/// A source file in a rule example; `↓` marks where a finding must be reported.
public struct ExampleFile: Sendable, Hashable {
    public var path: String
    public var source: String

    public init(path: String, source: String) {
        self.path = path
        self.source = source
    }
}

/// One example of a rule: the file under test plus the files it needs to make sense
/// (a singleton's declaration, say). These examples are the rule's tests and its documentation.
public struct RuleExample: Sendable, Hashable {
    public var file: ExampleFile
    public var support: [ExampleFile]
    /// One line saying what the example shows, for the docs.
    public var title: String
    /// When false, the example is not re-run inside a comment and a string (multi-file context).
    public var testsInsideComments: Bool
    /// The `.firebreak.yml` the example runs under, when the rule needs one (`budgets:`).
    public var configuration: ExampleFile?

    public init(_ title: String, path: String = "Sources/App/ProfileViewModel.swift", _ source: String,
                support: [ExampleFile] = [], testsInsideComments: Bool = true, configuration: ExampleFile? = nil) {
        self.title = title
        self.file = ExampleFile(path: path, source: source)
        self.support = support
        self.testsInsideComments = testsInsideComments
        self.configuration = configuration
    }

    public static let marker: Character = "↓"
}

/// Identity, rationale and examples of a rule: everything `firebreak rules` and docs/rules.md show.
public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    public var summary: String
    public var rationale: String
    public var defaultSeverity: Severity
    public var triggering: [RuleExample]
    public var nonTriggering: [RuleExample]

    public init(id: String, name: String, summary: String, rationale: String, defaultSeverity: Severity,
                triggering: [RuleExample], nonTriggering: [RuleExample]) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}
