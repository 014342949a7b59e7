import SwiftSyntax

/// A construction a composition root can repeat: its arguments are literals or other types'
/// static members, nothing from the surrounding instance.
enum ArgumentsCheck {
    static func areSelfContained(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.trailingClosure == nil else { return false }
        let finder = LowercaseReferenceFinder(viewMode: .sourceAccurate)
        finder.walk(call.arguments)
        return !finder.found
    }
}

private final class LowercaseReferenceFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `Endpoint.production` names a type; `baseURL` or `self` names the instance's state.
        let isMemberName = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
        if !isMemberName, node.baseName.text.first?.isLowercase == true { found = true }
        return .visitChildren
    }
}
