import SwiftSyntax

/// How one high-level type reads one concrete dependency, found from the findings' positions:
/// either a stored property holds it (`private let api = APIClient.shared`), and the type uses
/// that property's members, or code calls through it (`APIClient.shared.fetchUser(id:)`).
struct DependencyReads {
    /// The property that will hold the protocol: an existing one, or a new one to add.
    enum Holder {
        case existing(name: String, file: ParsedFile, variable: VariableDeclSyntax, binding: PatternBindingSyntax)
        case new(name: String)

        var name: String {
            switch self {
            case .existing(let name, _, _, _), .new(let name): name
            }
        }

        /// A `let`: a closure may capture its value instead of `self`.
        var isConstant: Bool {
            guard case .existing(_, _, let variable, _) = self else { return true }
            return variable.bindingSpecifier.tokenKind == .keyword(.let)
        }
    }

    var concrete: String
    /// What the composition root passes: `APIClient.shared`, `APIClient()`, `LiveUIApplication()`.
    var liveExpression: String
    var holder: Holder
    var members: Set<String>
    /// Per member, the argument labels of each call of it (`_` unlabelled, `{}` a trailing closure).
    var calls: [String: Set<[String]>]
    /// Properties the type assigns (`api.token = ...`): settable requirements, on a class-bound protocol.
    var setters: Set<String>
    /// Each call-through read becomes the holder property.
    var edits: [(file: ParsedFile, edit: TextEdit)]
    /// Every member use (`APIClient.shared.fetch`, `api.fetch`), with the declaration it is in:
    /// `--style closures` rewrites these instead of the reads.
    var useSites: [(file: ParsedFile, access: MemberAccessExprSyntax)] = []
    /// A local constant holds the dependency somewhere (`let client = APIClient.shared`).
    var hasLocalHolder = false
    /// Where a stored publisher becomes a computed property that reads the holder (`StoredPublisher`).
    var storedPublisher: Read?

    /// A read the finding points at: the node and the file it is in.
    struct Read {
        var file: ParsedFile
        var node: ExprSyntax
    }

    /// Classifies `reads` inside `owner` (its declaration and extensions). `bodies` are the owner's
    /// declarations, for finding the uses of an existing holder property.
    static func classify(
        concrete: String, liveExpression: String, reads: [Read], bodies: [(file: ParsedFile, node: DeclSyntax)], takenNames: Set<String>
    ) -> Result<DependencyReads, Refusal> {
        var holder: Holder?
        var uses = MemberUses()
        var edits: [(ParsedFile, TextEdit)] = []
        var chainReads: [(read: Read, owner: DeclSyntax)] = []
        var localReads: [(read: Read, owner: DeclSyntax)] = []
        for read in reads {
            guard let body = bodies.first(where: { $0.file === read.file && $0.node.position <= read.node.position && read.node.endPosition <= $0.node.endPosition }) else {
                return .failure(Refusal("\(read.file.location(of: read.node)) is outside the type's declarations"))
            }
            if let binding = storedPropertyBinding(holding: read.node, in: body.node) {
                if holder != nil {
                    return .failure(Refusal("\(read.file.location(of: read.node)): two properties hold \(liveExpression)"))
                }
                switch storedHolder(read, binding: binding, liveExpression: liveExpression) {
                case .failure(let refusal): return .failure(refusal)
                case .success(let found): holder = found
                }
                continue
            }
            // `let client = APIClient.shared` in a method: the local's member uses count, and the
            // read becomes the holder.
            if let local = localBinding(holding: read.node) {
                if let refusal = checkInstanceContext(read, owner: body.node, concrete: concrete, what: liveExpression) { return .failure(refusal) }
                if let refusal = localUses(of: local, in: read.file, into: &uses) { return .failure(refusal) }
                localReads.append((read, body.node))
                continue
            }
            guard let member = read.node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == read.node.id else {
                return .failure(Refusal("\(read.file.location(of: read.node)) uses \(liveExpression) as a value, not through its members"))
            }
            if let refusal = checkInstanceContext(read, owner: body.node, concrete: concrete, what: liveExpression) { return .failure(refusal) }
            uses.record(member, in: read.file)
            chainReads.append((read, body.node))
        }
        if case .existing(let name, _, _, _) = holder, let refusal = propertyUses(of: name, in: bodies, into: &uses) {
            return .failure(refusal)
        }
        let holderName = holder?.name ?? newHolderName(for: concrete, localReads: localReads, bodies: bodies, takenNames: takenNames)
        let stored = chainReads.compactMap { chain in
            StoredPublisher.binding(around: chain.read.node, concrete: concrete, owner: chain.owner).map { (chain.read, $0) }
        }
        edits += stored.flatMap { read, binding in StoredPublisher.edits(binding).map { (read.file, $0) } }
        // A class's escaping closure that names no `self` would keep the instance alive once it
        // read the holder through `self.` (a form item's handler stored in a property of the
        // controller): it captures the constant instead.
        let capturesHolder = bodies.contains { $0.node.is(ClassDeclSyntax.self) || $0.node.is(ActorDeclSyntax.self) }
            && holder.map(\.isConstant) ?? true
        edits += readsRewritten(chainReads + localReads, holderName: holderName, capturing: capturesHolder)
        if uses.members.isEmpty {
            return .failure(Refusal("the type holds \(liveExpression) but uses none of its members, so the protocol would be empty"))
        }
        return .success(DependencyReads(concrete: concrete, liveExpression: liveExpression, holder: holder ?? .new(name: holderName),
                                        members: uses.members, calls: uses.calls, setters: uses.setters, edits: edits, useSites: uses.sites,
                                        hasLocalHolder: !localReads.isEmpty, storedPublisher: stored.first?.0))
    }

    /// The stored property a read initialises (`let api = APIClient.shared`), as the holder.
    private static func storedHolder(_ read: Read, binding: PatternBindingSyntax, liveExpression: String) -> Result<Holder, Refusal> {
        guard let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
              variable.bindings.count == 1,
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
            return .failure(Refusal("\(read.file.location(of: read.node)): a property declaring several names holds \(liveExpression)"))
        }
        let modifiers = SyntaxQueries.modifiers(of: variable)
        if modifiers.contains("static") || modifiers.contains("class") || modifiers.contains("lazy") {
            return .failure(Refusal("\(read.file.location(of: read.node)): a \(modifiers.contains("lazy") ? "lazy" : "static") property holds \(liveExpression)"))
        }
        if let wrapper = SyntaxQueries.observationWrapper(of: variable) {
            return .failure(observedRefusal(read.file, variable, name: name, wrapper: wrapper))
        }
        return .success(.existing(name: name, file: read.file, variable: variable, binding: binding))
    }

    /// Each read of the live instance becomes the holder: through `self.` in closures, captured
    /// beside `self` in a `[weak self]` one, and, with `capturing`, captured by the outermost
    /// closure when that closure names no `self` (outside a `Task`, whose closure runs on the
    /// type's actor and ends). In an init, a closure reads the init's parameter of the same name:
    /// one that named `self` before every stored property is set would not compile.
    private static func readsRewritten(_ reads: [(read: Read, owner: DeclSyntax)], holderName: String, capturing: Bool) -> [(ParsedFile, TextEdit)] {
        var edits: [(ParsedFile, TextEdit)] = []
        var capturedIn = Set<Int>()
        for (read, owner) in reads {
            let closures = SyntaxQueries.enclosingClosures(read.node, owner: owner)
            var text = closures.isEmpty ? holderName : "self.\(holderName)"
            if !closures.isEmpty, isInInitializer(read.node, owner: owner) {
                text = holderName
            } else if let weak = closures.first(where: capturesSelfWeakly) {
                // In a `[weak self]` closure the dependency is captured beside self: `[weak self, api = self.api]`.
                if capturedIn.insert(weak.position.utf8Offset).inserted, let edit = captureEdit(holderName, in: weak) { edits.append((read.file, edit)) }
                text = holderName
            } else if capturing, let outer = closures.last, !namesSelf(outer), !isTaskBody(outer) {
                if capturedIn.insert(outer.position.utf8Offset).inserted, let edit = captureEdit(holderName, in: outer) { edits.append((read.file, edit)) }
                text = holderName
            }
            if text == holderName, let local = localBinding(holding: read.node), local.name == holderName,
               !usedInClosure(local), let removal = removal(of: local.item) {
                // `let audioSession = AVAudioSession.sharedInstance()` would become `let
                // audioSession = audioSession`: the property it names is the same value (but a
                // closure would need `self.` to read the property, so a local used there stays).
                edits.append((read.file, removal))
                continue
            }
            edits.append((read.file, TextEdit(start: read.node.positionAfterSkippingLeadingTrivia.utf8Offset,
                                              end: read.node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: text)))
        }
        return edits
    }

    /// Whether the statements after a local use its name inside a closure.
    private static func usedInClosure(_ local: (name: String, item: CodeBlockItemSyntax)) -> Bool {
        guard let list = local.item.parent?.as(CodeBlockItemListSyntax.self) else { return true }
        return list.filter { $0.position > local.item.position }.contains { item in
            item.tokens(viewMode: .sourceAccurate).contains { token in
                token.tokenKind == .identifier(local.name) && token.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }) != nil
            }
        }
    }

    /// The statement taken out with its line (a comment on the lines above stays), when it
    /// starts its line and ends it; and the blank line after it, when it opened its block.
    private static func removal(of item: CodeBlockItemSyntax) -> TextEdit? {
        let leading = Array(item.leadingTrivia.description.utf8)
        guard let lineBreak = leading.lastIndex(of: UInt8(ascii: "\n")),
              leading[(lineBreak + 1)...].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }),
              item.trailingTrivia.allSatisfy({ $0.isWhitespace }) else { return nil }
        var end = item.endPosition.utf8Offset
        if let list = item.parent?.as(CodeBlockItemListSyntax.self), list.first?.id == item.id,
           let next = list.dropFirst().first, next.leadingTrivia.pieces.first.map({ if case .newlines(let count) = $0 { count >= 2 } else { false } }) == true {
            end += 1
        }
        return TextEdit(start: item.position.utf8Offset + lineBreak, end: end, replacement: "")
    }

    /// Inside a designated initializer of the owner (not one of a nested type or a closure's local
    /// type): the init the dependency's parameter is added to. A delegating init has none.
    private static func isInInitializer(_ node: some SyntaxProtocol, owner: DeclSyntax) -> Bool {
        var current = node.parent
        while let syntax = current, syntax.id != owner.id {
            if let initializer = syntax.as(InitializerDeclSyntax.self) {
                return !initializer.tokens(viewMode: .sourceAccurate).contains { token in
                    guard token.tokenKind == .keyword(.`init`), let dot = token.previousToken(viewMode: .sourceAccurate),
                          dot.tokenKind == .period else { return false }
                    return dot.previousToken(viewMode: .sourceAccurate)?.tokenKind == .keyword(.self)
                }
            }
            if syntax.isProtocol(DeclGroupSyntax.self) || syntax.is(FunctionDeclSyntax.self) { return false }
            current = syntax.parent
        }
        return false
    }

    /// `holder = self.holder` added to the closure's capture list, or a capture list given to it.
    private static func captureEdit(_ holderName: String, in closure: ClosureExprSyntax) -> TextEdit? {
        let item = "\(holderName) = self.\(holderName)"
        if let items = closure.signature?.capture?.items, let last = items.last {
            return .insert(", \(item)", at: last.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        if let signature = closure.signature {
            // After its attributes (`{ @MainActor [api = self.api] in`), before its parameters.
            let next = signature.parameterClause.map { Syntax($0) } ?? signature.effectSpecifiers.map { Syntax($0) }
                ?? signature.returnClause.map { Syntax($0) } ?? Syntax(signature.inKeyword)
            return CaptureListEdit.insert(item, at: next.positionAfterSkippingLeadingTrivia.utf8Offset, addsIn: false)
        }
        return CaptureListEdit.insert(item, at: closure.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset, addsIn: true)
    }

    private static func namesSelf(_ closure: ClosureExprSyntax) -> Bool {
        closure.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.self) }
    }

    /// The closure a `Task { … }` or `Task.detached { … }` runs.
    private static func isTaskBody(_ closure: ClosureExprSyntax) -> Bool {
        guard let call = SyntaxQueries.call(taking: closure) else { return false }
        let callee = call.calledExpression.trimmedDescription
        return callee == "Task" || callee.hasPrefix("Task.") || callee.hasPrefix("Task<")
    }

    /// `@ObservedObject var settings = Settings.shared`: the view observes the concrete object.
    static func observedRefusal(_ file: ParsedFile, _ variable: VariableDeclSyntax, name: String, wrapper: String) -> Refusal {
        Refusal("\(file.location(of: variable)): @\(wrapper) \(name) observes the concrete object, and a protocol's existential cannot be observed; make the type generic over it or read it from the environment by hand")
    }

    /// `catalog`, else `catalogProvider` (it holds an `any CatalogProviding`), else numbered.
    private static func uniqueName(_ base: String, avoiding taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        if !taken.contains(base + "Provider") { return base + "Provider" }
        var index = 2
        while taken.contains("\(base)\(index)") { index += 1 }
        return "\(base)\(index)"
    }

    /// The binding when the read is a stored property's whole initial value.
    private static func storedPropertyBinding(holding node: ExprSyntax, in owner: DeclSyntax) -> PatternBindingSyntax? {
        guard let initializer = node.parent?.as(InitializerClauseSyntax.self),
              let binding = initializer.parent?.as(PatternBindingSyntax.self),
              binding.accessorBlock == nil,
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self),
              let item = variable.parent?.as(MemberBlockItemSyntax.self),
              item.parent?.parent?.parent?.id == owner.id else { return nil }
        return binding
    }

    /// A local of the same name would shadow the new property where a read is rewritten; a local
    /// that holds the live instance is rewritten to read the property, which it may shadow.
    private static func newHolderName(for concrete: String, localReads: [(read: Read, owner: DeclSyntax)],
                                      bodies: [(file: ParsedFile, node: DeclSyntax)], takenNames: Set<String>) -> String {
        let localHolders = Set(localReads.compactMap { localBinding(holding: $0.read.node)?.name })
        let declared = LocalNames.declared(in: bodies.map(\.node)).subtracting(localHolders)
        return uniqueName(ProtocolNaming.propertyName(for: concrete), avoiding: takenNames.union(declared))
    }

    /// A read in a stored property's initial value is refused, but for a stored publisher, which
    /// becomes a computed property (`StoredPublisher`).
    private static func checkInstanceContext(_ read: Read, owner: DeclSyntax, concrete: String, what: String) -> Refusal? {
        if SyntaxQueries.isInStaticContext(read.node, owner: owner) {
            return Refusal("\(read.file.location(of: read.node)) reads \(what) in a static member or a nested type, which has no instance to hold it")
        }
        if SyntaxQueries.enclosingPropertyInitializer(read.node, owner: owner) != nil,
           StoredPublisher.binding(around: read.node, concrete: concrete, owner: owner) == nil {
            return Refusal("\(read.file.location(of: read.node)) reads \(what) in a stored property's initial value, where instance members are not available")
        }
        if SyntaxQueries.enclosingClosures(read.node, owner: owner).filter(capturesSelfWeakly).count > 1 {
            return Refusal("\(read.file.location(of: read.node)) reads \(what) in closures nested inside each other that each capture self weakly")
        }
        return nil
    }

    private static func capturesSelfWeakly(_ closure: ClosureExprSyntax) -> Bool {
        closure.signature?.capture?.items.contains { $0.trimmedDescription.hasPrefix("weak self") } ?? false
    }

    /// The local constant a read initialises (`let client = APIClient.shared` in a code block).
    private static func localBinding(holding node: ExprSyntax) -> (name: String, item: CodeBlockItemSyntax)? {
        // Without a written type: `let c: APIClient = .shared` would not take the protocol.
        guard let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
              binding.typeAnnotation == nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let",
              variable.bindings.count == 1, let item = variable.parent?.as(CodeBlockItemSyntax.self) else { return nil }
        return (name, item)
    }

    /// The members read through a local constant in the statements after it.
    private static func localUses(of local: (name: String, item: CodeBlockItemSyntax), in file: ParsedFile, into uses: inout MemberUses) -> Refusal? {
        guard let list = local.item.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        for item in list where item.position > local.item.position {
            let finder = NameUseFinder(name: local.name)
            finder.walk(item)
            for reference in finder.found {
                guard let use = reference.parent?.as(MemberAccessExprSyntax.self), use.base?.id == reference.id else {
                    return Refusal("\(file.location(of: reference)) passes \(local.name) on as a value, not through its members")
                }
                uses.record(use, in: file)
            }
        }
        return nil
    }

    /// `x.member = value`, `x.member += 1`.
    static func isAssigned(_ member: MemberAccessExprSyntax) -> Bool {
        guard let sequence = member.parent?.parent?.as(SequenceExprSyntax.self),
              member.parent?.as(ExprListSyntax.self)?.first?.id == member.id else { return false }
        let elements = Array(sequence.elements)
        guard elements.count >= 2 else { return false }
        if elements[1].is(AssignmentExprSyntax.self) { return true }
        if let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op.hasSuffix("="), !["==", "!=", "<=", ">=", "==="].contains(op) {
            return true
        }
        return false
    }

    /// `init(client: APIClient = .shared) { self.api = client }`: the property the parameter
    /// initialises holds the dependency; the members used through it, and through the parameter
    /// inside the init, are the protocol's. `assigned` is the parameter's reference on the
    /// right of `self.api = client`; without one (a `.new` holder) the init alone uses it.
    static func injected(
        concrete: String, liveExpression: String, holder: Holder, parameter: String, initializer: InitializerDeclSyntax,
        initFile: ParsedFile, assigned: SyntaxIdentifier?, bodies: [(file: ParsedFile, node: DeclSyntax)]
    ) -> Result<DependencyReads, Refusal> {
        var uses = MemberUses()
        if case .existing = holder, let refusal = propertyUses(of: holder.name, in: bodies, into: &uses, skipping: Set([assigned].compactMap { $0 })) {
            return .failure(refusal)
        }
        if parameter != holder.name || assigned == nil, let body = initializer.body {
            let finder = NameUseFinder(name: parameter)
            finder.walk(body)
            for reference in finder.found where reference.id != assigned {
                guard let use = reference.parent?.as(MemberAccessExprSyntax.self), use.base?.id == reference.id else {
                    return .failure(Refusal("\(initFile.location(of: reference)) uses the parameter \(parameter) as a value, not through its members"))
                }
                uses.record(use, in: initFile)
            }
        }
        if uses.members.isEmpty {
            return .failure(Refusal("the type holds \(liveExpression) but uses none of its members, so the protocol would be empty"))
        }
        return .success(DependencyReads(concrete: concrete, liveExpression: liveExpression, holder: holder, members: uses.members,
                                        calls: uses.calls, setters: uses.setters, edits: [], useSites: uses.sites))
    }

    /// Members read through an existing holder property (`api.fetchUser`, `self.api.fetchUser`).
    private static func propertyUses(of name: String, in bodies: [(file: ParsedFile, node: DeclSyntax)], into uses: inout MemberUses,
                                     skipping skipped: Set<SyntaxIdentifier> = []) -> Refusal? {
        for (file, body) in bodies {
            // A wrapper's projection (`$store.items`, a binding) has no counterpart on a protocol
            // or in the environment, where the property goes.
            let projection = NameUseFinder(name: "$" + name)
            projection.walk(body)
            if let use = projection.found.first {
                return Refusal("\(file.location(of: use)) uses $\(name), the projection of its property wrapper, which the injected protocol has no counterpart of")
            }
            let finder = NameUseFinder(name: name)
            finder.walk(body)
            for reference in finder.found where !skipped.contains(reference.id) {
                // `self.api` is the property too.
                var expression = ExprSyntax(reference)
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                    guard member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { continue }
                    expression = ExprSyntax(member)
                }
                if let binding = reference.parent?.as(PatternBindingSyntax.self), binding.pattern.id == reference.id { continue }
                guard let use = expression.parent?.as(MemberAccessExprSyntax.self), use.base?.id == expression.id else {
                    if isInitializing(expression) { continue }
                    return Refusal("\(file.location(of: reference)) uses the property \(name) as a value, not through its members")
                }
                uses.record(use, in: file)
            }
        }
        return nil
    }

    /// `self.api = api` inside an init.
    private static func isInitializing(_ expression: ExprSyntax) -> Bool {
        guard let list = expression.parent?.as(ExprListSyntax.self), list.first?.id == expression.id,
              let sequence = list.parent?.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        return elements.count == 3 && elements[1].is(AssignmentExprSyntax.self)
    }
}

/// Every `DeclReferenceExpr` spelling one name.
private final class NameUseFinder: SyntaxVisitor {
    let name: String
    var found: [DeclReferenceExprSyntax] = []

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if node.baseName.text == name, node.argumentNames == nil { found.append(node) }
        return .visitChildren
    }
}

/// What a type does with a dependency's members: which it reads, how it calls each (argument
/// labels, `_` unlabelled, `{}` a trailing closure), which it assigns, and where.
struct MemberUses {
    var members = Set<String>()
    var calls: [String: Set<[String]>] = [:]
    var setters = Set<String>()
    var sites: [(file: ParsedFile, access: MemberAccessExprSyntax)] = []

    mutating func record(_ use: MemberAccessExprSyntax, in file: ParsedFile) {
        let member = use.declName.baseName.text
        members.insert(member)
        if DependencyReads.isAssigned(use) { setters.insert(member) }
        if let call = use.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id {
            var labels = call.arguments.map { $0.label?.text ?? "_" }
            if call.trailingClosure != nil { labels.append("{}") }
            labels += call.additionalTrailingClosures.map { _ in "{}" }
            calls[member, default: []].insert(labels)
        }
        sites.append((file, use))
    }
}
