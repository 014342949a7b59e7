@_spi(RawSyntax) import SwiftSyntax

/// Walks one syntax tree once and records facts; the tree can be dropped afterwards.
///
/// Every `#if` clause is visited, so facts from all build configurations are kept. One instance
/// walks one tree on one thread, so its state skips the runtime's exclusivity checks
/// (`@exclusivity(unchecked)`), which cost the walk about 1 % of its instructions.
final class FactExtractor: SyntaxVisitor {
    private let lineTable: LineTable

    @exclusivity(unchecked) private(set) var imports: [ImportFact] = []
    @exclusivity(unchecked) var declarations: [DeclarationFact] = []
    @exclusivity(unchecked) private(set) var memberAccesses: [MemberAccessFact] = []
    @exclusivity(unchecked) private(set) var instantiations: [InstantiationFact] = []
    @exclusivity(unchecked) var references: [ReferenceFact] = []
    /// The constructs that make type-checking cost more than tokens say: closures, generic
    /// parameters and requirements (binary operators are counted with the tokens, `TokenScan`).
    @exclusivity(unchecked) private(set) var complexity = 0
    @exclusivity(unchecked) private(set) var closureCount = 0

    /// Indices of the declarations that own code (types, extensions, typealiases, file-scope
    /// functions, variables and previews), innermost last.
    @exclusivity(unchecked) var ownerStack: [Int] = []
    /// The member being walked inside each owner; nil between members.
    @exclusivity(unchecked) var memberStack: [String?] = []
    /// What kind of dependency a type written here would be, innermost last.
    @exclusivity(unchecked) var referenceKindStack: [ReferenceKind] = []
    /// Generic parameters and associated types in scope: names that are not references.
    @exclusivity(unchecked) var genericScopes: [Set<String>] = []
    /// How many of `genericScopes` declare a name.
    @exclusivity(unchecked) var genericScopesInUse = 0
    @exclusivity(unchecked) var usedMembers: [Int: Set<String>] = [:]
    @exclusivity(unchecked) var referenceKeys: Set<ReferenceKey> = []

    /// Indices of the enclosing types and extensions, innermost last.
    @exclusivity(unchecked) var declarationStack: [Int] = []
    @exclusivity(unchecked) private var previewDepth = 0
    @exclusivity(unchecked) private var defaultArgumentDepth = 0
    @exclusivity(unchecked) private var closureDepth = 0
    @exclusivity(unchecked) private var propertyInitializerDepth = 0
    @exclusivity(unchecked) private var staticDepth = 0
    @exclusivity(unchecked) private var previewHelperDepth = 0
    @exclusivity(unchecked) private var debugDepth = 0
    @exclusivity(unchecked) private var defaultArgumentOwners: [String] = []
    /// What `visit` found out about each function or variable being walked, for its `visitPost`.
    @exclusivity(unchecked) private var shapes: [DeclarationShape] = []

    private struct DeclarationShape {
        var isFileScope: Bool
        var isStatic: Bool
        var isPreviewHelper: Bool
    }

    init(lineTable: LineTable) {
        self.lineTable = lineTable
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: - Positions and context

    func position(of node: some SyntaxProtocol) -> SourcePosition {
        lineTable.position(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    func endLine(of node: some SyntaxProtocol) -> Int {
        lineTable.position(ofOffset: node.endPositionBeforeTrailingTrivia.utf8Offset).line
    }

    private var context: SiteContext {
        var flags: SiteFlags = []
        if previewDepth > 0 { flags.insert(.previewMacro) }
        if defaultArgumentDepth > 0 { flags.insert(.defaultArgument) }
        if closureDepth > 0 { flags.insert(.closure) }
        if propertyInitializerDepth > 0 { flags.insert(.propertyInitializer) }
        if staticDepth > 0 { flags.insert(.staticMember) }
        if previewHelperDepth > 0 { flags.insert(.previewHelper) }
        if debugDepth > 0 { flags.insert(.debugOnly) }
        return SiteContext(
            declaration: declarationStack.last,
            flags: flags,
            defaultArgumentOf: defaultArgumentDepth > 0 ? defaultArgumentOwners.last : nil
        )
    }

    private func appendDeclaration(_ declaration: DeclarationFact) {
        var declaration = declaration
        declaration.isDebugOnly = debugDepth > 0
        declarations.append(declaration)
    }

    // MARK: - Preview helpers and debug-only code

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if Self.isDebugCondition(node) { debugDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: IfConfigClauseSyntax) {
        if Self.isDebugCondition(node) { debugDepth -= 1 }
    }

    /// `#if DEBUG` and `#elseif DEBUG`; not `#else`, nor conditions that merely mention DEBUG.
    static func isDebugCondition(_ node: IfConfigClauseSyntax) -> Bool {
        guard node.poundKeyword.tokenKind != .poundElse, let condition = node.condition else { return false }
        return condition.as(DeclReferenceExprSyntax.self)?.baseName.text == "DEBUG"
    }

    /// A static member named for previews and tests (`static var preview`, `static func mock()`),
    /// or any member attributed so. Instance members named `preview…` are often the app's own
    /// previews (`previewImage`, `previewDownloadedFile()`), which ship.
    static func isPreviewHelper(name: String, modifiers: DeclModifierListSyntax, attributes: AttributeListSyntax) -> Bool {
        (isStatic(modifiers) && PreviewHelperNames.contains(name)) || TypeSyntaxNames.attributeNames(attributes).contains { $0.contains("Preview") || $0.contains("Mock") }
    }

    static func isPreviewHelper(_ node: VariableDeclSyntax) -> Bool {
        node.bindings.contains { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return false }
            return isPreviewHelper(name: TypeSyntaxNames.unescaped(name), modifiers: node.modifiers, attributes: node.attributes)
        }
    }

    // MARK: - Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        imports.append(ImportFact(
            path: node.path.map { TypeSyntaxNames.unescaped($0.name.text) },
            kind: node.importKindSpecifier?.text,
            attributes: TypeSyntaxNames.attributeNames(node.attributes),
            position: position(of: node)
        ))
        return .visitChildren
    }

    // MARK: - Type declarations

    private func pushDeclaration(
        _ kind: DeclarationKind, name: String, node: some SyntaxProtocol,
        attributes: AttributeListSyntax, inheritance: InheritanceClauseSyntax?,
        generics: GenericParameterClauseSyntax?, extraGenericNames: [String] = []
    ) {
        appendDeclaration(DeclarationFact(
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
        enterOwner(declarations.count - 1, genericNames: TypeSyntaxNames.genericParameterNames(generics) + extraGenericNames)
    }

    private func popDeclaration() {
        declarationStack.removeLast()
        exitOwner()
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.struct, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { popDeclaration() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.class, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { popDeclaration() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.actor, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { popDeclaration() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        pushDeclaration(.enum, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: node.genericParameterClause)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { popDeclaration() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let associatedTypes = node.memberBlock.members.compactMap { $0.decl.as(AssociatedTypeDeclSyntax.self)?.name.text }
        pushDeclaration(.protocol, name: node.name.text, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: nil, extraGenericNames: associatedTypes)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { popDeclaration() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = TypeSyntaxNames.name(of: node.extendedType) ?? node.extendedType.trimmedDescription
        pushDeclaration(.extension, name: name, node: node, attributes: node.attributes,
                        inheritance: node.inheritanceClause, generics: nil)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { popDeclaration() }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        appendDeclaration(DeclarationFact(
            kind: .typealias, name: node.name.text, parent: declarationStack.last,
            genericParameters: TypeSyntaxNames.genericParameterNames(node.genericParameterClause),
            inheritance: TypeSyntaxNames.name(of: node.initializer.value).map { [$0] } ?? [],
            attributes: TypeSyntaxNames.attributeNames(node.attributes),
            startLine: position(of: node).line, endLine: endLine(of: node)
        ))
        enterOwner(declarations.count - 1, genericNames: TypeSyntaxNames.genericParameterNames(node.genericParameterClause))
        return .visitChildren
    }
    override func visitPost(_ node: TypeAliasDeclSyntax) { exitOwner() }

    // MARK: - Functions and properties

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let generics = TypeSyntaxNames.genericParameterNames(node.genericParameterClause)
        let shape = DeclarationShape(
            isFileScope: Self.isFileScope(node), isStatic: Self.isStatic(node.modifiers),
            isPreviewHelper: Self.isPreviewHelper(name: node.name.text, modifiers: node.modifiers, attributes: node.attributes))
        shapes.append(shape)
        if shape.isFileScope {
            appendDeclaration(DeclarationFact(
                kind: .function, name: TypeSyntaxNames.unescaped(node.name.text), parent: nil,
                genericParameters: generics,
                attributes: TypeSyntaxNames.attributeNames(node.attributes),
                startLine: position(of: node).line, endLine: endLine(of: node)
            ))
            enterOwner(declarations.count - 1, genericNames: generics)
        } else {
            let isStatic = shape.isStatic
            let returnsOwn = isStatic && node.signature.returnClause.flatMap { TypeSyntaxNames.name(of: $0.type) }
                .map { Self.names($0, ownType: ownTypeName ?? "Self") } == true
            enterMember(TypeSyntaxNames.unescaped(node.name.text), kind: .method, isStatic: isStatic,
                        isWitness: returnsOwn, node: node, genericNames: generics)
        }
        if shape.isStatic { staticDepth += 1 }
        if shape.isPreviewHelper { previewHelperDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) {
        let shape = shapes.removeLast()
        if shape.isStatic { staticDepth -= 1 }
        if shape.isPreviewHelper { previewHelperDepth -= 1 }
        if shape.isFileScope { exitOwner() } else { exitMember(node) }
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember("init", kind: .initializer, isStatic: false, isWitness: false, node: node,
                    genericNames: TypeSyntaxNames.genericParameterNames(node.genericParameterClause))
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { exitMember(node) }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        enterMember("subscript", kind: .subscript, isStatic: Self.isStatic(node.modifiers), isWitness: false, node: node,
                    genericNames: TypeSyntaxNames.genericParameterNames(node.genericParameterClause))
        return .visitChildren
    }
    override func visitPost(_ node: SubscriptDeclSyntax) { exitMember(node) }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isMember(node), let owner = declarationStack.last else { return .visitChildren }
        for element in node.elements {
            declarations[owner].members.append(MemberFact(
                name: TypeSyntaxNames.unescaped(element.name.text), kind: .case, isStatic: true, isWitness: false,
                startLine: position(of: element).line, endLine: endLine(of: element)))
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let shape = DeclarationShape(isFileScope: Self.isFileScope(node), isStatic: Self.isStatic(node.modifiers),
                                     isPreviewHelper: Self.isPreviewHelper(node))
        shapes.append(shape)
        let isStatic = shape.isStatic
        if shape.isFileScope {
            let first = declarations.count
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                appendDeclaration(DeclarationFact(
                    kind: .variable, name: TypeSyntaxNames.unescaped(name), parent: nil,
                    attributes: TypeSyntaxNames.attributeNames(node.attributes),
                    startLine: position(of: node).line, endLine: endLine(of: node)
                ))
            }
            // Code in a multi-binding declaration belongs to its first variable.
            enterOwner(declarations.count > first ? first : nil, genericNames: [])
        } else if Self.isMember(node), let owner = declarationStack.last {
            if isStatic { recordStaticProperties(node, owner: owner) }
            let ownName = declarations[owner].simpleName
            var firstName: String?
            var firstIsWitness = false
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let annotatedOwn = binding.typeAnnotation.flatMap { TypeSyntaxNames.name(of: $0.type) }
                    .map { Self.names($0, ownType: ownName) } ?? false
                let initializedOwn = binding.initializer.map { Self.constructsOwnType($0.value, ownType: ownName) } ?? false
                let isWitness = isStatic && (annotatedOwn || initializedOwn)
                if firstName == nil {
                    firstName = TypeSyntaxNames.unescaped(name)
                    firstIsWitness = isWitness
                } else {
                    declarations[owner].members.append(MemberFact(
                        name: TypeSyntaxNames.unescaped(name), kind: .property, isStatic: isStatic, isWitness: isWitness,
                        startLine: position(of: binding).line, endLine: endLine(of: binding)))
                }
            }
            if let firstName {
                enterMember(firstName, kind: .property, isStatic: isStatic, isWitness: firstIsWitness, node: node, genericNames: [])
            }
        }
        if isStatic { staticDepth += 1 }
        if shape.isPreviewHelper { previewHelperDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: VariableDeclSyntax) {
        let shape = shapes.removeLast()
        if shape.isStatic { staticDepth -= 1 }
        if shape.isPreviewHelper { previewHelperDepth -= 1 }
        if shape.isFileScope {
            exitOwner()
        } else if Self.isMember(node), declarationStack.last != nil,
                  node.bindings.contains(where: { $0.pattern.is(IdentifierPatternSyntax.self) }) {
            exitMember(node)
        }
    }

    private func recordStaticProperties(_ node: VariableDeclSyntax, owner: Int) {
        let ownName = declarations[owner].simpleName
        for binding in node.bindings where Self.isStoredBinding(binding) {
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

    static func names(_ typeName: String, ownType: String) -> Bool {
        let last = typeName.lastNameComponent
        return last == ownType || last == "Self"
    }

    /// `T()`, `T.init()`, `Self()`, `try T()`, `await T()` where T is the declaring type.
    static func constructsOwnType(_ expression: ExprSyntax, ownType: String) -> Bool {
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
        // The raw text: `tokenKind` builds a String to find the keyword.
        modifiers.contains { $0.name.rawText == "static" || $0.name.rawText == "class" }
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
        referenceKindStack.append(.typeAnnotation)
        return .visitChildren
    }
    override func visitPost(_ node: InitializerClauseSyntax) {
        referenceKindStack.removeLast()
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
        complexity += 1
        closureCount += 1
        closureDepth += 1
        referenceKindStack.append(.typeAnnotation)
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) {
        closureDepth -= 1
        referenceKindStack.removeLast()
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { enterPreview(node) }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionExprSyntax) {
        if node.macroName.text == "Preview" { exitPreview(node) }
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { enterPreview(node) }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionDeclSyntax) {
        if node.macroName.text == "Preview" { exitPreview(node) }
    }

    /// A file-scope `#Preview` becomes a declaration of its own, so its references have an owner.
    private func enterPreview(_ node: some SyntaxProtocol) {
        previewDepth += 1
        guard Self.isFileScope(node) else { return }
        appendDeclaration(DeclarationFact(
            kind: .preview, name: "#Preview", parent: nil,
            startLine: position(of: node).line, endLine: endLine(of: node)))
        enterOwner(declarations.count - 1, genericNames: [])
    }

    private func exitPreview(_ node: some SyntaxProtocol) {
        previewDepth -= 1
        if Self.isFileScope(node) { exitOwner() }
    }

    // MARK: - Static member reads

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let member = TypeSyntaxNames.unescaped(node.declName.baseName.text)
        if let owner = ownerStack.last, owner >= 0, member != "self", member != "init" {
            usedMembers[owner, default: []].insert(member)
        }
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
            recordReference(contextual, kind: .staticMember, staticMember: member, at: node)
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
            let contextual = Self.contextualType(of: Syntax(call))
            if let contextual { recordReference(contextual, kind: .instantiation, at: call) }
            return contextual
        }
        return TypeSyntaxNames.typePath(of: call.calledExpression)
    }

    // MARK: - Where a type is written

    func pushKind(_ kind: ReferenceKind) -> SyntaxVisitorContinueKind {
        referenceKindStack.append(kind)
        return .visitChildren
    }

    override func visit(_ node: InheritanceClauseSyntax) -> SyntaxVisitorContinueKind { pushKind(.inheritance) }
    override func visitPost(_ node: InheritanceClauseSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind {
        complexity += node.requirements.count
        return pushKind(.genericConstraint)
    }
    override func visitPost(_ node: GenericWhereClauseSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind {
        complexity += 1
        return pushKind(.genericConstraint)
    }
    override func visitPost(_ node: GenericParameterSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind { pushKind(.parameter) }
    override func visitPost(_ node: FunctionParameterSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: EnumCaseParameterSyntax) -> SyntaxVisitorContinueKind { pushKind(.parameter) }
    override func visitPost(_ node: EnumCaseParameterSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind { pushKind(.parameter) }
    override func visitPost(_ node: ClosureParameterSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: ReturnClauseSyntax) -> SyntaxVisitorContinueKind { pushKind(.returnType) }
    override func visitPost(_ node: ReturnClauseSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: GenericArgumentClauseSyntax) -> SyntaxVisitorContinueKind { pushKind(.genericArgument) }
    override func visitPost(_ node: GenericArgumentClauseSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { pushKind(.attribute) }
    override func visitPost(_ node: AttributeSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { pushKind(.typeAnnotation) }
    override func visitPost(_ node: CodeBlockSyntax) { referenceKindStack.removeLast() }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { pushKind(.typeAnnotation) }
    override func visitPost(_ node: AccessorBlockSyntax) { referenceKindStack.removeLast() }

    override func visit(_ node: TypeAnnotationSyntax) -> SyntaxVisitorContinueKind {
        guard let binding = node.parent?.as(PatternBindingSyntax.self),
              binding.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) == true else {
            return pushKind(.typeAnnotation)
        }
        return pushKind(Self.isStoredBinding(binding) ? .storedProperty : .property)
    }
    override func visitPost(_ node: TypeAnnotationSyntax) { referenceKindStack.removeLast() }

    // MARK: - Type names

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        // The base of `A.B` is recorded as part of `A.B`.
        if let member = node.parent?.as(MemberTypeSyntax.self), member.baseType.id == node.id { return .visitChildren }
        let name = TypeSyntaxNames.unescaped(node.name.text)
        if TypeSyntaxNames.isTypeLike(name) {
            recordReference(name, kind: referenceKindStack.last ?? .typeAnnotation, at: node)
        }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if let outer = node.parent?.as(MemberTypeSyntax.self), outer.baseType.id == node.id { return .visitChildren }
        if let name = TypeSyntaxNames.name(of: TypeSyntax(node)), TypeSyntaxNames.isTypeLike(name) {
            recordReference(name, kind: referenceKindStack.last ?? .typeAnnotation, at: node)
        }
        return .visitChildren
    }

    // MARK: - Names in expressions

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id { return .visitChildren }
        guard node.baseName.rawTokenKind == .identifier else { return .visitChildren }
        let name = TypeSyntaxNames.unescaped(node.baseName.text)
        guard TypeSyntaxNames.isTypeLike(name) else {
            recordReference(name, kind: .expression, at: node)
            return .visitChildren
        }
        // Follow `Outer.Inner.member` upwards while the components name types.
        var current = Syntax(node)
        var path = name
        var kind: ReferenceKind?
        var staticMember: String?
        while let access = current.parent?.as(MemberAccessExprSyntax.self), access.base?.id == current.id {
            let member = TypeSyntaxNames.unescaped(access.declName.baseName.text)
            if TypeSyntaxNames.isTypeLike(member) {
                path += "." + member
                current = Syntax(access)
                continue
            }
            if member == "init" {
                kind = .instantiation
            } else if member != "self" && member != "Type" && member != "Protocol" {
                kind = .staticMember
                staticMember = member
            }
            break
        }
        if kind == nil {
            if let specialized = current.parent?.as(GenericSpecializationExprSyntax.self), specialized.expression.id == current.id {
                current = Syntax(specialized)
            }
            if let call = current.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == current.id {
                kind = .instantiation
            }
        }
        recordReference(path, kind: kind ?? .expression, staticMember: staticMember, at: node)
        return .visitChildren
    }
}
