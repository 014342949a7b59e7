import SwiftSyntax

/// Small questions `fix` asks of syntax nodes.
enum SyntaxQueries {
    /// The type or extension declarations of a file, innermost last, with the name they declare
    /// or extend.
    static func typeDeclarations(in tree: SourceFileSyntax) -> [(name: String, node: DeclSyntax)] {
        let collector = TypeDeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found
    }

    /// A file's top-level statements, those of every `#if` clause included: a multiplatform app
    /// declares its `@main` App once per platform, each inside `#if os(…)`.
    static func topLevelItems(of statements: CodeBlockItemListSyntax) -> [CodeBlockItemSyntax.Item] {
        statements.flatMap { statement -> [CodeBlockItemSyntax.Item] in
            guard let conditional = statement.item.as(IfConfigDeclSyntax.self) else { return [statement.item] }
            return conditional.clauses.flatMap { clause -> [CodeBlockItemSyntax.Item] in
                guard case .statements(let nested)? = clause.elements else { return [] }
                return topLevelItems(of: nested)
            }
        }
    }

    /// The condition of the innermost `#if` clause around a node that is not about the build
    /// configuration (`os(iOS)`, `canImport(UIKit)`, `#else` of those), nil when there is none:
    /// code under it exists on some platforms only. `#if DEBUG` and its `#else` exist everywhere.
    static func platformCondition(around node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if let clause = parent.as(IfConfigClauseSyntax.self), let conditional = clause.parent?.parent?.as(IfConfigDeclSyntax.self),
               !conditional.clauses.allSatisfy(isBuildConfiguration) {
                let first = conditional.clauses.first?.condition?.trimmedDescription ?? ""
                return clause.condition?.trimmedDescription ?? "!(\(first))"
            }
            current = parent.parent
        }
        return nil
    }

    /// `#if DEBUG`, `#elseif DEBUG`, `#if !DEBUG` and a plain `#else`.
    private static func isBuildConfiguration(_ clause: IfConfigClauseSyntax) -> Bool {
        guard let condition = clause.condition else { return true }
        return ["DEBUG", "!DEBUG", "RELEASE", "!RELEASE"].contains(condition.trimmedDescription)
    }

    static func name(of declaration: DeclSyntax) -> String? {
        if let node = declaration.as(ClassDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(StructDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(ActorDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(EnumDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(ProtocolDeclSyntax.self) { return node.name.text }
        if let node = declaration.as(ExtensionDeclSyntax.self) { return extendedName(node.extendedType) }
        return nil
    }

    /// The type an extension extends, without the generic arguments of a parameterized extension
    /// (`extension PagedDataSource<Media>` extends `PagedDataSource`, as the scan names it).
    private static func extendedName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return extendedName(member.baseType) + "." + member.name.text }
        return type.trimmedDescription
    }

    static func memberBlock(of declaration: DeclSyntax) -> MemberBlockSyntax? {
        if let node = declaration.as(ClassDeclSyntax.self) { return node.memberBlock }
        if let node = declaration.as(StructDeclSyntax.self) { return node.memberBlock }
        if let node = declaration.as(ActorDeclSyntax.self) { return node.memberBlock }
        if let node = declaration.as(EnumDeclSyntax.self) { return node.memberBlock }
        if let node = declaration.as(ExtensionDeclSyntax.self) { return node.memberBlock }
        return nil
    }

    static func attributes(of declaration: DeclSyntax) -> [String] {
        guard let list = declaration.asProtocol(WithAttributesSyntax.self)?.attributes else { return [] }
        return list.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
    }

    /// SwiftUI's wrappers that observe a concrete `ObservableObject` or `@Observable` type: a
    /// property they wrap cannot take a protocol's existential (`@ObservedObject var m: any P`
    /// does not compile).
    static let observationWrappers: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject", "Bindable"]

    /// The observation wrapper on a stored property, if it has one.
    static func observationWrapper(of variable: VariableDeclSyntax) -> String? {
        attributes(of: DeclSyntax(variable)).first { observationWrappers.contains($0) || observationWrappers.contains($0.components(separatedBy: ".").last ?? "") }
    }

    static func inheritedTypes(of declaration: DeclSyntax) -> [String] {
        guard let clause = declaration.asProtocol(DeclGroupSyntax.self)?.inheritanceClause else { return [] }
        return clause.inheritedTypes.map { $0.type.trimmedDescription }
    }

    /// Modifier names, with their detail when they have one: `private(set)` is not `private`.
    static func modifiers(of declaration: some SyntaxProtocol) -> [String] {
        guard let list = Syntax(declaration).asProtocol(WithModifiersSyntax.self)?.modifiers else { return [] }
        return list.map { modifier in modifier.detail.map { "\(modifier.name.text)(\($0.detail.text))" } ?? modifier.name.text }
    }

    /// True when the node lies inside a `static` or `class` member, or a type nested in the owner.
    static func isInStaticContext(_ node: some SyntaxProtocol, owner: DeclSyntax) -> Bool {
        var current = Syntax(node).parent
        while let parent = current, parent.id != owner.id {
            if let modifiers = parent.asProtocol(WithModifiersSyntax.self)?.modifiers,
               parent.is(FunctionDeclSyntax.self) || parent.is(VariableDeclSyntax.self) || parent.is(SubscriptDeclSyntax.self),
               modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
                return true
            }
            if parent.asProtocol(DeclGroupSyntax.self) != nil { return true }
            current = parent.parent
        }
        return false
    }

    /// The call a closure is passed to, as its trailing closure or an argument
    /// (`Task.detached { … }`, `queue.async(execute: { … })`).
    static func call(taking closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var node = Syntax(closure).parent
        if node?.is(LabeledExprSyntax.self) == true { node = node?.parent?.parent }
        return node?.as(FunctionCallExprSyntax.self)
    }

    /// The closure expressions between the node and its owner, innermost first.
    static func enclosingClosures(_ node: some SyntaxProtocol, owner: DeclSyntax) -> [ClosureExprSyntax] {
        var result: [ClosureExprSyntax] = []
        var current = Syntax(node).parent
        while let parent = current, parent.id != owner.id {
            if let closure = parent.as(ClosureExprSyntax.self) { result.append(closure) }
            current = parent.parent
        }
        return result
    }

    /// The stored property whose initial value holds the node, when it is one (`let x = ...`; not a
    /// `lazy var`, whose initial value runs after init).
    static func enclosingPropertyInitializer(_ node: some SyntaxProtocol, owner: DeclSyntax) -> PatternBindingSyntax? {
        var current = Syntax(node).parent
        while let parent = current, parent.id != owner.id {
            if let initializer = parent.as(InitializerClauseSyntax.self),
               let binding = initializer.parent?.as(PatternBindingSyntax.self),
               let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
               variable.parent?.is(MemberBlockItemSyntax.self) == true {
                // A `lazy` property's initial value runs on first use, after init: it reads `self`.
                return variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) } ? nil : binding
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) || parent.is(AccessorBlockSyntax.self) {
                return nil
            }
            current = parent.parent
        }
        return nil
    }
}

private final class TypeDeclarationCollector: SyntaxVisitor {
    var found: [(name: String, node: DeclSyntax)] = []

    private func record(_ node: some DeclSyntaxProtocol) -> SyntaxVisitorContinueKind {
        let declaration = DeclSyntax(node)
        if let name = SyntaxQueries.name(of: declaration) { found.append((name, declaration)) }
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { record(node) }
}
