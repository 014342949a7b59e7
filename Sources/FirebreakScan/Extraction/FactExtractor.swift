import SwiftSyntax

/// Walks one syntax tree once and records facts; the tree can be dropped afterwards.
///
/// Every `#if` clause is visited, so facts from all build configurations are kept.
final class FactExtractor: SyntaxVisitor {
    private let converter: SourceLocationConverter

    private(set) var imports: [ImportFact] = []
    private(set) var declarations: [DeclarationFact] = []
    private(set) var memberAccesses: [MemberAccessFact] = []
    private(set) var instantiations: [InstantiationFact] = []
    private(set) var suppressions: [SuppressionFact] = []

    /// Indices of the enclosing types and extensions, innermost last.
    private var declarationStack: [Int] = []
    private var previewDepth = 0
    private var defaultArgumentDepth = 0
    private var closureDepth = 0
    private var propertyInitializerDepth = 0
    private var staticDepth = 0
    private var defaultArgumentOwners: [String] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: - Positions and context

    private func position(of node: some SyntaxProtocol) -> SourcePosition {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourcePosition(line: location.line, column: location.column)
    }

    private func endLine(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.endPositionBeforeTrailingTrivia).line
    }

    private var context: SiteContext {
        var flags: SiteFlags = []
        if previewDepth > 0 { flags.insert(.previewMacro) }
        if defaultArgumentDepth > 0 { flags.insert(.defaultArgument) }
        if closureDepth > 0 { flags.insert(.closure) }
        if propertyInitializerDepth > 0 { flags.insert(.propertyInitializer) }
        if staticDepth > 0 { flags.insert(.staticMember) }
        return SiteContext(
            declaration: declarationStack.last,
            flags: flags,
            defaultArgumentOf: defaultArgumentDepth > 0 ? defaultArgumentOwners.last : nil
        )
    }

    // MARK: - Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        imports.append(ImportFact(
            path: node.path.map { TypeSyntaxNames.unescaped($0.name.text) },
            kind: node.importKindSpecifier?.text,
            attributes: TypeSyntaxNames.attributeNames(node.attributes),
            position: position(of: node)
        ))
        return .skipChildren
    }

    // MARK: - Type declarations

    private func pushDeclaration(
        _ kind: DeclarationKind, name: String, node: some SyntaxProtocol,
        attributes: AttributeListSyntax, inheritance: InheritanceClauseSyntax?,
        generics: GenericParameterClauseSyntax?
    ) {
        declarations.append(DeclarationFact(
            kind: kind,
            name: name,
            parent: declarationStack.last,
            genericParameters: TypeSyntaxNames.genericParameterNames(generics),
            inheritance: TypeSyntaxNames.inheritedNames(inheritance),
            attributes: TypeSyntaxNames.attributeNames(attributes),
            startLine: position(of: node).line,
            endLine: endLine(of: node)
        ))
        declarationStack.append(declarations.count - 1)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.struct, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { declarationStack.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.class, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { declarationStack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.actor, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { declarationStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.enum, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { declarationStack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.protocol, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: nil)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { declarationStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = TypeSyntaxNames.name(of: node.extendedType) ?? node.extendedType.trimmedDescription
        pushDeclaration(.extension, name: name, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: nil)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { declarationStack.removeLast() }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declarations.append(DeclarationFact(
            kind: .typealias, name: node.name.text, parent: declarationStack.last,
            genericParameters: TypeSyntaxNames.genericParameterNames(node.genericParameterClause),
            inheritance: TypeSyntaxNames.name(of: node.initializer.value).map { [$0] } ?? [],
            attributes: TypeSyntaxNames.attributeNames(node.attributes),
            startLine: position(of: node).line, endLine: endLine(of: node)
        ))
        return .visitChildren
    }

    // MARK: - Functions and properties

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isFileScope(node) {
            declarations.append(DeclarationFact(
                kind: .function, name: node.name.text, parent: nil,
                genericParameters: TypeSyntaxNames.genericParameterNames(node.genericParameterClause),
                attributes: TypeSyntaxNames.attributeNames(node.attributes),
                startLine: position(of: node).line, endLine: endLine(of: node)
            ))
        }
        if Self.isStatic(node.modifiers) { staticDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        if Self.isStatic(node.modifiers) { staticDepth -= 1 }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = Self.isStatic(node.modifiers)
        if Self.isFileScope(node) {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                declarations.append(DeclarationFact(
                    kind: .variable, name: name, parent: nil,
                    attributes: TypeSyntaxNames.attributeNames(node.attributes),
                    startLine: position(of: node).line, endLine: endLine(of: node)
                ))
            }
        } else if isStatic, node.parent?.is(MemberBlockItemSyntax.self) == true, let owner = declarationStack.last {
            recordStaticProperties(node, owner: owner)
        }
        if isStatic { staticDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) {
        if Self.isStatic(node.modifiers) { staticDepth -= 1 }
    }

    private func recordStaticProperties(_ node: VariableDeclSyntax, owner: Int) {
        let ownName = declarations[owner].simpleName
        for binding in node.bindings where Self.isStored(binding) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let typeName = binding.typeAnnotation.flatMap { TypeSyntaxNames.name(of: $0.type) }
            let annotatedOwn = typeName.map { Self.names($0, ownType: ownName) } ?? false
            let initializedOwn = binding.initializer.map { Self.constructsOwnType($0.value, ownType: ownName) } ?? false
            declarations[owner].staticProperties.append(StaticPropertyFact(
                name: TypeSyntaxNames.unescaped(name),
                typeName: typeName,
                holdsOwnInstance: annotatedOwn || initializedOwn,
                position: position(of: binding)
            ))
        }
    }

    /// A binding without accessors, or with only observers, stores a value.
    private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }

    private static func names(_ typeName: String, ownType: String) -> Bool {
        let last = typeName.split(separator: ".").last.map(String.init) ?? typeName
        return last == ownType || last == "Self"
    }

    /// `T()`, `T.init()`, `Self()`, `try T()`, `await T()` where T is the declaring type.
    private static func constructsOwnType(_ expression: ExprSyntax, ownType: String) -> Bool {
        var expression = expression
        while true {
            if let tryExpression = expression.as(TryExprSyntax.self) {
                expression = tryExpression.expression
            } else if let awaitExpression = expression.as(AwaitExprSyntax.self) {
                expression = awaitExpression.expression
            } else {
                break
            }
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            guard let base = member.base else { return false }
            return TypeSyntaxNames.typePath(of: base).map { names($0, ownType: ownType) } ?? false
        }
        return TypeSyntaxNames.typePath(of: call.calledExpression).map { names($0, ownType: ownType) } ?? false
    }

    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// True for declarations directly in the file, including inside `#if` blocks.
    private static func isFileScope(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.is(SourceFileSyntax.self) { return true }
            guard parent.is(CodeBlockItemSyntax.self) || parent.is(CodeBlockItemListSyntax.self)
                || parent.is(IfConfigClauseSyntax.self) || parent.is(IfConfigClauseListSyntax.self)
                || parent.is(IfConfigDeclSyntax.self) else { return false }
            current = parent.parent
        }
        return false
    }

    // MARK: - Where expressions sit

    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
        if let parameter = node.parent?.as(FunctionParameterSyntax.self) {
            defaultArgumentDepth += 1
            defaultArgumentOwners.append(Self.functionName(owning: parameter))
        } else if node.parent?.is(PatternBindingSyntax.self) == true,
                  Self.isMemberVariable(node.parent) {
            propertyInitializerDepth += 1
        }
        return .visitChildren
    }
    override func visitPost(_ node: InitializerClauseSyntax) {
        if node.parent?.is(FunctionParameterSyntax.self) == true {
            defaultArgumentDepth -= 1
            defaultArgumentOwners.removeLast()
        } else if node.parent?.is(PatternBindingSyntax.self) == true, Self.isMemberVariable(node.parent) {
            propertyInitializerDepth -= 1
        }
    }

    private static func isMemberVariable(_ binding: Syntax?) -> Bool {
        // PatternBinding → PatternBindingList → VariableDecl → MemberBlockItem
        binding?.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true
    }

    private static func functionName(owning parameter: FunctionParameterSyntax) -> String {
        var current = parameter.parent
        while let node = current {
            if let function = node.as(FunctionDeclSyntax.self) { return function.name.text }
            if node.is(InitializerDeclSyntax.self) { return "init" }
            if node.is(SubscriptDeclSyntax.self) { return "subscript" }
            if node.is(MacroDeclSyntax.self) { return "macro" }
            current = node.parent
        }
        return "function"
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        closureDepth += 1
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { closureDepth -= 1 }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { previewDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionExprSyntax) {
        if node.macroName.text == "Preview" { previewDepth -= 1 }
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { previewDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionDeclSyntax) {
        if node.macroName.text == "Preview" { previewDepth -= 1 }
    }

    // MARK: - Static member reads

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let member = TypeSyntaxNames.unescaped(node.declName.baseName.text)
        guard member != "init", member != "self", member != "Type", member != "Protocol",
              !TypeSyntaxNames.isTypeLike(member) else { return .visitChildren }
        let isCall = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
        if let base = node.base {
            if let basePath = TypeSyntaxNames.typePath(of: base) {
                memberAccesses.append(MemberAccessFact(
                    base: basePath, member: member, isCall: isCall, isImplicit: false,
                    position: position(of: node), context: context))
            }
        } else if let contextual = Self.contextualType(of: isCall ? Syntax(node.parent!) : Syntax(node)) {
            memberAccesses.append(MemberAccessFact(
                base: contextual, member: member, isCall: isCall, isImplicit: true,
                position: position(of: node), context: context))
        }
        return .visitChildren
    }

    /// The written type of `let x: T = <expression>` or `param: T = <expression>`.
    private static func contextualType(of expression: Syntax) -> String? {
        guard let clause = expression.parent?.as(InitializerClauseSyntax.self) else { return nil }
        if let binding = clause.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type {
            return TypeSyntaxNames.name(of: type)
        }
        if let parameter = clause.parent?.as(FunctionParameterSyntax.self) {
            return TypeSyntaxNames.name(of: parameter.type)
        }
        return nil
    }

    // MARK: - Initializer calls

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let typeName = instantiatedType(node) {
            instantiations.append(InstantiationFact(
                typeName: typeName,
                argumentLabels: node.arguments.map { $0.label?.text ?? "_" },
                position: position(of: node),
                context: context))
        }
        return .visitChildren
    }

    private func instantiatedType(_ call: FunctionCallExprSyntax) -> String? {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" {
            if let base = member.base { return TypeSyntaxNames.typePath(of: base) }
            return Self.contextualType(of: Syntax(call))
        }
        return TypeSyntaxNames.typePath(of: call.calledExpression)
    }

    // MARK: - Suppression comments

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        scanComments(token.leadingTrivia, startingAt: token.position)
        scanComments(token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia)
        return .visitChildren
    }

    private func scanComments(_ trivia: Trivia, startingAt start: AbsolutePosition) {
        var offset = start
        for piece in trivia {
            switch piece {
            case .lineComment(let text), .blockComment(let text):
                let location = converter.location(for: offset)
                let position = SourcePosition(line: location.line, column: location.column)
                if let suppression = SuppressionComment.parse(text, position: position) {
                    suppressions.append(suppression)
                }
            default:
                break
            }
            offset = offset.advanced(by: piece.sourceLength.utf8Length)
        }
    }
}
