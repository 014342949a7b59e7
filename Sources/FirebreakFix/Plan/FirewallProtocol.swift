import SwiftSyntax

/// The protocol `fix` writes for one concrete type: owned by the high-level side, holding only
/// the members its users call (seed 002), and the conformance the infrastructure side declares.
struct FirewallProtocol: Hashable {
    var name: String
    var concrete: String
    /// The high-level module that owns it.
    var module: String
    var requirements: [String]
    /// Methods for calls that leave out defaulted arguments, in an extension of the protocol.
    var conveniences: [String]
    var globalActor: String?
    /// The global actor is a platform type's, imported from Objective-C, where it is
    /// `@preconcurrency`: a nonisolated caller of `UIApplication.shared.alternateIconName` gets
    /// at most a warning, and must get no more through the protocol.
    var isPreconcurrency = false
    var isSendable: Bool
    /// Declared `nonisolated`, with its extension, adapter and double: a `Sendable` platform
    /// type's protocol in a module whose declarations are isolated to the main actor by default
    /// (`SWIFT_DEFAULT_ACTOR_ISOLATION`), so code off the main actor (an item provider's
    /// completion) calls it as it called the SDK type.
    var isNonisolated = false
    /// The types its requirements name that are known to be `Sendable` (`Fixer.isKnownSendable`).
    /// A double holding fixtures of only these and standard values is `Sendable` as written.
    var sendableNames: Set<String> = []
    /// `AnyObject` when a requirement is settable.
    var isClassBound: Bool = false
    /// Public when the high-level type's init is, so other modules can pass the live instance.
    var isPublic: Bool
    /// Imports the requirement signatures may need (Foundation's types), from the concrete type's files.
    var imports: [String]
    /// The high-level file's indentation.
    var indentUnit: String
    /// For a platform type, the adapter that plays the conformance's part.
    var adapter: LiveAdapter?
    /// The high-level types that use it.
    var users: [String]
    /// Folders: beside the (first) user, and beside the concrete type.
    var protocolPath: String
    var conformancePath: String
    /// The existing files they serve, where they go when no target would compile a new file there:
    /// the user's (or, across modules, the concrete type's) and the concrete type's (the user's for
    /// a platform type's adapter).
    var protocolHost: String
    var conformanceHost: String
    /// The conformance written into the concrete type's own declaration (`final class APIClient:
    /// NSObject, APIClientProviding {`), when that file is where it goes: no extension, no file, so
    /// a view that still reaches the concrete type sees nothing more of it. Nil for an adapter.
    var declaredConformance: DeclaredConformance?

    struct DeclaredConformance: Hashable {
        var path: String
        /// Where the protocol's name goes: after the last inherited type, or after the type's name.
        var offset: Int
        /// The declaration inherits nothing yet: the clause is opened (`: P`).
        var opensClause: Bool
        var protocolName: String

        /// Nil when the conformance goes elsewhere (`host`, beside the protocol for a second
        /// target that compiles the type's file but not the protocol's).
        init?(protocolName: String, declaration: (file: ParsedFile, node: DeclSyntax), host: String) {
            let node = declaration.node
            guard declaration.file.path == host, !node.is(ExtensionDeclSyntax.self), !node.is(ProtocolDeclSyntax.self),
                  let group = node.asProtocol(DeclGroupSyntax.self), let named = node.asProtocol(NamedDeclSyntax.self) else { return nil }
            (path, self.protocolName) = (host, protocolName)
            if let last = group.inheritanceClause?.inheritedTypes.last {
                (offset, opensClause) = (last.type.endPositionBeforeTrailingTrivia.utf8Offset, false)
            } else {
                let generics = node.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause
                (offset, opensClause) = ((generics.map { Syntax($0) } ?? Syntax(named.name)).endPositionBeforeTrailingTrivia.utf8Offset, true)
            }
        }

        /// One insertion per declaration: a type that conforms to two protocols (`APIFetching` for
        /// one view model, `APIClientProviding` for another) lists them in order of name.
        static func edits(_ conformances: Set<DeclaredConformance>) -> [(path: String, edit: TextEdit)] {
            Dictionary(grouping: conformances) { "\($0.path)\u{0}\($0.offset)" }.values.map { group in
                let first = group[0]
                let names = group.map(\.protocolName).sorted().joined(separator: ", ")
                return (first.path, TextEdit.insert((first.opensClause ? ": " : ", ") + names, at: first.offset))
            }.sorted { ($0.path, $0.edit.start) < ($1.path, $1.edit.start) }
        }
    }

    var protocolSource: String {
        var text = imports.map { "import \($0)\n" }.joined()
        if !imports.isEmpty { text += "\n" }
        let users = self.users.count <= 2 ? self.users.joined(separator: " and ")
            : "\(self.users[0]) and \(self.users.count - 1) other types"
        text += DocComment.lines("What \(users) \(self.users.count == 1 ? "needs" : "need") from \(concrete), and no more.")
        let live = adapter.map { "\($0.name) forwards to it" }
            ?? (declaredConformance == nil ? "\(concrete) conforms in an extension beside its declaration" : "\(concrete) conforms in its declaration")
        text += DocComment.lines("\(live); previews and tests can pass their own.")
        if let globalActor { text += (isPreconcurrency ? "@preconcurrency " : "") + "@\(globalActor)\n" }
        let access = isPublic ? "public " : ""
        let isolation = isNonisolated ? "nonisolated " : ""
        let inherited = (isClassBound ? ["AnyObject"] : []) + (isSendable ? ["Sendable"] : [])
        text += "\(isolation)\(access)protocol \(name)\(inherited.isEmpty ? "" : ": " + inherited.joined(separator: ", ")) {\n"
        text += requirements.map { "\(indentUnit)\($0)\n" }.joined()
        text += "}\n"
        if !conveniences.isEmpty {
            text += "\n/// The calls that leave out \(concrete)'s default arguments.\n\(isolation)extension \(name) {\n"
            text += conveniences.map { convenience in
                indentUnit + access + convenience.replacingOccurrences(of: Self.indentMarker, with: indentUnit) + "\n"
            }.joined(separator: "\n")
            text += "}\n"
        }
        return text
    }

    /// Stands for one level of indentation in generated members until the file's unit is known.
    static let indentMarker = "\u{E000}"

    /// `existing` and what `added` has besides, in order. A property one user reads (`var count:
    /// Int { get }`) and another sets (`{ get set }`) is declared once, settable: a protocol or an
    /// adapter cannot declare a name twice.
    static func merged(_ existing: [String], _ added: [String]) -> [String] {
        let all = existing + added.filter { !existing.contains($0) }
        func property(_ member: String) -> Substring? {
            guard member.hasPrefix("var "), let colon = member.firstIndex(of: ":") else { return nil }
            return member[..<colon]
        }
        let isSettable = { (member: String) in member.hasSuffix("{ get set }") }
        let settable = Set(all.filter(isSettable).compactMap(property))
        return all.filter { member in property(member).map { !settable.contains($0) || isSettable(member) } ?? true }
    }

    var conformanceSource: String {
        DocComment.lines("The live \(name): the composition root passes \(concrete) where the protocol is asked for.")
            + "extension \(concrete): \(name) {}\n"
    }
}
