import SwiftSyntax

/// The edits that make a high-level type take its dependencies through `init`: each holder
/// property typed as the protocol (or added), each designated init taking it first (or a new
/// init), and where call sites must put the new argument.
struct OwnerRewrite {
    var edits: [(file: ParsedFile, edit: TextEdit)] = []
    /// Call sites insert the arguments before the first argument with one of these labels, or
    /// after the last argument when none has one; nil inserts first.
    var laterLabels: Set<String>?
    /// For a memberwise init, the holders in the order it takes them: the new ones, declared
    /// before the existing ones, then those in the order they are declared (Enchanted's
    /// `Settings` takes `ollamaService` before its `languageModelStore`).
    var memberwiseOrder: [String]?

    /// What the type's declaration looks like to the rewrite.
    struct Owner {
        var name: String
        var file: ParsedFile
        var node: DeclSyntax
        /// Its extensions, for inits declared there.
        var extensions: [(file: ParsedFile, node: DeclSyntax)]
        /// When the first inherited name is a scanned class, or a platform class.
        var superclass: String?
        /// A new init is public when other modules construct the type.
        var newInitIsPublic: Bool
        /// Code in other files passes the new arguments (composition roots, previews, tests).
        var passedFromOtherFiles = false
        /// For a subclass of a scanned class: the init it inherits, or why it cannot declare it again.
        var inheritedInit: Result<InheritedInit, Refusal>?
    }

    static func make(owner: Owner, dependencies: [InjectedDependency], defaults: Bool) -> Result<OwnerRewrite, Refusal> {
        guard let block = SyntaxQueries.memberBlock(of: owner.node), !owner.node.is(EnumDeclSyntax.self) else {
            return .failure(Refusal("\(owner.name) is an enum: it has no instance to hold a dependency"))
        }
        let inits = block.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        if let refusal = refusal(owner: owner, inits: inits, dependencies: dependencies, defaults: defaults) { return .failure(refusal) }
        let memberwise = owner.node.is(StructDeclSyntax.self) && inits.isEmpty
        let file = owner.file
        let memberIndent = block.members.first.map { file.indentation(at: $0.positionAfterSkippingLeadingTrivia) }
            ?? file.indentation(at: owner.node.positionAfterSkippingLeadingTrivia) + file.indentUnit

        var rewrite = OwnerRewrite()
        var topInsertion = ""
        // Beside a holder already declared, a memberwise init's new ones go just before it, so a
        // call passes them all at one place.
        let firstHolder = memberwise ? firstExistingHolder(dependencies) : nil
        for dependency in dependencies {
            if let property = holdDependency(dependency, memberwise: memberwise, defaults: defaults, ownerPath: owner.file.path, into: &rewrite) {
                if let firstHolder {
                    rewrite.edits.append((file, .insert(property + "\n" + file.indentation(at: firstHolder.positionAfterSkippingLeadingTrivia),
                                                        at: firstHolder.positionAfterSkippingLeadingTrivia.utf8Offset)))
                } else {
                    topInsertion += "\n\(memberIndent)\(property)"
                }
            }
        }

        if memberwise {
            rewrite.laterLabels = memberwiseLabels(after: dependencies, in: block)
            rewrite.memberwiseOrder = memberwiseOrder(of: dependencies)
        } else if inits.isEmpty {
            let initText = newInit(owner: owner, dependencies: dependencies, defaults: defaults, indent: memberIndent)
            if let lastIndex = block.members.lastIndex(where: { isStoredProperty($0.decl) }),
               block.members[lastIndex].positionAfterSkippingLeadingTrivia.utf8Offset > block.leftBrace.endPosition.utf8Offset {
                // A blank line between the new init and a member after it, as above.
                let next = block.members.index(after: lastIndex)
                let separated = next == block.members.endIndex || startsWithBlankLine(block.members[next].leadingTrivia)
                rewrite.edits.append((file, .insert(initText + (separated ? "" : "\n"),
                                                    at: block.members[lastIndex].endPositionBeforeTrailingTrivia.utf8Offset)))
            } else {
                // A blank line between the new init and the member after it.
                topInsertion += initText + (block.members.isEmpty ? "" : "\n")
            }
        } else {
            rewrite.edits += inits.filter { !neverReturns($0) }.flatMap { initializer in
                injectParameters(into: initializer, file: file, dependencies: dependencies, defaults: defaults)
                    + droppingOverride(of: initializer, in: file)
            }
        }
        // New properties above an init or a method are set apart from it by a blank line, unless
        // one is there already (or a new init, which brings its own, came last).
        if !topInsertion.isEmpty, !topInsertion.hasSuffix("\n"), let first = block.members.first, !isStoredProperty(first.decl),
           !startsWithBlankLine(first.leadingTrivia) {
            topInsertion += "\n"
        }
        if !topInsertion.isEmpty {
            rewrite.edits.append((file, .insert(topInsertion, at: block.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset)))
        }
        return .success(rewrite)
    }

    /// The stored property that holds a dependency: an existing one takes the protocol's type
    /// (and, for a memberwise init, loses `private`); a new one is returned to be inserted.
    /// Where high-level code builds the type through its memberwise init without passing the
    /// dependency, the property is a `var` whose initial value is the container's member: a
    /// memberwise init takes a default from that, and from nothing else.
    private static func holdDependency(_ dependency: InjectedDependency, memberwise: Bool, defaults: Bool, ownerPath: String,
                                       into rewrite: inout OwnerRewrite) -> String? {
        let initialValue = memberwise && defaults ? " = \(dependency.defaultValue)" : ""
        switch dependency.reads.holder {
        case .existing(_, let holderFile, let variable, let binding):
            // A memberwise init is only as visible as the properties it takes.
            if memberwise { rewrite.edits += droppingPrivate(of: variable).map { (holderFile, $0) } }
            // A `let` with an initial value is no parameter of the memberwise init.
            if !initialValue.isEmpty, variable.bindingSpecifier.tokenKind == .keyword(.let) {
                rewrite.edits.append((holderFile, TextEdit(start: variable.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset,
                                                           end: variable.bindingSpecifier.endPositionBeforeTrailingTrivia.utf8Offset, replacement: "var")))
            }
            rewrite.edits.append((holderFile, TextEdit(start: binding.pattern.endPositionBeforeTrailingTrivia.utf8Offset,
                                                       end: binding.endPositionBeforeTrailingTrivia.utf8Offset,
                                                       replacement: ": \(dependency.existential)\(initialValue)")))
            return nil
        case .new(let name):
            // An extension in another file that reads it could not see a `private` one.
            let readElsewhere = dependency.reads.edits.contains { $0.file.path != ownerPath }
            return "\(memberwise || readElsewhere ? "" : "private ")\(initialValue.isEmpty ? "let" : "var") \(name): \(dependency.existential)\(initialValue)"
        }
    }

    /// The edits that take `private` and `fileprivate` off a property: a memberwise init is only
    /// as visible as the properties it takes.
    static func droppingPrivate(of variable: VariableDeclSyntax) -> [TextEdit] {
        variable.modifiers.filter { ["private", "fileprivate"].contains($0.name.text) }.map { modifier in
            TextEdit(start: modifier.positionAfterSkippingLeadingTrivia.utf8Offset, end: modifier.endPosition.utf8Offset, replacement: "")
        }
    }

    /// With the new parameter an init no longer overrides the superclass's.
    private static func droppingOverride(of initializer: InitializerDeclSyntax, in file: ParsedFile) -> [(ParsedFile, TextEdit)] {
        guard let override = initializer.modifiers.first(where: { $0.name.text == "override" }) else { return [] }
        return [(file, TextEdit(start: override.positionAfterSkippingLeadingTrivia.utf8Offset, end: override.endPosition.utf8Offset, replacement: ""))]
    }

    /// Shapes whose new parameter would have to reach code `fix` does not rewrite.
    private static func refusal(owner: Owner, inits: [InitializerDeclSyntax], dependencies: [InjectedDependency], defaults: Bool) -> Refusal? {
        for (file, node) in owner.extensions {
            if let initializer = SyntaxQueries.memberBlock(of: node)?.members.first(where: { $0.decl.is(InitializerDeclSyntax.self) }) {
                return Refusal("\(file.location(of: initializer)): an init in an extension of \(owner.name) would need the dependency too")
            }
        }
        // An init under `#if` (Kiwix's `NavigationViewModel.init()`, iOS only) is not one fix
        // rewrites: a new init beside it would leave it setting none of the new properties.
        if let conditional = conditionalInit(of: owner.node) {
            return Refusal("\(owner.file.location(of: conditional)): an init under #if would need the dependency too; give \(owner.name) one init outside it")
        }
        if let convenience = inits.first(where: { SyntaxQueries.modifiers(of: $0).contains("convenience") || delegates($0) }) {
            return Refusal("\(owner.file.location(of: convenience)): an init that delegates to another would need the dependency too")
        }
        // `required init?(coder:)` is called by NSCoding and storyboards, which pass no dependency;
        // one that only traps (`fatalError(…)`) needs none.
        if !inits.isEmpty, inits.allSatisfy(neverReturns) {
            return Refusal("\(owner.file.location(of: inits[0])): every init of \(owner.name) traps, so none can take the dependency")
        }
        if let required = inits.first(where: { SyntaxQueries.modifiers(of: $0).contains("required") && !neverReturns($0) }) {
            return Refusal("\(owner.file.location(of: required)): a required init (called by NSCoding, storyboards or a protocol) cannot be given the dependency")
        }
        var parameterNames = Set(inits.flatMap { $0.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text } })
        if inits.isEmpty, case .success(let inherited)? = owner.inheritedInit { parameterNames.formUnion(inherited.names) }
        if let clash = dependencies.first(where: { parameterNames.contains($0.parameterName) }) {
            return Refusal("an init of \(owner.name) already has a parameter named \(clash.parameterName)")
        }
        let isStruct = owner.node.is(StructDeclSyntax.self)
        if isStruct, inits.isEmpty, owner.passedFromOtherFiles,
           let hidden = privateMemberwiseParameter(in: owner.node, holders: Set(dependencies.map(\.parameterName))) {
            return Refusal("\(owner.file.location(of: hidden)): a private stored property makes \(owner.name)'s memberwise init private to its file, and code in other files would pass it the dependency; give \(owner.name) an init, then run fix again")
        }
        if !isStruct, inits.isEmpty, let superclass = owner.superclass, superclass != "NSObject" {
            switch owner.inheritedInit {
            case .success?: break
            case .failure(let refusal)?: return refusal
            case nil: return Refusal("\(owner.name) subclasses \(superclass) and has no init of its own; write one, then run fix again")
            }
        }
        return nil
    }

    /// `init(api: any APIFetching) { self.api = api }`, its parameters on their own lines when long;
    /// a subclass's also takes the parameters of the init it inherited and passes them on.
    private static func newInit(owner: Owner, dependencies: [InjectedDependency], defaults: Bool, indent: String) -> String {
        let unit = owner.file.indentUnit
        let inherited = owner.inheritedInit.flatMap { try? $0.get() }
        let parameters = dependencies.map { "\($0.parameterName): \($0.existential)\(defaults ? " = \($0.defaultValue)" : "")" }
            + (inherited?.parameters ?? [])
        var body = dependencies.map { "\n\(indent)\(unit)self.\($0.parameterName) = \($0.parameterName)" }.joined()
        if let inherited {
            body += "\n\(indent)\(unit)\(inherited.callPrefix)super.init(\(inherited.arguments.joined(separator: ", ")))"
        } else if owner.superclass == "NSObject" {
            body += "\n\(indent)\(unit)super.init()"
        }
        let access = owner.newInitIsPublic ? "public " : ""
        let effects = inherited?.effects ?? ""
        let oneLine = "\(indent)\(access)init(\(parameters.joined(separator: ", ")))\(effects) {"
        let signature = oneLine.count <= 120 ? oneLine
            : "\(indent)\(access)init(\n" + parameters.map { "\(indent)\(unit)\($0)" }.joined(separator: ",\n") + "\n\(indent))\(effects) {"
        return "\n\n\(signature)\(body)\n\(indent)}"
    }


    /// Whether trivia holds a blank line before its first comment.
    static func startsWithBlankLine(_ trivia: Trivia) -> Bool {
        var newlines = 0
        for piece in trivia {
            switch piece {
            case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count): newlines += count
            case .spaces, .tabs: continue
            default: return false
            }
            if newlines >= 2 { return true }
        }
        return false
    }

    /// The first init declared inside an `#if` of the type's body, at any depth of `#if`.
    private static func conditionalInit(of node: DeclSyntax) -> InitializerDeclSyntax? {
        SyntaxQueries.memberBlock(of: node)?.members.lazy.compactMap { $0.decl.as(IfConfigDeclSyntax.self) }
            .compactMap { conditional in
                conditional.tokens(viewMode: .sourceAccurate).lazy.compactMap { token -> InitializerDeclSyntax? in
                    // The type's own init: a member of a clause, not of a type nested in one.
                    guard token.tokenKind == .keyword(.`init`), let initializer = token.parent?.as(InitializerDeclSyntax.self),
                          initializer.parent?.parent?.parent?.is(IfConfigClauseSyntax.self) == true else { return nil }
                    return initializer
                }.first
            }.first
    }

    /// An init whose body only traps (`fatalError("init(coder:) has not been implemented")`):
    /// it initialises nothing, so it needs no parameter.
    static func neverReturns(_ initializer: InitializerDeclSyntax) -> Bool {
        guard let statements = initializer.body?.statements, statements.count == 1,
              let call = statements.first?.item.as(FunctionCallExprSyntax.self) else { return false }
        return ["fatalError", "preconditionFailure"].contains(call.calledExpression.trimmedDescription)
    }

    static func delegates(_ initializer: InitializerDeclSyntax) -> Bool {
        guard let body = initializer.body else { return false }
        return body.statements.contains { item in
            let text = item.trimmedDescription
            return text.hasPrefix("self.init(") || text.hasPrefix("self.init ")
        }
    }

    static func isStoredProperty(_ declaration: DeclSyntax) -> Bool {
        guard let variable = declaration.as(VariableDeclSyntax.self) else { return false }
        let modifiers = SyntaxQueries.modifiers(of: variable)
        guard !modifiers.contains("static"), !modifiers.contains("class") else { return false }
        return variable.bindings.allSatisfy { binding in
            guard let accessors = binding.accessorBlock?.accessors else { return true }
            // `willSet`/`didSet` observe a stored property.
            guard let list = accessors.as(AccessorDeclListSyntax.self) else { return false }
            return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }

    /// The declaration of the first holder already declared, by position.
    private static func firstExistingHolder(_ dependencies: [InjectedDependency]) -> VariableDeclSyntax? {
        dependencies.compactMap { dependency -> VariableDeclSyntax? in
            guard case .existing(_, _, let variable, _) = dependency.reads.holder else { return nil }
            return variable
        }.min { $0.positionAfterSkippingLeadingTrivia < $1.positionAfterSkippingLeadingTrivia }
    }

    private static func memberwiseOrder(of dependencies: [InjectedDependency]) -> [String] {
        let new = dependencies.filter { if case .new = $0.reads.holder { true } else { false } }.map(\.parameterName)
        let existing = dependencies.compactMap { dependency -> (Int, String)? in
            guard case .existing(_, _, _, let binding) = dependency.reads.holder else { return nil }
            return (binding.positionAfterSkippingLeadingTrivia.utf8Offset, dependency.parameterName)
        }
        return new + existing.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// A stored property the memberwise init takes that is `private` or `fileprivate` and not a
    /// holder (which loses it): a `var`, or a `let` without a value. It makes the init as private
    /// (a property wrapper's is not: `@State private var` leaves the init internal).
    private static func privateMemberwiseParameter(in node: DeclSyntax, holders: Set<String>) -> VariableDeclSyntax? {
        SyntaxQueries.memberBlock(of: node)?.members.lazy.compactMap { $0.decl.as(VariableDeclSyntax.self) }.first { variable in
            guard isStoredProperty(DeclSyntax(variable)), variable.attributes.isEmpty,
                  !Set(SyntaxQueries.modifiers(of: variable)).isDisjoint(with: ["private", "fileprivate"]) else { return false }
            return variable.bindings.contains { binding in
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? ""
                return !holders.contains(name) && (variable.bindingSpecifier.tokenKind == .keyword(.var) || binding.initializer == nil)
            }
        }
    }

    /// The memberwise init's labels declared after the first holder: a call's new argument goes
    /// before the first of them it passes.
    private static func memberwiseLabels(after dependencies: [InjectedDependency], in block: MemberBlockSyntax) -> Set<String> {
        var labels: [String] = []
        for item in block.members where isStoredProperty(item.decl) {
            guard let variable = item.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { labels.append(name) }
            }
        }
        let holders = Set(dependencies.map(\.parameterName))
        // New holders are declared first, or just before the first existing one, where the
        // arguments go then.
        guard let first = labels.firstIndex(where: holders.contains) else { return Set(labels).subtracting(holders) }
        return Set(labels[(first + 1)...]).subtracting(holders)
    }

    /// A one-line parameter list that the new parameters would take past 120 columns, rewritten one
    /// parameter per line (as `newInit` writes long ones); nil when it stays short, or holds a
    /// comment that rewriting would lose.
    private static func wrappedClause(_ clause: FunctionParameterClauseSyntax, adding parameters: [String],
                                      initializer: InitializerDeclSyntax, file: ParsedFile) -> TextEdit? {
        let added = parameters.reduce(0) { $0 + $1.count + 2 }
        let end = file.converter.location(for: clause.rightParen.endPositionBeforeTrailingTrivia).column
        let effects = initializer.signature.effectSpecifiers.map { $0.trimmedDescription.count + 1 } ?? 0
        guard end + added + effects + 2 > 120,
              !clause.description.contains("//"), !clause.description.contains("/*") else { return nil }
        let indent = file.indentation(at: initializer.positionAfterSkippingLeadingTrivia)
        let all = parameters + clause.parameters.map { $0.with(\.trailingComma, nil).trimmedDescription }
        let text = "(\n" + all.map { "\(indent)\(file.indentUnit)\($0)" }.joined(separator: ",\n") + "\n\(indent))"
        return TextEdit(start: clause.leftParen.positionAfterSkippingLeadingTrivia.utf8Offset,
                        end: clause.rightParen.endPositionBeforeTrailingTrivia.utf8Offset, replacement: text)
    }

    private static func injectParameters(into initializer: InitializerDeclSyntax, file: ParsedFile, dependencies: [InjectedDependency],
                                         defaults: Bool) -> [(file: ParsedFile, edit: TextEdit)] {
        inserting(parameters: dependencies.map { "\($0.parameterName): \($0.existential)\(defaults ? " = \($0.defaultValue)" : "")" },
                  assignments: dependencies.map { "self.\($0.parameterName) = \($0.parameterName)" }, into: initializer, file: file)
    }

    /// `parameters` first in the init's list, and `assignments` first in its body.
    static func inserting(parameters: [String], assignments: [String], into initializer: InitializerDeclSyntax,
                          file: ParsedFile) -> [(file: ParsedFile, edit: TextEdit)] {
        var edits: [(ParsedFile, TextEdit)] = []
        let clause = initializer.signature.parameterClause
        if let first = clause.parameters.first {
            if first.leadingTrivia.contains(where: \.isNewline) {
                let indent = file.indentation(at: first.positionAfterSkippingLeadingTrivia)
                edits.append((file, .insert(parameters.map { "\n\(indent)\($0)," }.joined(), at: first.position.utf8Offset)))
            } else if let wrapped = wrappedClause(clause, adding: parameters, initializer: initializer, file: file) {
                edits.append((file, wrapped))
            } else {
                edits.append((file, .insert(parameters.map { "\($0), " }.joined(), at: first.positionAfterSkippingLeadingTrivia.utf8Offset)))
            }
        } else if let wrapped = wrappedClause(clause, adding: parameters, initializer: initializer, file: file) {
            edits.append((file, wrapped))
        } else {
            edits.append((file, .insert(parameters.joined(separator: ", "), at: clause.leftParen.endPositionBeforeTrailingTrivia.utf8Offset)))
        }
        guard let body = initializer.body else { return edits }
        let initIndent = file.indentation(at: initializer.positionAfterSkippingLeadingTrivia)
        if let first = body.statements.first, !first.leadingTrivia.contains(where: \.isNewline) {
            edits.append((file, .insert(assignments.map { "\($0); " }.joined(), at: first.positionAfterSkippingLeadingTrivia.utf8Offset)))
        } else {
            let indent = body.statements.first.map { file.indentation(at: $0.positionAfterSkippingLeadingTrivia) } ?? initIndent + file.indentUnit
            var text = assignments.map { "\n\(indent)\($0)" }.joined()
            if body.statements.isEmpty, !body.rightBrace.leadingTrivia.contains(where: \.isNewline) { text += "\n\(initIndent)" }
            edits.append((file, .insert(text, at: body.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset)))
        }
        return edits
    }
}
