/// How generated infrastructure code is written; each costs the type checker differently per token.
public enum CodeStyle: String, Sendable, Codable, CaseIterable {
    /// Integer arithmetic, branches and stored properties.
    case plain
    /// Constrained generic functions and generic types.
    case generic
    /// Collection pipelines of closures whose types are inferred.
    case closures

    /// One member function, about eight lines; `index` and `salt` vary the literals.
    func function(_ index: Int, salt: Int) -> String {
        let a = (index * 7 + salt) % 13 + 2
        let b = (index * 11 + salt) % 97 + 3
        let c = (index * 5 + salt) % 7 + 2
        switch self {
        case .plain:
            return """
                    public func step\(index)(_ value: Int) -> Int {
                        var total = value &* \(a)
                        if total > \(b) { total -= \(c) } else { total += \(a + c) }
                        let scaled = total / \(c) + \(b)
                        let bounded = min(max(scaled, -\(b * 10)), \(b * 10))
                        return bounded &+ seed
                    }

                """
        case .generic:
            return """
                    public func step\(index)<T: Collection>(_ items: T, limit: Int = \(b)) -> [T.Element] where T.Element: Hashable & Comparable {
                        var seen = Set<T.Element>()
                        var result: [T.Element] = []
                        for item in items where seen.insert(item).inserted { result.append(item) }
                        return Array(result.sorted().prefix(limit + \(c)))
                    }

                """
        case .closures:
            return """
                    public func step\(index)(_ values: [Int]) -> [String] {
                        values
                            .map { $0 * \(a) + \(b) }
                            .filter { $0 % \(c) != 0 }
                            .sorted { $0 > $1 }
                            .map { "\\($0)-\(index)" }
                    }

                """
        }
    }
}
