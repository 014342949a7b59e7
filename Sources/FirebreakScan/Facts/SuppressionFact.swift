/// A `// firebreak:…` comment that silences rules.
public struct SuppressionFact: Sendable, Codable, Hashable {
    public enum Command: String, Sendable, Codable, Hashable, CaseIterable {
        case disableNextLine = "disable-next-line"
        case disable
        case enable
        case disableFile = "disable-file"
    }

    /// nil when the word after `firebreak:` is not a known command.
    public var command: Command?
    /// The word after `firebreak:` as written.
    public var commandText: String
    /// Rule ids as written; `all` silences every rule.
    public var rules: [String]
    public var position: SourcePosition

    public init(command: Command?, commandText: String, rules: [String], position: SourcePosition) {
        self.command = command
        self.commandText = commandText
        self.rules = rules
        self.position = position
    }
}
