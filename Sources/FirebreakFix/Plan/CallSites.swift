import SwiftSyntax

/// Where a high-level type is constructed (`ProfileViewModel(...)`, `ProfileViewModel.init(...)`),
/// and the edit that passes its new dependencies there.
struct CallSite {
    var file: ParsedFile
    var call: FunctionCallExprSyntax

    static func find(type name: String, in file: ParsedFile) -> [CallSite] {
        let finder = ConstructionFinder(name: name)
        finder.walk(file.tree)
        return finder.found.map { CallSite(file: file, call: $0) }
    }

    /// Inserts `label: value` arguments: first, or before the first argument labelled with one of
    /// `laterLabels` (a memberwise init's order).
    func passing(_ arguments: [(label: String, value: String)], laterLabels: Set<String>?) -> TextEdit {
        let texts = arguments.map { "\($0.label): \($0.value)" }
        let list = Array(call.arguments)
        guard call.leftParen != nil, let rightParen = call.rightParen else {
            // `Screen { ... }`: only a trailing closure.
            return .insert("(\(texts.joined(separator: ", ")))", at: call.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        let index: Int
        if let laterLabels {
            index = list.firstIndex { $0.label.map { laterLabels.contains($0.text) } ?? false } ?? list.count
        } else {
            index = 0
        }
        if index == list.count {
            guard let last = list.last else {
                return .insert(texts.joined(separator: ", "), at: rightParen.positionAfterSkippingLeadingTrivia.utf8Offset)
            }
            let end = (last.trailingComma ?? nil).map { $0.endPositionBeforeTrailingTrivia } ?? last.expression.endPositionBeforeTrailingTrivia
            let separator = last.trailingComma == nil ? ", " : " "
            return .insert(separator + texts.joined(separator: ", "), at: end.utf8Offset)
        }
        let next = list[index]
        if next.leadingTrivia.contains(where: \.isNewline) {
            let indent = file.indentation(at: next.positionAfterSkippingLeadingTrivia)
            return .insert(texts.map { "\n\(indent)\($0)," }.joined(), at: next.position.utf8Offset)
        }
        return .insert(texts.map { "\($0), " }.joined(), at: next.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}

private final class ConstructionFinder: SyntaxVisitor {
    let name: String
    var found: [FunctionCallExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let called = node.calledExpression
        if let reference = called.as(DeclReferenceExprSyntax.self), reference.baseName.text == name {
            found.append(node)
        } else if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            if let base = member.base {
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == name { found.append(node) }
            } else if contextualType(of: node) == name {
                found.append(node)
            }
        }
        return .visitChildren
    }

    /// The type an implicit `.init(...)` builds, where the code spells it: `let x: T = .init()`,
    /// `return .init()` in a function returning `T`.
    private func contextualType(of call: FunctionCallExprSyntax) -> String? {
        let parent = call.parent
        if let binding = parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            return binding.typeAnnotation?.type.trimmedDescription
        }
        if parent?.is(ReturnStmtSyntax.self) == true {
            var current = parent?.parent
            while let node = current {
                if let function = node.as(FunctionDeclSyntax.self) { return function.signature.returnClause?.type.trimmedDescription }
                if node.is(ClosureExprSyntax.self) { return nil }
                current = node.parent
            }
        }
        return nil
    }
}
