import SwiftSyntax

/// Finds the expression a finding points at: `APIClient.shared`, `.shared`, or `APIClient(...)`.
final class ReadLocator: SyntaxVisitor {
    let offset: Int
    let concrete: String
    let member: String?
    var found: ExprSyntax?

    init(offset: Int, concrete: String, member: String?) {
        self.offset = offset
        self.concrete = concrete
        self.member = member
        super.init(viewMode: .sourceAccurate)
    }

    private func descend(into node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        found != nil || node.endPosition.utf8Offset <= offset || node.position.utf8Offset > offset ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let member, !member.hasSuffix("()"), found == nil, node.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
           node.declName.baseName.text == member {
            let base = node.base?.trimmedDescription
            if base == nil || base == concrete || base?.hasSuffix("." + concrete) == true { found = ExprSyntax(node) }
        }
        return descend(into: node)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `UNUserNotificationCenter.current()`: a singleton read through a call.
        if let member, member.hasSuffix("()"), found == nil, node.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
           node.arguments.isEmpty, let callee = node.calledExpression.as(MemberAccessExprSyntax.self),
           callee.declName.baseName.text == member.dropLast(2), callee.base?.trimmedDescription == concrete {
            found = ExprSyntax(node)
        }
        // `SetBasedDeduplication<Item>()`: explicit generic arguments build the same type.
        let called = node.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression ?? node.calledExpression
        if member == nil, found == nil, node.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
           called.trimmedDescription == concrete || called.trimmedDescription == concrete + ".init" {
            found = ExprSyntax(node)
        }
        return descend(into: node)
    }
}
