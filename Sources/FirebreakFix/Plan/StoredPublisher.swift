import SwiftSyntax

/// A view's notification publisher kept in a stored property
/// (`private let refresh = NotificationCenter.default.publisher(for: .refresh)`, Kiwix's and dime's
/// views): its initial value cannot read an injected centre, since instance members are not
/// available there. It becomes a computed property that reads it
/// (`private var refresh: NotificationCenter.Publisher { notificationCenter.publisher(for: .refresh) }`),
/// as `.onReceive(NotificationCenter.default.publisher(for:))` written in `body` does: the
/// publisher is a description of the notifications (`Equatable`), made again at no cost. Other
/// stored values are kept: made again on every read, a player or a formatter would not be the same.
enum StoredPublisher {
    /// The binding whose whole initial value is `read.publisher(…)`, in a struct's plain stored
    /// property (no wrapper, not static or lazy) that its code never assigns.
    static func binding(around read: ExprSyntax, concrete: String, owner: DeclSyntax) -> PatternBindingSyntax? {
        guard concrete == "NotificationCenter", owner.is(StructDeclSyntax.self),
              let member = read.parent?.as(MemberAccessExprSyntax.self), member.base?.id == read.id,
              member.declName.baseName.text == "publisher",
              let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
              let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), isPlain(variable),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              !isAssigned(name, in: owner) else { return nil }
        return binding
    }

    /// `let refresh = X` → `var refresh: NotificationCenter.Publisher { X }`, around the read the
    /// fix rewrites in `X`.
    static func edits(_ binding: PatternBindingSyntax) -> [TextEdit] {
        guard let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), let initializer = binding.initializer else { return [] }
        var edits: [TextEdit] = []
        if variable.bindingSpecifier.tokenKind == .keyword(.let) {
            edits.append(TextEdit(start: variable.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset,
                                  end: variable.bindingSpecifier.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "var"))
        }
        let opening = binding.typeAnnotation == nil ? ": NotificationCenter.Publisher { " : "{ "
        let start = binding.typeAnnotation == nil ? binding.pattern.endPositionBeforeTrailingTrivia : initializer.equal.positionAfterSkippingLeadingTrivia
        edits.append(TextEdit(start: start.utf8Offset, end: initializer.value.positionAfterSkippingLeadingTrivia.utf8Offset, replacement: opening))
        edits.append(.insert(" }", at: initializer.value.endPositionBeforeTrailingTrivia.utf8Offset))
        return edits
    }

    /// A member a view's environment may be read in once converted: `binding(around:)` holds for
    /// the read of the notification centre in its initial value.
    static func isConverted(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindings.count == 1, let value = variable.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self),
              let member = value.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "publisher",
              let base = member.base, base.trimmedDescription == "NotificationCenter.default",
              let owner = variable.parent?.parent?.parent?.parent?.as(DeclSyntax.self) else { return false }
        return binding(around: base, concrete: "NotificationCenter", owner: owner) != nil
    }

    private static func isPlain(_ variable: VariableDeclSyntax) -> Bool {
        guard variable.bindings.count == 1, variable.attributes.isEmpty, variable.bindings.first?.accessorBlock == nil else { return false }
        return SyntaxQueries.modifiers(of: variable).allSatisfy { ["private", "fileprivate", "internal", "public"].contains($0) }
    }

    /// `name = …` or `self.name = …` anywhere in the type's declaration.
    private static func isAssigned(_ name: String, in owner: DeclSyntax) -> Bool {
        owner.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.tokenKind == .identifier(name), let next = token.nextToken(viewMode: .sourceAccurate) else { return false }
            return next.tokenKind == .equal && token.parent?.parent?.is(PatternBindingSyntax.self) != true
                && token.parent?.is(IdentifierPatternSyntax.self) != true
        }
    }
}
