/// Why one high-level type, or one of its dependencies, is left as it is: `fix` changes nothing
/// for it and says this.
public struct Refusal: Error, Sendable, Hashable {
    public var reason: String
    /// The concrete type whose reads could not be put behind a protocol, when the refusal is about
    /// one dependency alone: the type's other dependencies can still be fixed without it.
    public var dependency: String?

    public init(_ reason: String, dependency: String? = nil) {
        self.reason = reason
        self.dependency = dependency
    }

    /// The same reason, about the reads of `concrete` alone (a reason about another one is kept).
    func about(_ concrete: String) -> Refusal {
        Refusal(reason, dependency: dependency ?? concrete)
    }
}

extension Refusal {
    /// Code quoted in a reason, on one line: a call written over several lines, or longer than a
    /// reason can carry, is named by what it calls (`EntityMediaContentLoader(…)`, Prismedia's
    /// eight-line construction).
    static func excerpt(_ code: String) -> String {
        let line = code.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
        guard line.count > 80, let open = line.firstIndex(of: "(") else { return line }
        return line[..<open] + "(…)"
    }
}
