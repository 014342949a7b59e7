@_spi(RawSyntax) import SwiftSyntax

/// A node of the raw tree being walked, and the byte offset where it starts (its leading trivia
/// included), which the raw tree does not store.
struct WalkedNode {
    let raw: RawSyntax
    let offset: Int
    /// Read once: every handler and every question about an ancestor asks it.
    let kind: SyntaxKind

    init(raw: RawSyntax, offset: Int) {
        self.raw = raw
        self.offset = offset
        kind = raw.kind
    }

    /// Whether `child` is this node's own `raw` (the same node in the tree, not equal text).
    func isSameNode(as child: (some RawSyntaxNodeProtocol)?) -> Bool {
        child?.raw.id == raw.id
    }
}

/// Walks one syntax tree once and records facts; the tree can be dropped afterwards. The same walk
/// feeds `TokenScan` and `TypeCheckEstimate`, so a file's tree is walked once.
///
/// The walk reads the raw tree (`@_spi(RawSyntax)`) and keeps its own stack of enclosing nodes:
/// a `SyntaxVisitor` wraps every node and token it passes in a `Syntax` node, and with it the
/// three walks this one replaced took half again as many instructions (benchmarks/results/2026-11-24-one-raw-walk.md). It visits what a source-accurate visitor
/// visits (every node, unexpected ones included; missing tokens carry no facts), in the same
/// order, with the same answers. Every `#if` clause is visited, so facts from all build
/// configurations are kept. One instance walks one tree on one thread, so its state skips the
/// runtime's exclusivity checks (`@exclusivity(unchecked)`).
final class FactExtractor {
    let lineTable: LineTable
    /// Where the last start and end positions were found: the walk asks in source order.
    private var startLineHint = 0, endLineHint = 0

    @exclusivity(unchecked) private(set) var imports: [ImportFact] = []
    @exclusivity(unchecked) var declarations: [DeclarationFact] = []
    @exclusivity(unchecked) var memberAccesses: [MemberAccessFact] = []
    @exclusivity(unchecked) var instantiations: [InstantiationFact] = []
    @exclusivity(unchecked) var references = RecordedReferences()
    /// The constructs that make type-checking cost more than tokens say: closures, generic
    /// parameters and requirements (binary operators are counted with the tokens, `TokenScan`).
    @exclusivity(unchecked) private(set) var complexity = 0
    @exclusivity(unchecked) private(set) var closureCount = 0
    /// What the tokens say on their own, and the type-checking estimate: fed by the same walk.
    @exclusivity(unchecked) private(set) var tokens: TokenScan
    @exclusivity(unchecked) private(set) var typeCheck = TypeCheckEstimate.Walk()

    /// The nodes enclosing the one being visited, outermost first.
    @exclusivity(unchecked) var ancestors = AncestorStack()
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
    /// By declaration index, the members its code names (`x.member`), in the order met, a repeat
    /// of the name met just before dropped: sorted and made unique once the walk is done
    /// (`usedMembers()`), which costs less than hashing each into a set.
    @exclusivity(unchecked) private var memberNames: [[String]] = []

    /// Indices of the enclosing types and extensions, innermost last.
    @exclusivity(unchecked) var declarationStack: [Int] = []
    @exclusivity(unchecked) private var previewDepth = 0
    @exclusivity(unchecked) private var defaultArgumentDepth = 0
    @exclusivity(unchecked) private var closureDepth = 0
    @exclusivity(unchecked) private var propertyInitializerDepth = 0
    @exclusivity(unchecked) private var staticDepth = 0
    @exclusivity(unchecked) private var previewHelperDepth = 0
    @exclusivity(unchecked) private var coordinatorFactoryDepth = 0
    @exclusivity(unchecked) private var debugDepth = 0
    @exclusivity(unchecked) private var defaultArgumentOwners: [String] = []
    /// What `enter` found out about each function or variable being walked, for its `leave`.
    @exclusivity(unchecked) private var shapes: [DeclarationShape] = []

    private struct DeclarationShape {
        var isFileScope: Bool
        var isStatic: Bool
        var isPreviewHelper: Bool
        var isCoordinatorFactory = false
    }

    init(lineTable: LineTable) {
        self.lineTable = lineTable
        tokens = TokenScan(lineTable: lineTable)
    }

    /// Walks a whole file once: its facts, its tokens (`tokens`) and its type-checking (`typeCheck`).
    func walk(_ tree: SourceFileSyntax) {
        visit(tree.raw)
    }

    /// A node's offset is where `tokens` has got to: its tokens come next, so only a token's
    /// length is read, not every node's. Tokens are taken in the loop over their parent's
    /// children, not by a call of their own.
    private func visit(_ raw: RawSyntax) {
        guard let layout = raw.layoutView else { return }
        let node = WalkedNode(raw: raw, offset: tokens.offset)
        let frame = typeCheck.enter(raw, node.kind, parent: ancestors.last?.kind)
        enter(node)
        ancestors.push(node)
        for child in layout.children {
            guard let child else { continue }
            if let token = child.tokenView {
                if tokens.scan(token, length: child.byteLength) { typeCheck.presentToken() }
            } else {
                visit(child)
            }
        }
        ancestors.pop()
        leave(node)
        typeCheck.leave(frame)
    }

    // MARK: - Dispatch

    private func enter(_ node: WalkedNode) {
        switch node.kind {
        case .ifConfigClause: if Self.isDebugCondition(RawIfConfigClauseSyntax(node.raw)!) { debugDepth += 1 }
        case .importDecl: enterImport(node)
        case .structDecl: pushTypeDeclaration(.struct, RawStructDeclSyntax(node.raw)!, node: node)
        case .classDecl: pushTypeDeclaration(.class, RawClassDeclSyntax(node.raw)!, node: node)
        case .actorDecl: pushTypeDeclaration(.actor, RawActorDeclSyntax(node.raw)!, node: node)
        case .enumDecl: pushTypeDeclaration(.enum, RawEnumDeclSyntax(node.raw)!, node: node)
        case .protocolDecl: enterProtocol(node)
        case .extensionDecl: enterExtension(node)
        case .typeAliasDecl: enterTypeAlias(node)
        case .functionDecl: enterFunction(node)
        case .initializerDecl:
            let decl = RawInitializerDeclSyntax(node.raw)!
            enterMember("init", kind: .initializer, isStatic: false, isWitness: false, node: node,
                        genericNames: TypeSyntaxNames.genericParameterNames(decl.genericParameterClause))
        case .subscriptDecl:
            let decl = RawSubscriptDeclSyntax(node.raw)!
            enterMember("subscript", kind: .subscript, isStatic: Self.isStatic(decl.modifiers), isWitness: false, node: node,
                        genericNames: TypeSyntaxNames.genericParameterNames(decl.genericParameterClause))
        case .enumCaseDecl: enterEnumCase(node)
        case .variableDecl: enterVariable(node)
        case .initializerClause: enterInitializerClause(node)
        case .closureExpr:
            complexity += 1
            closureCount += 1
            closureDepth += 1
            referenceKindStack.append(.typeAnnotation)
        case .macroExpansionExpr: if RawMacroExpansionExprSyntax(node.raw)!.macroName.tokenText == "Preview" { enterPreview(node) }
        case .macroExpansionDecl: if RawMacroExpansionDeclSyntax(node.raw)!.macroName.tokenText == "Preview" { enterPreview(node) }
        case .memberAccessExpr: enterMemberAccess(node)
        case .functionCallExpr: enterCall(node)
        case .inheritanceClause: referenceKindStack.append(.inheritance)
        case .genericWhereClause:
            complexity += RawGenericWhereClauseSyntax(node.raw)!.requirements.layoutView.children.count
            referenceKindStack.append(.genericConstraint)
        case .genericParameter:
            complexity += 1
            referenceKindStack.append(.genericConstraint)
        case .functionParameter, .enumCaseParameter, .closureParameter: referenceKindStack.append(.parameter)
        case .returnClause: referenceKindStack.append(.returnType)
        case .genericArgumentClause: referenceKindStack.append(.genericArgument)
        case .attribute: referenceKindStack.append(.attribute)
        case .codeBlock, .accessorBlock: referenceKindStack.append(.typeAnnotation)
        case .typeAnnotation: referenceKindStack.append(typeAnnotationKind())
        case .identifierType: enterIdentifierType(node)
        case .memberType: enterMemberType(node)
        case .declReferenceExpr: enterDeclReference(node)
        default: break
        }
    }

    private func leave(_ node: WalkedNode) {
        switch node.kind {
        case .ifConfigClause: if Self.isDebugCondition(RawIfConfigClauseSyntax(node.raw)!) { debugDepth -= 1 }
        case .structDecl, .classDecl, .actorDecl, .enumDecl, .protocolDecl, .extensionDecl: popDeclaration()
        case .typeAliasDecl: exitOwner()
        case .functionDecl:
            let shape = shapes.removeLast()
            if shape.isStatic { staticDepth -= 1 }
            if shape.isPreviewHelper { previewHelperDepth -= 1 }
            if shape.isCoordinatorFactory { coordinatorFactoryDepth -= 1 }
            if shape.isFileScope { exitOwner() } else { exitMember() }
        case .initializerDecl, .subscriptDecl: exitMember()
        case .variableDecl: leaveVariable(node)
        case .initializerClause: leaveInitializerClause()
        case .closureExpr:
            closureDepth -= 1
            referenceKindStack.removeLast()
        case .macroExpansionExpr: if RawMacroExpansionExprSyntax(node.raw)!.macroName.tokenText == "Preview" { exitPreview() }
        case .macroExpansionDecl: if RawMacroExpansionDeclSyntax(node.raw)!.macroName.tokenText == "Preview" { exitPreview() }
        case .inheritanceClause, .genericWhereClause, .genericParameter, .functionParameter, .enumCaseParameter,
             .closureParameter, .returnClause, .genericArgumentClause, .attribute, .codeBlock, .accessorBlock,
             .typeAnnotation:
            referenceKindStack.removeLast()
        default: break
        }
    }

    // MARK: - Positions and context

    /// Where a node's first token starts, past its leading trivia.
    func position(of node: WalkedNode) -> SourcePosition {
        lineTable.position(ofOffset: node.offset + node.raw.leadingTriviaByteLength, hint: &startLineHint)
    }

    /// The line of a node's last token, before its trailing trivia.
    func endLine(of node: WalkedNode) -> Int {
        lineTable.position(ofOffset: node.offset + node.raw.byteLength - node.raw.trailingTriviaByteLength, hint: &endLineHint).line
    }

    /// The node `child` of `parent`, with its offset: `child` must be one of its children.
    static func child(_ child: some RawSyntaxNodeProtocol, of parent: WalkedNode) -> WalkedNode {
        var offset = parent.offset
        guard let layout = parent.raw.layoutView else { return WalkedNode(raw: child.raw, offset: offset) }
        for candidate in layout.children {
            guard let candidate else { continue }
            if candidate.id == child.raw.id { break }
            offset += candidate.byteLength
        }
        return WalkedNode(raw: child.raw, offset: offset)
    }

    /// The `index`-th enclosing node, the parent being 0.
    func ancestor(_ index: Int) -> WalkedNode? {
        let position = ancestors.count - 1 - index
        return position >= 0 ? ancestors[position] : nil
    }

    private var context: SiteContext {
        var flags: SiteFlags = []
        if previewDepth > 0 { flags.insert(.previewMacro) }
        if defaultArgumentDepth > 0 { flags.insert(.defaultArgument) }
        if closureDepth > 0 { flags.insert(.closure) }
        if propertyInitializerDepth > 0 { flags.insert(.propertyInitializer) }
        if staticDepth > 0 { flags.insert(.staticMember) }
        if previewHelperDepth > 0 { flags.insert(.previewHelper) }
        if coordinatorFactoryDepth > 0 { flags.insert(.coordinatorFactory) }
        if debugDepth > 0 { flags.insert(.debugOnly) }
        return SiteContext(
            declaration: declarationStack.last,
            flags: flags,
            defaultArgumentOf: defaultArgumentDepth > 0 ? defaultArgumentOwners.last : nil
        )
    }

    /// Consumed: copied into a `var`, every field of the new declaration was retained once more.
    private func appendDeclaration(_ declaration: consuming DeclarationFact) {
        declaration.isDebugOnly = debugDepth > 0
        declarations.append(declaration)
    }

    // MARK: - Preview helpers and debug-only code

    /// `#if DEBUG` and `#elseif DEBUG`; not `#else`, nor conditions that merely mention DEBUG.
    static func isDebugCondition(_ node: RawIfConfigClauseSyntax) -> Bool {
        guard node.poundKeyword.tokenKind != .poundElse, let condition = node.condition else { return false }
        return condition.as(RawDeclReferenceExprSyntax.self)?.baseName.tokenText == "DEBUG"
    }

    /// A static member named for previews and tests (`static var preview`, `static func mock()`),
    /// or any member attributed so. Instance members named `preview…` are often the app's own
    /// previews (`previewImage`, `previewDownloadedFile()`), which ship.
    static func isPreviewHelper(name: String, modifiers: RawDeclModifierListSyntax, attributes: RawAttributeListSyntax) -> Bool {
        (isStatic(modifiers) && PreviewHelperNames.contains(name)) || hasPreviewAttribute(attributes)
    }

    /// `isPreviewHelper(name:modifiers:attributes:)` for any binding with a plain name. Most
    /// variables are neither static nor attributed: then no name is read.
    static func isPreviewHelper(_ node: RawVariableDeclSyntax, isStatic: Bool) -> Bool {
        let isAttributed = !node.attributes.layoutView.children.isEmpty && hasPreviewAttribute(node.attributes)
        guard isStatic || isAttributed else { return false }
        return node.bindings.layoutView.children.contains { element in
            guard let name = element.flatMap(RawPatternBindingSyntax.init).flatMap(identifier) else { return false }
            return isAttributed || PreviewHelperNames.contains(TypeSyntaxNames.unescaped(name))
        }
    }

    private static func hasPreviewAttribute(_ attributes: RawAttributeListSyntax) -> Bool {
        TypeSyntaxNames.attributeNames(attributes).contains { $0.containsASCII("Preview") || $0.containsASCII("Mock") }
    }

    /// The name a binding's pattern declares, when it is a plain identifier.
    static func identifier(_ binding: RawPatternBindingSyntax) -> String? {
        binding.pattern.as(RawIdentifierPatternSyntax.self).map { TypeSyntaxNames.text($0.identifier) }
    }

    // MARK: - Imports

    private func enterImport(_ node: WalkedNode) {
        let decl = RawImportDeclSyntax(node.raw)!
        imports.append(ImportFact(
            path: decl.path.layoutView.children.compactMap { element in
                element.flatMap(RawImportPathComponentSyntax.init).map { TypeSyntaxNames.unescaped(TypeSyntaxNames.text($0.name)) }
            },
            kind: decl.importKindSpecifier.map(TypeSyntaxNames.text),
            attributes: TypeSyntaxNames.attributeNames(decl.attributes),
            position: position(of: node)
        ))
    }

    // MARK: - Type declarations

    private func pushDeclaration(
        _ kind: DeclarationKind, name: String, node: WalkedNode,
        attributes: RawAttributeListSyntax, inheritance: RawInheritanceClauseSyntax?,
        generics: RawGenericParameterClauseSyntax?, extraGenericNames: [String] = [], isPrivate: Bool = false
    ) {
        var declaration = DeclarationFact(
            kind: kind,
            name: name,
            parent: declarationStack.last,
            genericParameters: TypeSyntaxNames.genericParameterNames(generics),
            inheritance: TypeSyntaxNames.inheritedNames(inheritance),
            attributes: TypeSyntaxNames.attributeNames(attributes),
            startLine: position(of: node).line,
            endLine: endLine(of: node)
        )
        declaration.isPrivate = isPrivate
        appendDeclaration(declaration)
        declarationStack.append(declarations.count - 1)
        enterOwner(declarations.count - 1, genericNames: TypeSyntaxNames.genericParameterNames(generics) + extraGenericNames)
    }

    private func pushTypeDeclaration(_ kind: DeclarationKind, _ decl: some RawNominalTypeDeclaration, node: WalkedNode) {
        pushDeclaration(kind, name: TypeSyntaxNames.text(decl.name), node: node, attributes: decl.attributes,
                        inheritance: decl.inheritanceClause, generics: decl.genericParameterClause,
                        isPrivate: Self.isPrivate(decl.modifiers))
    }

    private func popDeclaration() {
        declarationStack.removeLast()
        exitOwner()
    }

    private func enterProtocol(_ node: WalkedNode) {
        let decl = RawProtocolDeclSyntax(node.raw)!
        let associatedTypes = decl.memberBlock.members.layoutView.children.compactMap { element in
            element.flatMap(RawMemberBlockItemSyntax.init)?.decl.as(RawAssociatedTypeDeclSyntax.self).map { TypeSyntaxNames.text($0.name) }
        }
        pushDeclaration(.protocol, name: TypeSyntaxNames.text(decl.name), node: node, attributes: decl.attributes,
                        inheritance: decl.inheritanceClause, generics: nil, extraGenericNames: associatedTypes)
    }

    private func enterExtension(_ node: WalkedNode) {
        let decl = RawExtensionDeclSyntax(node.raw)!
        let name = TypeSyntaxNames.name(of: decl.extendedType) ?? trimmedText(Self.child(decl.extendedType, of: node))
        pushDeclaration(.extension, name: name, node: node, attributes: decl.attributes,
                        inheritance: decl.inheritanceClause, generics: nil)
    }

    /// A node's source text without its leading and trailing trivia (`trimmedDescription`).
    private func trimmedText(_ node: WalkedNode) -> String {
        let start = node.offset + node.raw.leadingTriviaByteLength
        return lineTable.text(from: start, to: max(start, node.offset + node.raw.byteLength - node.raw.trailingTriviaByteLength))
    }

    private func enterTypeAlias(_ node: WalkedNode) {
        let decl = RawTypeAliasDeclSyntax(node.raw)!
        appendDeclaration(DeclarationFact(
            kind: .typealias, name: TypeSyntaxNames.text(decl.name), parent: declarationStack.last,
            genericParameters: TypeSyntaxNames.genericParameterNames(decl.genericParameterClause),
            inheritance: TypeSyntaxNames.name(of: decl.initializer.value).map { [$0] } ?? [],
            attributes: TypeSyntaxNames.attributeNames(decl.attributes),
            startLine: position(of: node).line, endLine: endLine(of: node)
        ))
        enterOwner(declarations.count - 1, genericNames: TypeSyntaxNames.genericParameterNames(decl.genericParameterClause))
    }

    // MARK: - Functions and properties

    private func enterFunction(_ node: WalkedNode) {
        let decl = RawFunctionDeclSyntax(node.raw)!
        let name = TypeSyntaxNames.text(decl.name)
        let generics = TypeSyntaxNames.genericParameterNames(decl.genericParameterClause)
        let shape = DeclarationShape(
            isFileScope: isFileScope(), isStatic: Self.isStatic(decl.modifiers),
            isPreviewHelper: Self.isPreviewHelper(name: name, modifiers: decl.modifiers, attributes: decl.attributes),
            isCoordinatorFactory: name == "makeCoordinator" && decl.signature.parameterClause.parameters.isEmpty)
        shapes.append(shape)
        if shape.isFileScope {
            appendDeclaration(DeclarationFact(
                kind: .function, name: TypeSyntaxNames.unescaped(name), parent: nil,
                genericParameters: generics,
                attributes: TypeSyntaxNames.attributeNames(decl.attributes),
                startLine: position(of: node).line, endLine: endLine(of: node)
            ))
            enterOwner(declarations.count - 1, genericNames: generics)
        } else {
            let isStatic = shape.isStatic
            let returnsOwn = isStatic && decl.signature.returnClause.flatMap { TypeSyntaxNames.name(of: $0.type) }
                .map { Self.names($0, ownType: ownTypeName ?? "Self") } == true
            enterMember(TypeSyntaxNames.unescaped(name), kind: .method, isStatic: isStatic,
                        isWitness: returnsOwn, node: node, genericNames: generics)
        }
        if shape.isStatic { staticDepth += 1 }
        if shape.isPreviewHelper { previewHelperDepth += 1 }
        if shape.isCoordinatorFactory { coordinatorFactoryDepth += 1 }
    }

    private func enterEnumCase(_ node: WalkedNode) {
        guard isMember(), let owner = declarationStack.last else { return }
        let decl = RawEnumCaseDeclSyntax(node.raw)!
        let list = Self.child(decl.elements, of: node)
        var offset = list.offset
        for element in decl.elements.layoutView.children {
            guard let element else { continue }
            defer { offset += element.byteLength }
            guard let enumCase = RawEnumCaseElementSyntax(element) else { continue }
            let walked = WalkedNode(raw: element, offset: offset)
            declarations[owner].members.append(MemberFact(
                name: TypeSyntaxNames.unescaped(TypeSyntaxNames.text(enumCase.name)), kind: .case, isStatic: true, isWitness: false,
                startLine: position(of: walked).line, endLine: endLine(of: walked)))
        }
    }

    /// Each binding of a variable declaration with its offset.
    private static func bindings(of node: WalkedNode, _ decl: RawVariableDeclSyntax) -> [(binding: RawPatternBindingSyntax, node: WalkedNode)] {
        let list = child(decl.bindings, of: node)
        var offset = list.offset
        var result: [(binding: RawPatternBindingSyntax, node: WalkedNode)] = []
        for element in decl.bindings.layoutView.children {
            guard let element else { continue }
            if let binding = RawPatternBindingSyntax(element) { result.append((binding, WalkedNode(raw: element, offset: offset))) }
            offset += element.byteLength
        }
        return result
    }

    private func enterVariable(_ node: WalkedNode) {
        let decl = RawVariableDeclSyntax(node.raw)!
        let isStatic = Self.isStatic(decl.modifiers)
        let shape = DeclarationShape(isFileScope: isFileScope(), isStatic: isStatic,
                                     isPreviewHelper: Self.isPreviewHelper(decl, isStatic: isStatic))
        shapes.append(shape)
        if shape.isFileScope {
            let first = declarations.count
            for element in decl.bindings.layoutView.children {
                guard let name = element.flatMap(RawPatternBindingSyntax.init).flatMap(Self.identifier) else { continue }
                appendDeclaration(DeclarationFact(
                    kind: .variable, name: TypeSyntaxNames.unescaped(name), parent: nil,
                    attributes: TypeSyntaxNames.attributeNames(decl.attributes),
                    startLine: position(of: node).line, endLine: endLine(of: node)
                ))
            }
            // Code in a multi-binding declaration belongs to its first variable.
            enterOwner(declarations.count > first ? first : nil, genericNames: [])
        } else if isMember(), let owner = declarationStack.last {
            let bindings = Self.bindings(of: node, decl)
            if isStatic { recordStaticProperties(bindings, owner: owner) }
            let ownName = declarations[owner].name.lastNameComponent
            var firstName: String?
            var firstIsWitness = false
            var firstIsStored = false
            for (binding, bindingNode) in bindings {
                guard let name = Self.identifier(binding) else { continue }
                let annotatedOwn = binding.typeAnnotation.flatMap { TypeSyntaxNames.name(of: $0.type) }
                    .map { Self.names($0, ownType: ownName) } ?? false
                let initializedOwn = binding.initializer.map { Self.constructsOwnType($0.value, ownType: ownName) } ?? false
                let isWitness = isStatic && (annotatedOwn || initializedOwn)
                if firstName == nil {
                    firstName = TypeSyntaxNames.unescaped(name)
                    firstIsWitness = isWitness
                    firstIsStored = Self.isStoredBinding(binding)
                } else {
                    declarations[owner].members.append(MemberFact(
                        name: TypeSyntaxNames.unescaped(name), kind: .property, isStatic: isStatic, isWitness: isWitness,
                        isStored: Self.isStoredBinding(binding), startLine: position(of: bindingNode).line, endLine: endLine(of: bindingNode)))
                }
            }
            if let firstName {
                enterMember(firstName, kind: .property, isStatic: isStatic, isWitness: firstIsWitness, isStored: firstIsStored,
                            node: node, genericNames: [])
            }
        }
        if isStatic { staticDepth += 1 }
        if shape.isPreviewHelper { previewHelperDepth += 1 }
    }

    private func leaveVariable(_ node: WalkedNode) {
        let shape = shapes.removeLast()
        if shape.isStatic { staticDepth -= 1 }
        if shape.isPreviewHelper { previewHelperDepth -= 1 }
        if shape.isFileScope {
            exitOwner()
        } else if isMember(), declarationStack.last != nil,
                  RawVariableDeclSyntax(node.raw)!.bindings.layoutView.children.contains(where: {
                      $0.flatMap(RawPatternBindingSyntax.init)?.pattern.is(RawIdentifierPatternSyntax.self) == true
                  }) {
            exitMember()
        }
    }

    private func recordStaticProperties(_ bindings: [(binding: RawPatternBindingSyntax, node: WalkedNode)], owner: Int) {
        let ownName = declarations[owner].name.lastNameComponent
        for (binding, bindingNode) in bindings where Self.isStoredBinding(binding) {
            guard let name = Self.identifier(binding) else { continue }
            let typeName = binding.typeAnnotation.flatMap { TypeSyntaxNames.name(of: $0.type) }
            let annotatedOwn = typeName.map { Self.names($0, ownType: ownName) } ?? false
            let initializedOwn = binding.initializer.map { Self.constructsOwnType($0.value, ownType: ownName) } ?? false
            declarations[owner].staticProperties.append(StaticPropertyFact(
                name: TypeSyntaxNames.unescaped(name),
                typeName: typeName,
                holdsOwnInstance: annotatedOwn || initializedOwn,
                position: position(of: bindingNode)
            ))
        }
    }

    static func names(_ typeName: String, ownType: String) -> Bool {
        let last = typeName.lastNameComponent
        return last == ownType || last == "Self"
    }

    /// `T()`, `T.init()`, `Self()`, `try T()`, `await T()` where T is the declaring type.
    static func constructsOwnType(_ expression: RawExprSyntax, ownType: String) -> Bool {
        var expression = expression
        while true {
            if let tryExpression = expression.as(RawTryExprSyntax.self) {
                expression = tryExpression.expression
            } else if let awaitExpression = expression.as(RawAwaitExprSyntax.self) {
                expression = awaitExpression.expression
            } else {
                break
            }
        }
        guard let call = expression.as(RawFunctionCallExprSyntax.self) else { return false }
        if let member = call.calledExpression.as(RawMemberAccessExprSyntax.self), member.declName.baseName.tokenText == "init" {
            guard let base = member.base else { return false }
            return TypeSyntaxNames.typePath(of: base).map { names($0, ownType: ownType) } ?? false
        }
        return TypeSyntaxNames.typePath(of: call.calledExpression).map { names($0, ownType: ownType) } ?? false
    }

    /// `private` or `fileprivate`: visible in its file only.
    private static func isPrivate(_ modifiers: RawDeclModifierListSyntax) -> Bool {
        modifiers.layoutView.children.contains { element in
            guard let name = element.flatMap(RawDeclModifierSyntax.init)?.name.tokenText else { return false }
            return name == "private" || name == "fileprivate"
        }
    }

    private static func isStatic(_ modifiers: RawDeclModifierListSyntax) -> Bool {
        modifiers.layoutView.children.contains { element in
            guard let name = element.flatMap(RawDeclModifierSyntax.init)?.name.tokenText else { return false }
            return name == "static" || name == "class"
        }
    }

    /// True for the node being entered when it sits directly in the file, including inside `#if`
    /// blocks.
    private func isFileScope() -> Bool {
        for index in stride(from: ancestors.count - 1, through: 0, by: -1) {
            switch ancestors[index].kind {
            case .sourceFile: return true
            case .codeBlockItem, .codeBlockItemList, .ifConfigClause, .ifConfigClauseList, .ifConfigDecl: continue
            default: return false
            }
        }
        return false
    }

    // MARK: - Where expressions sit

    private func enterInitializerClause(_ node: WalkedNode) {
        if ancestor(0)?.kind == .functionParameter {
            defaultArgumentDepth += 1
            defaultArgumentOwners.append(functionNameOwningParameter())
        } else if ancestor(0)?.kind == .patternBinding, isMemberVariable(bindingAt: 0) {
            propertyInitializerDepth += 1
        }
        referenceKindStack.append(.typeAnnotation)
    }

    private func leaveInitializerClause() {
        referenceKindStack.removeLast()
        if ancestor(0)?.kind == .functionParameter {
            defaultArgumentDepth -= 1
            defaultArgumentOwners.removeLast()
        } else if ancestor(0)?.kind == .patternBinding, isMemberVariable(bindingAt: 0) {
            propertyInitializerDepth -= 1
        }
    }

    /// Whether the pattern binding that is the `index`-th ancestor belongs to a member variable.
    private func isMemberVariable(bindingAt index: Int) -> Bool {
        // PatternBinding → PatternBindingList → VariableDecl → MemberBlockItem
        ancestor(index + 3)?.kind == .memberBlockItem
    }

    /// The name of the function whose parameter (the parent) is being walked.
    private func functionNameOwningParameter() -> String {
        for index in stride(from: ancestors.count - 2, through: 0, by: -1) {
            let node = ancestors[index]
            switch node.kind {
            case .functionDecl: return TypeSyntaxNames.text(RawFunctionDeclSyntax(node.raw)!.name)
            case .initializerDecl: return "init"
            case .subscriptDecl: return "subscript"
            case .macroDecl: return "macro"
            default: continue
            }
        }
        return "function"
    }

    private func enterPreview(_ node: WalkedNode) {
        previewDepth += 1
        // A file-scope `#Preview` becomes a declaration of its own, so its references have an owner.
        guard isFileScope() else { return }
        appendDeclaration(DeclarationFact(
            kind: .preview, name: "#Preview", parent: nil,
            startLine: position(of: node).line, endLine: endLine(of: node)))
        enterOwner(declarations.count - 1, genericNames: [])
    }

    private func exitPreview() {
        previewDepth -= 1
        if isFileScope() { exitOwner() }
    }

    // MARK: - Static member reads

    private func enterMemberAccess(_ node: WalkedNode) {
        let access = RawMemberAccessExprSyntax(node.raw)!
        let member = TypeSyntaxNames.unescaped(TypeSyntaxNames.text(access.declName.baseName))
        let keyword = MemberKeyword(member)
        if let owner = ownerStack.last, owner >= 0, keyword != .selfOrInit {
            noteUsedMember(member, owner: owner)
        }
        guard keyword == .none, !TypeSyntaxNames.isTypeLike(member) else { return }
        let isCall = ancestor(0).map { $0.kind == .functionCallExpr && node.isSameNode(as: RawFunctionCallExprSyntax($0.raw)!.calledExpression) } ?? false
        if let base = access.base {
            if let basePath = TypeSyntaxNames.typePath(of: base) {
                memberAccesses.append(MemberAccessFact(
                    base: basePath, member: member, isCall: isCall, isImplicit: false,
                    position: position(of: node), context: context, chainedMember: chainedMember(of: node, isCall: isCall),
                    chainedArgument: chainedArgument(of: node, isCall: isCall)))
            }
        } else if let contextual = contextualType(ofExpressionWithParent: isCall ? 1 : 0) {
            memberAccesses.append(MemberAccessFact(
                base: contextual, member: member, isCall: isCall, isImplicit: true,
                position: position(of: node), context: context, chainedMember: chainedMember(of: node, isCall: isCall),
                chainedArgument: chainedArgument(of: node, isCall: isCall)))
            recordReference(contextual, kind: .staticMember, staticMember: member, at: node)
        }
    }

    /// The member read on the value `node` gives (called when `isCall`): `open` of
    /// `UIApplication.shared.open(url)`, `windows` of `UIApplication.shared.windows.first`. A
    /// centre handed to Combine's publisher (`NotificationCenter.Publisher(center: .default, name:
    /// …)`) is observed as `publisher(for:)` observes it.
    private func chainedMember(of node: WalkedNode, isCall: Bool) -> String? {
        if !isCall, publisherCall(around: node) != nil { return "publisher" }
        guard let value = isCall ? ancestor(0) : node, let parent = ancestor(isCall ? 1 : 0),
              let access = RawMemberAccessExprSyntax(parent.raw), value.isSameNode(as: access.base) else { return nil }
        return TypeSyntaxNames.unescaped(TypeSyntaxNames.text(access.declName.baseName))
    }

    /// The `NotificationCenter.Publisher(center: node, name: …)` call `node` is the centre of.
    private func publisherCall(around node: WalkedNode) -> RawFunctionCallExprSyntax? {
        guard let argumentNode = ancestor(0), let argument = RawLabeledExprSyntax(argumentNode.raw),
              argument.label.map(TypeSyntaxNames.text) == "center", node.isSameNode(as: argument.expression),
              let callNode = ancestor(2), let call = RawFunctionCallExprSyntax(callNode.raw),
              let callee = TypeSyntaxNames.typePath(of: call.calledExpression), callee.hasSuffix("Publisher") else { return nil }
        return call
    }

    /// The name given to the chained call as `for:`, `named:`, `name:` or `forName:`, written as a member
    /// (`UIApplication.didBecomeActiveNotification`, `.UIKeyboardWillShow`); nil otherwise.
    private func chainedArgument(of node: WalkedNode, isCall: Bool) -> String? {
        let publisher = isCall ? nil : publisherCall(around: node)
        guard let call = publisher ?? chainedCall(of: node, isCall: isCall) else { return nil }
        for argument in call.arguments.elements {
            guard let label = argument.label.map(TypeSyntaxNames.text), ["for", "named", "name", "forName"].contains(label) else { continue }
            guard let member = RawMemberAccessExprSyntax(argument.expression.raw) else { return nil }
            let base = member.base.flatMap(TypeSyntaxNames.typePath(of:)) ?? ""
            return base + "." + TypeSyntaxNames.unescaped(TypeSyntaxNames.text(member.declName.baseName))
        }
        return nil
    }

    /// The call of the member read on the value `node` gives: `publisher(for:)` of
    /// `NotificationCenter.default.publisher(for: …)`.
    private func chainedCall(of node: WalkedNode, isCall: Bool) -> RawFunctionCallExprSyntax? {
        guard let value = isCall ? ancestor(0) : node, let parent = ancestor(isCall ? 1 : 0), let callNode = ancestor(isCall ? 2 : 1),
              let access = RawMemberAccessExprSyntax(parent.raw), value.isSameNode(as: access.base),
              let call = RawFunctionCallExprSyntax(callNode.raw), parent.isSameNode(as: call.calledExpression) else { return nil }
        return call
    }

    /// The members that name no member of the base: `x.self`, `T.init`, `T.Type`, `P.Protocol`.
    /// Told apart by length first: every member access asks, and comparing a `String` with a
    /// literal that differs went through the standard library's general comparison.
    private enum MemberKeyword {
        case none, selfOrInit, typeOrProtocol

        init(_ member: String) {
            switch member.utf8.count {
            case 4 where member == "self" || member == "init": self = .selfOrInit
            case 4 where member == "Type": self = .typeOrProtocol
            case 8 where member == "Protocol": self = .typeOrProtocol
            default: self = .none
            }
        }
    }

    private func noteUsedMember(_ member: String, owner: Int) {
        while memberNames.count <= owner { memberNames.append([]) }
        if memberNames[owner].last != member { memberNames[owner].append(member) }
    }

    /// By declaration index, the members its code names, sorted, each once (`SortedUniqueNames`).
    func usedMembers() -> [[String]] {
        memberNames.map(SortedUniqueNames.of)
    }

    /// The written type of `let x: T = <expression>` or `param: T = <expression>`, for the
    /// expression whose parent is the `index`-th ancestor.
    private func contextualType(ofExpressionWithParent index: Int) -> String? {
        guard ancestor(index)?.kind == .initializerClause, let holder = ancestor(index + 1) else { return nil }
        if let binding = RawPatternBindingSyntax(holder.raw), let type = binding.typeAnnotation?.type {
            return TypeSyntaxNames.name(of: type)
        }
        if let parameter = RawFunctionParameterSyntax(holder.raw) {
            return TypeSyntaxNames.name(of: parameter.type)
        }
        return nil
    }

    // MARK: - Initializer calls

    private func enterCall(_ node: WalkedNode) {
        // A property wrapper's arguments configure the wrapper's own storage
        // (`@AppStorage("key", store: UserDefaults(suiteName: group))`): SwiftUI reads it there.
        if referenceKindStack.last == .attribute { return }
        let call = RawFunctionCallExprSyntax(node.raw)!
        guard let typeName = instantiatedType(call, node) else { return }
        instantiations.append(InstantiationFact(
            typeName: typeName,
            argumentLabels: call.arguments.layoutView.children.compactMap { element in
                element.flatMap(RawLabeledExprSyntax.init).map { $0.label.map(TypeSyntaxNames.text) ?? "_" }
            },
            position: position(of: node),
            context: context))
    }

    private func instantiatedType(_ call: RawFunctionCallExprSyntax, _ node: WalkedNode) -> String? {
        if let member = call.calledExpression.as(RawMemberAccessExprSyntax.self), member.declName.baseName.tokenText == "init" {
            if let base = member.base { return TypeSyntaxNames.typePath(of: base) }
            let contextual = contextualType(ofExpressionWithParent: 0)
            if let contextual { recordReference(contextual, kind: .instantiation, at: node) }
            return contextual
        }
        return TypeSyntaxNames.typePath(of: call.calledExpression)
    }

    // MARK: - Where a type is written

    private func typeAnnotationKind() -> ReferenceKind {
        guard let binding = ancestor(0), binding.kind == .patternBinding, isMemberVariable(bindingAt: 0) else {
            return .typeAnnotation
        }
        return Self.isStoredBinding(RawPatternBindingSyntax(binding.raw)!) ? .storedProperty : .property
    }

    // MARK: - Type names

    private func enterIdentifierType(_ node: WalkedNode) {
        // The base of `A.B` is recorded as part of `A.B`.
        if let parent = ancestor(0), let member = RawMemberTypeSyntax(parent.raw), node.isSameNode(as: member.baseType) { return }
        let name = TypeSyntaxNames.unescaped(TypeSyntaxNames.text(RawIdentifierTypeSyntax(node.raw)!.name))
        if TypeSyntaxNames.isTypeLike(name) {
            recordReference(name, kind: referenceKindStack.last ?? .typeAnnotation, at: node)
        }
    }

    private func enterMemberType(_ node: WalkedNode) {
        if let parent = ancestor(0), let outer = RawMemberTypeSyntax(parent.raw), node.isSameNode(as: outer.baseType) { return }
        if let name = TypeSyntaxNames.name(of: RawTypeSyntax(node.raw)!), TypeSyntaxNames.isTypeLike(name) {
            recordReference(name, kind: referenceKindStack.last ?? .typeAnnotation, at: node)
        }
    }

    // MARK: - Names in expressions

    private func enterDeclReference(_ node: WalkedNode) {
        if let parent = ancestor(0), let access = RawMemberAccessExprSyntax(parent.raw), node.isSameNode(as: access.declName) { return }
        let baseName = RawDeclReferenceExprSyntax(node.raw)!.baseName
        guard baseName.tokenKind == .identifier else { return }
        let name = TypeSyntaxNames.unescaped(TypeSyntaxNames.text(baseName))
        guard TypeSyntaxNames.isTypeLike(name) else {
            recordReference(name, kind: .expression, at: node)
            return
        }
        // Follow `Outer.Inner.member` upwards while the components name types. `current` is the
        // node at the top of the path so far, `parent` the index of its parent among the ancestors.
        var current = node
        var parent = 0
        var path = name
        var kind: ReferenceKind?
        var staticMember: String?
        while let above = ancestor(parent), let access = RawMemberAccessExprSyntax(above.raw), current.isSameNode(as: access.base) {
            let member = TypeSyntaxNames.unescaped(TypeSyntaxNames.text(access.declName.baseName))
            if TypeSyntaxNames.isTypeLike(member) {
                path += "." + member
                current = above
                parent += 1
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
            if let above = ancestor(parent), let specialized = RawGenericSpecializationExprSyntax(above.raw),
               current.isSameNode(as: specialized.expression) {
                current = above
                parent += 1
            }
            if let above = ancestor(parent), let call = RawFunctionCallExprSyntax(above.raw), current.isSameNode(as: call.calledExpression) {
                kind = .instantiation
            }
        }
        recordReference(path, kind: kind ?? .expression, staticMember: staticMember, at: node)
    }
}

/// A struct, class, actor or enum declaration in the raw tree: what `FactExtractor` records of each.
protocol RawNominalTypeDeclaration {
    var name: RawTokenSyntax { get }
    var attributes: RawAttributeListSyntax { get }
    var modifiers: RawDeclModifierListSyntax { get }
    var inheritanceClause: RawInheritanceClauseSyntax? { get }
    var genericParameterClause: RawGenericParameterClauseSyntax? { get }
}

extension RawStructDeclSyntax: RawNominalTypeDeclaration {}
extension RawClassDeclSyntax: RawNominalTypeDeclaration {}
extension RawActorDeclSyntax: RawNominalTypeDeclaration {}
extension RawEnumDeclSyntax: RawNominalTypeDeclaration {}
