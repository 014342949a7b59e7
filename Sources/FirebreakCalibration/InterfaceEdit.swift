import Foundation
import SwiftParser
import SwiftSyntax

/// An edit of a type's interface, the change every file that names the type must recompile for:
/// a method added to its declaration, a new one each time so that no two builds see the same
/// source.
public struct InterfaceEdit: Sendable, Hashable {
    /// The type's name, simple or qualified by its enclosing types (`Outer.Client`).
    public var type: String
    /// The file that declares it, relative to the project.
    public var path: String

    public init(type: String, path: String) {
        self.type = type
        self.path = path
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Adds method `number` to the declaration of `type` in `root`'s copy of `path`; public when
    /// the type is, so that other modules see the edit too.
    public func apply(number: Int, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        var bytes = Array(try Data(contentsOf: url))
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let finder = DeclarationFinder(name: type)
        finder.walk(tree)
        guard let found = finder.found else {
            throw Failure(description: "\(path): no declaration of \(type) to edit (class, struct, enum or actor)")
        }
        let method = "\n    \(found.isPublic ? "public " : "")func firebreakMeasureEdit\(number)() -> Int { \(number) }\n"
        bytes.insert(contentsOf: Array(method.utf8), at: found.insertionOffset)
        try Data(bytes).write(to: url, options: .atomic)
    }
}

/// The first class, struct, enum or actor whose name, with its enclosing types', ends with the
/// name sought; where its members begin, and whether it is public.
private final class DeclarationFinder: SyntaxVisitor {
    struct Found {
        var insertionOffset: Int
        var isPublic: Bool
    }

    let components: [String]
    var enclosing: [String] = []
    var found: Found?

    init(name: String) {
        components = name.split(separator: ".").map(String.init)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers, node.memberBlock) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers, node.memberBlock) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers, node.memberBlock) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name, node.modifiers, node.memberBlock) }
    override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }
    override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }
    override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }
    override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }

    private func enter(_ name: TokenSyntax, _ modifiers: DeclModifierListSyntax, _ members: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        enclosing.append(name.text)
        if found == nil, enclosing.suffix(components.count) == components[...] {
            let isPublic = modifiers.contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
            found = Found(insertionOffset: members.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset, isPublic: isPublic)
        }
        return found == nil ? .visitChildren : .skipChildren
    }
}
