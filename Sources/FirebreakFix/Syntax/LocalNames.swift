import SwiftSyntax

/// The names a type's code declares: properties and locals, `if let` and `for` bindings, closure
/// and function parameters, capture-list names. An injected property named like one of them
/// would be shadowed where the reads are rewritten (ACHNBrowserUI's `.sink { items in … }` beside
/// an injected `items`), so the property's name avoids them.
final class LocalNames: SyntaxVisitor {
    private(set) var names = Set<String>()

    static func declared(in declarations: [DeclSyntax]) -> Set<String> {
        let visitor = LocalNames(viewMode: .sourceAccurate)
        for declaration in declarations {
            for item in SyntaxQueries.memberBlock(of: declaration)?.members ?? [] { visitor.walk(item.decl) }
        }
        return visitor.names
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.identifier.text)
        return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }

    override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        names.insert((node.secondName ?? node.firstName).text)
        return .visitChildren
    }
}
