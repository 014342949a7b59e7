/// A path glob as used in `.firebreak.yml`: `*` and `?` within a path component, `[abc]`,
/// `[!abc]` and `[a-z]` classes, and `**` for any number of components.
///
/// A pattern without `/` matches at any depth (`Generated` is `**/Generated`), and a pattern
/// that matches a directory matches everything below it, as in `.gitignore`.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    public let text: String
    private let segments: [Segment]

    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public let pattern: String
        public let reason: String
        public var description: String { "invalid glob '\(pattern)': \(reason)" }
    }

    private enum Segment: Sendable, Hashable {
        case anyDepth
        case component([Unit])
    }

    private enum Unit: Sendable, Hashable {
        case literal(Character)
        case anyCharacter
        case anyRun
        case characterClass(negated: Bool, members: [ClosedRange<Character>])
    }

    public init(_ text: String) throws {
        guard !text.isEmpty else { throw SyntaxError(pattern: text, reason: "empty pattern") }
        self.text = text
        var body = Substring(text)
        while body.hasPrefix("./") { body = body.dropFirst(2) }
        let anchored = body.contains("/") && !body.hasPrefix("**/")
        if body.hasSuffix("/") { body = body.dropLast() }
        var parsed = try body.split(separator: "/", omittingEmptySubsequences: true).map { component -> Segment in
            component == "**" ? .anyDepth : .component(try Self.parseComponent(component, pattern: text))
        }
        if !anchored, parsed.first != .anyDepth { parsed.insert(.anyDepth, at: 0) }
        segments = parsed
    }

    public var description: String { text }

    /// True when `path` (relative, `/`-separated) or one of its parent directories matches.
    public func matches(_ path: String) -> Bool {
        matches(components: Self.components(of: path))
    }

    /// A path taken apart once for matching against many patterns: its components' characters.
    public static func components(of path: String) -> [[Character]] {
        path.split(separator: "/").map(Array.init)
    }

    /// `matches(_:)` for a path already taken apart by `components(of:)`; the work is linear in
    /// patterns × paths when a path is split once and tried against every pattern.
    public func matches(components: [[Character]]) -> Bool {
        for length in stride(from: components.count, through: 1, by: -1)
            where Self.match(segments[...], components[..<length]) {
            return true
        }
        return false
    }

    private static func match(_ segments: ArraySlice<Segment>, _ components: ArraySlice<[Character]>) -> Bool {
        guard let first = segments.first else { return components.isEmpty }
        switch first {
        case .anyDepth:
            var rest = components
            while true {
                if match(segments.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case .component(let units):
            guard let component = components.first, matchComponent(units[...], component[...]) else { return false }
            return match(segments.dropFirst(), components.dropFirst())
        }
    }

    private static func matchComponent(_ units: ArraySlice<Unit>, _ characters: ArraySlice<Character>) -> Bool {
        guard let unit = units.first else { return characters.isEmpty }
        switch unit {
        case .anyRun:
            var rest = characters
            while true {
                if matchComponent(units.dropFirst(), rest) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case .anyCharacter:
            return !characters.isEmpty && matchComponent(units.dropFirst(), characters.dropFirst())
        case .literal(let expected):
            return characters.first == expected && matchComponent(units.dropFirst(), characters.dropFirst())
        case .characterClass(let negated, let members):
            guard let character = characters.first else { return false }
            let inClass = members.contains { $0.contains(character) }
            return inClass != negated && matchComponent(units.dropFirst(), characters.dropFirst())
        }
    }

    private static func parseComponent(_ component: Substring, pattern: String) throws -> [Unit] {
        var units: [Unit] = []
        var characters = Array(component)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*":
                if characters.first == "*" {
                    throw SyntaxError(pattern: pattern, reason: "'**' must be a whole path component")
                }
                units.append(.anyRun)
            case "?":
                units.append(.anyCharacter)
            case "[":
                var negated = false
                if characters.first == "!" || characters.first == "^" {
                    negated = true
                    characters.removeFirst()
                }
                var members: [ClosedRange<Character>] = []
                var closed = false
                var isFirst = true
                while let member = characters.popFirst() {
                    if member == "]" && !isFirst { closed = true; break }
                    isFirst = false
                    if characters.count >= 2, characters.first == "-", characters.dropFirst().first != "]" {
                        characters.removeFirst()
                        let upper = characters.removeFirst()
                        guard member <= upper else {
                            throw SyntaxError(pattern: pattern, reason: "range '\(member)-\(upper)' is reversed")
                        }
                        members.append(member...upper)
                    } else {
                        members.append(member...member)
                    }
                }
                guard closed else { throw SyntaxError(pattern: pattern, reason: "'[' is never closed") }
                units.append(.characterClass(negated: negated, members: members))
            case "\\":
                guard let escaped = characters.popFirst() else {
                    throw SyntaxError(pattern: pattern, reason: "trailing '\\'")
                }
                units.append(.literal(escaped))
            default:
                units.append(.literal(character))
            }
        }
        return units
    }
}
