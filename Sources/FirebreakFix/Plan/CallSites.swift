import SwiftSyntax

/// Where a high-level type is constructed (`ProfileViewModel(...)`, `ProfileViewModel.init(...)`)
/// or its init called from a subclass, and the edit that passes its new dependencies there.
struct CallSite {
    var file: ParsedFile
    var call: FunctionCallExprSyntax
    /// The subclass whose `super.init(…)` or construction this is, which calls the type's init.
    var subclass: String?

    /// This construction of a subclass, as a call of the init it inherits.
    func through(_ subclass: String) -> CallSite {
        CallSite(file: file, call: call, subclass: subclass)
    }

    /// - Parameter name: the type's name; a nested type's qualified name (`CameraPicker.Coordinator`)
    ///   matches `Coordinator(…)` only inside `CameraPicker` or its extensions, and
    ///   `CameraPicker.Coordinator(…)` anywhere: another type's `Coordinator` is not this one.
    static func find(type name: String, in file: ParsedFile) -> [CallSite] {
        let finder = ConstructionFinder(qualifiedName: name)
        finder.walk(file.tree)
        return finder.found.map { CallSite(file: file, call: $0) }
    }

    /// `Media.init` passed as a function (`items.compactMap(Media.init)`): the compiler matches
    /// it to the function type expected there, which a new parameter's default does not reach.
    static func unappliedInits(type name: String, in file: ParsedFile) -> [MemberAccessExprSyntax] {
        let finder = ConstructionFinder(qualifiedName: name)
        finder.walk(file.tree)
        return finder.unapplied
    }

    /// Inserts `label: value` arguments: first, or before the first argument labelled with one of
    /// `laterLabels` (a memberwise init's order). A one-line argument list that they would take past
    /// 120 columns is laid out one argument per line instead, as a person would.
    func passing(_ arguments: [(label: String, value: String)], laterLabels: Set<String>?) -> [TextEdit] {
        let texts = arguments.map { "\($0.label): \($0.value)" }
        let list = Array(call.arguments)
        guard call.leftParen != nil, let rightParen = call.rightParen else {
            // `Screen { ... }`: only a trailing closure.
            return [.insert("(\(texts.joined(separator: ", ")))", at: call.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset)]
        }
        let index: Int
        if let laterLabels {
            index = list.firstIndex { $0.label.map { laterLabels.contains($0.text) } ?? false } ?? list.count
        } else {
            index = 0
        }
        if let wrapped = wrapped(texts, at: index, list: list, rightParen: rightParen) { return wrapped }
        if index == list.count {
            guard let last = list.last else {
                return [.insert(texts.joined(separator: ", "), at: rightParen.positionAfterSkippingLeadingTrivia.utf8Offset)]
            }
            let end = (last.trailingComma ?? nil).map { $0.endPositionBeforeTrailingTrivia } ?? last.expression.endPositionBeforeTrailingTrivia
            let separator = last.trailingComma == nil ? ", " : " "
            return [.insert(separator + texts.joined(separator: ", "), at: end.utf8Offset)]
        }
        let next = list[index]
        if next.leadingTrivia.contains(where: \.isNewline) {
            let indent = file.indentation(at: next.positionAfterSkippingLeadingTrivia)
            return [.insert(texts.map { "\n\(indent)\($0)," }.joined(), at: next.position.utf8Offset)]
        }
        return [.insert(texts.map { "\($0), " }.joined(), at: next.positionAfterSkippingLeadingTrivia.utf8Offset)]
    }

    /// The edits that put every argument on its own line, the new ones before `list[index]`: only
    /// the blanks between arguments are replaced, so edits inside an argument (a call there that
    /// is fixed too) still apply. Nil when the list spans lines, holds a comment, or stays short,
    /// and for a call inside another one-line call's arguments: that one may be laid out anew, and
    /// this one's indentation would then be wrong.
    private func wrapped(_ texts: [String], at index: Int, list: [LabeledExprSyntax], rightParen: TokenSyntax) -> [TextEdit]? {
        guard let leftParen = call.leftParen, !isInsideOneLineArguments else { return nil }
        let inside = call.arguments.description
        guard !inside.contains("\n"), !inside.contains("//"), !inside.contains("/*"),
              !leftParen.trailingTrivia.contains(where: \.isComment), !rightParen.leadingTrivia.contains(where: \.isComment) else { return nil }
        let added = texts.reduce(0) { $0 + $1.count + 2 }
        guard file.lineLength(at: rightParen.positionAfterSkippingLeadingTrivia) + added > 120 else { return nil }
        let indent = file.indentation(at: rightParen.positionAfterSkippingLeadingTrivia)
        let inner = indent + file.indentUnit
        let newArguments = texts.map { "\n\(inner)\($0)," }.joined()
        var edits: [TextEdit] = []
        var gapStart = leftParen.endPositionBeforeTrailingTrivia
        for (position, argument) in list.enumerated() {
            let before = position == index ? newArguments : ""
            edits.append(TextEdit(start: gapStart.utf8Offset, end: argument.positionAfterSkippingLeadingTrivia.utf8Offset,
                                  replacement: before + "\n" + inner))
            gapStart = (argument.trailingComma ?? nil)?.endPositionBeforeTrailingTrivia ?? argument.endPositionBeforeTrailingTrivia
        }
        var closing = "\n" + indent
        if index == list.count {
            // After the last argument: a comma before the new ones, none after the last of them.
            let trailing = texts.map { "\n\(inner)\($0)" }.joined(separator: ",")
            closing = (list.isEmpty ? trailing : "," + trailing) + closing
            if let last = list.last, last.trailingComma != nil { closing = String(closing.dropFirst()) }
        }
        edits.append(TextEdit(start: gapStart.utf8Offset, end: rightParen.positionAfterSkippingLeadingTrivia.utf8Offset,
                              replacement: closing))
        return edits
    }

    private var isInsideOneLineArguments: Bool {
        var node = call.parent
        while let current = node, !current.is(CodeBlockItemSyntax.self), !current.is(MemberBlockItemSyntax.self) {
            if let outer = current.as(LabeledExprListSyntax.self), !outer.description.contains("\n") { return true }
            node = current.parent
        }
        return false
    }
}

private final class ConstructionFinder: SyntaxVisitor {
    let name: String
    /// For a nested type, the type it is declared in (`CameraPicker`).
    let parent: String?
    var found: [FunctionCallExprSyntax] = []
    var unapplied: [MemberAccessExprSyntax] = []

    init(qualifiedName: String) {
        let components = qualifiedName.split(separator: ".").map(String.init)
        name = components.last ?? qualifiedName
        parent = components.count > 1 ? components[components.count - 2] : nil
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let called = Self.unspecialized(node.calledExpression)
        if let reference = called.as(DeclReferenceExprSyntax.self), reference.baseName.text == name {
            if isInsideParent(node) { found.append(node) }
        } else if let member = called.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            if let base = member.base.map(Self.unspecialized) {
                if base.as(DeclReferenceExprSyntax.self)?.baseName.text == name, isInsideParent(node) { found.append(node) }
                if let parent, isQualified(base, parent: parent) { found.append(node) }
            } else if let contextual = contextualType(of: node), contextual == name || parent.map({ contextual == "\($0).\(name)" }) == true {
                found.append(node)
            }
        } else if let parent, let member = called.as(MemberAccessExprSyntax.self), let base = member.base,
                  member.declName.baseName.text == name, base.as(DeclReferenceExprSyntax.self)?.baseName.text == parent {
            // `CameraPicker.Coordinator(…)`
            found.append(node)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.declName.baseName.text == "init", let base = node.base.map(Self.unspecialized),
              node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id else { return .visitChildren }
        if base.as(DeclReferenceExprSyntax.self)?.baseName.text == name, isInsideParent(node) { unapplied.append(node) }
        if let parent, isQualified(base, parent: parent) { unapplied.append(node) }
        return .visitChildren
    }

    /// `ListModel` of `ListModel<String>(…)`: explicit generic arguments build the same type.
    private static func unspecialized(_ expression: ExprSyntax) -> ExprSyntax {
        expression.as(GenericSpecializationExprSyntax.self)?.expression ?? expression
    }

    /// `CameraPicker.Coordinator` spelled out as the base of `.init(…)`.
    private func isQualified(_ base: ExprSyntax, parent: String) -> Bool {
        guard let member = base.as(MemberAccessExprSyntax.self), member.declName.baseName.text == name else { return false }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == parent
    }

    /// A top-level type's name means it anywhere; a nested type's bare name only inside its parent.
    private func isInsideParent(_ node: some SyntaxProtocol) -> Bool {
        guard let parent else { return true }
        var current = node.parent
        while let ancestor = current {
            if let type = ancestor.asProtocol(NamedDeclSyntax.self), ancestor.is(StructDeclSyntax.self) || ancestor.is(ClassDeclSyntax.self)
                || ancestor.is(EnumDeclSyntax.self) || ancestor.is(ActorDeclSyntax.self), type.name.text == parent {
                return true
            }
            if let extended = ancestor.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription,
               extended == parent || extended.hasSuffix(".\(parent)") {
                return true
            }
            current = ancestor.parent
        }
        return false
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
