/// Everything firebreak knows about one source file after a single syntax walk.
///
/// Facts are plain values: the syntax tree is gone by the time they exist.
public struct FileFacts: Sendable, Codable, Hashable {
    /// The path as displayed in reports (relative to the working directory where possible).
    public var path: String
    public var imports: [ImportFact]
    public var declarations: [DeclarationFact]
    public var memberAccesses: [MemberAccessFact]
    public var instantiations: [InstantiationFact]
    /// Every distinct name each declaration uses, for the dependency graph.
    public var references: [ReferenceFact]
    public var suppressions: [SuppressionFact]
    /// The text of every line that carries a fact, trimmed: baselines and fingerprints match on it.
    public var lines: [SourceLine]
    /// True when the parser recovered from syntax errors; facts come from what parsed.
    public var hasSyntaxErrors: Bool
    public var lineCount: Int
    /// Lines with at least one token: not blank, not only a comment.
    public var codeLineCount: Int
    /// Tokens, and closures + generic parameters and requirements + binary operators: inputs of
    /// the build cost model.
    public var tokenCount: Int
    public var complexity: Int
    /// Closure expressions, the part of `complexity` that type-checks slowest: each one's
    /// parameter and result types are inferred from its context.
    public var closureCount: Int
    /// Tokens inside outermost expressions, and the estimated type-checking time of the file's
    /// function bodies in millionths of a second (`TypeCheckEstimate`): what sets kinds of code
    /// apart in the cost model, where tokens alone cannot.
    public var expressionTokenCount: Int
    public var typeCheckMicroseconds: Int
    /// Tokens inside function, initializer and accessor bodies: code the cost model prices through
    /// `typeCheckMicroseconds`, not per token.
    public var bodyTokenCount: Int

    public init(
        path: String, imports: [ImportFact] = [], declarations: [DeclarationFact] = [],
        memberAccesses: [MemberAccessFact] = [], instantiations: [InstantiationFact] = [],
        references: [ReferenceFact] = [], suppressions: [SuppressionFact] = [], lines: [SourceLine] = [], hasSyntaxErrors: Bool = false,
        lineCount: Int = 0, codeLineCount: Int = 0, tokenCount: Int = 0, complexity: Int = 0, closureCount: Int = 0,
        expressionTokenCount: Int = 0, typeCheckMicroseconds: Int = 0, bodyTokenCount: Int = 0
    ) {
        self.path = path
        self.imports = imports
        self.declarations = declarations
        self.memberAccesses = memberAccesses
        self.instantiations = instantiations
        self.references = references
        self.suppressions = suppressions
        self.lines = lines
        self.hasSyntaxErrors = hasSyntaxErrors
        self.lineCount = lineCount
        self.codeLineCount = codeLineCount
        self.tokenCount = tokenCount
        self.complexity = complexity
        self.closureCount = closureCount
        self.expressionTokenCount = expressionTokenCount
        self.typeCheckMicroseconds = typeCheckMicroseconds
        self.bodyTokenCount = bodyTokenCount
    }

    /// The trimmed text of a line that carries a fact, or "" when none was kept.
    public func text(ofLine line: Int) -> String {
        var low = 0
        var high = lines.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if lines[mid].number == line { return lines[mid].text }
            if lines[mid].number < line { low = mid + 1 } else { high = mid - 1 }
        }
        return ""
    }
}

/// One source line kept for fingerprints.
public struct SourceLine: Sendable, Codable, Hashable {
    public var number: Int
    public var text: String

    public init(number: Int, text: String) {
        self.number = number
        self.text = text
    }
}
