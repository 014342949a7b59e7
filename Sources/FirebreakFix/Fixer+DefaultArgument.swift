import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// `concrete-default-argument` (`init(client: APIClient = .shared)`): the default moves to the
/// call sites that rely on it, which must be composition roots, previews, tests or other code
/// outside the high-level layer. A parameter typed as the concrete type takes a protocol of the
/// members the type uses through it, as a singleton read does; one typed as a protocol already
/// only loses its default. The same in every `--style`: the type already takes it through `init`.
extension Fixer {
    /// One init parameter whose default the findings name.
    struct DefaultedParameter {
        var file: ParsedFile
        var initializer: InitializerDeclSyntax
        var parameter: FunctionParameterSyntax
        var concrete: String
        /// What the call sites pass instead: `APIClient.shared` for `.shared`.
        var live: String
        var label: String
        /// For a platform type, the `Live…` adapter that now stands for it: what a call site
        /// passing its own instance wraps it in.
        var adapter: String?
        var name: String
    }

    /// Call sites that leave out some defaulted parameters: outside the high-level layer (they
    /// get the live values), and in high-level code (they keep a default, from a container).
    struct DefaultArgumentSites {
        var explicit: [(site: CallSite, missing: [DefaultedParameter])] = []
        var highLevel: [(site: CallSite, role: RoleAssignment, missing: [DefaultedParameter])] = []
        var crossModule = false

        /// The sites again with the parameters as planning left them (a `Live…` adapter to pass).
        func updated(_ parameters: [DefaultedParameter]) -> DefaultArgumentSites {
            let current = Dictionary(parameters.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
            var sites = self
            sites.explicit = explicit.map { ($0.site, $0.missing.map { current[$0.label] ?? $0 }) }
            sites.highLevel = highLevel.map { ($0.site, $0.role, $0.missing.map { current[$0.label] ?? $0 }) }
            return sites
        }
    }

    /// What the fix writes so far: edits, protocols, moves, notes, and for each parameter the
    /// edit that ends at its type (where a container default goes) and the container's member.
    struct DefaultArgumentEdits {
        var edits: [(path: String, edit: TextEdit)] = []
        var firewalls: [FirewallProtocol] = []
        var moves: [TypeMove] = []
        var notes: [String] = []
        var liveImports: [String: LiveImport] = [:]
        var typeEdits: [Int] = []
        var containerMembers: [ContainerMember] = []
        var typeChanged = false
    }

    func fixDefaultArguments(owner: String, findings: [Finding], protocols allProtocols: [String: FirewallProtocol]) -> Result<OwnerFix, Refusal> {
        let context: OwnerContext
        var parameters: [DefaultedParameter]
        let calls: InitCalls
        var sites: DefaultArgumentSites
        switch ownerContext(owner).flatMap({ context in
            defaultedParameters(findings, owner: context).flatMap { parameters in
                defaultArgumentCalls(context, parameters: parameters).flatMap { calls in
                    defaultArgumentSites(calls, parameters: parameters, owner: context).map { (context, parameters, calls, $0) }
                }
            }
        }) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): (context, parameters, calls, sites) = value
        }
        let publicInterface = context.isPublic && (sites.crossModule || publicInit(in: context))
        var plan = DefaultArgumentEdits()
        for index in parameters.indices {
            if let refusal = planDefaultedParameter(&parameters[index], sites: sites, owner: context, publicInterface: publicInterface,
                                                    protocols: allProtocols, into: &plan) {
                return .failure(refusal)
            }
        }
        // The sites were classified before planning, which may have changed what to pass (a `Live…` adapter).
        sites = sites.updated(parameters)
        var container: (members: [String], files: [String: String])?
        if !sites.highLevel.isEmpty {
            switch defaultsContainer(context: context, members: plan.containerMembers, publicInterface: publicInterface) {
            case .success(let made):
                container = made
                keepDefaults(in: made.members, sites: sites, owner: owner, plan: &plan)
            case .failure(let why):
                let (site, role, missing) = sites.highLevel[0]
                return .failure(reliedOnDefault(site, role: role, owner: owner, live: missing[0].live, because: why.reason))
            }
        }
        plan.edits += wrappingPassedInstances(calls.explicit + calls.highLevel.map(\.site), parameters: parameters)
        let order = parameters[0].initializer.signature.parameterClause.parameters.map { $0.firstName.text }
        for (site, missing) in sites.explicit {
            if let refusal = pass(missing, at: site, order: order, plan: &plan) { return .failure(refusal) }
        }
        if plan.typeChanged { plan.edits += calls.overrides }
        return .success(OwnerFix(owner: owner, findings: findings.count, edits: plan.edits, protocols: plan.firewalls, moves: plan.moves,
                                 notes: plan.notes, newFiles: container?.files ?? [:], movedDefaults: parameters.map(\.name),
                                 defaultsContainer: container.map { _ in context.containerName }))
    }

    /// The init parameters the findings name, each once.
    func defaultedParameters(_ findings: [Finding], owner context: OwnerContext) -> Result<[DefaultedParameter], Refusal> {
        var parameters: [DefaultedParameter] = []
        for finding in findings.sorted() {
            switch defaultedParameter(finding, owner: context) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let found):
                if !parameters.contains(where: { $0.file === found.file && $0.parameter.id == found.parameter.id }) { parameters.append(found) }
            }
        }
        return .success(parameters)
    }

    /// The type's init calls, when one init holds the defaults and no subclass relies on them unwritten.
    func defaultArgumentCalls(_ context: OwnerContext, parameters: [DefaultedParameter]) -> Result<InitCalls, Refusal> {
        let inits = context.declarations.flatMap { declaration in
            SyntaxQueries.memberBlock(of: declaration.node)?.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) } ?? []
        }
        if inits.count > 1 {
            return .failure(Refusal("\(context.name) has \(inits.count) initializers, and which call sites use the one with the default is not known"))
        }
        return initCalls(of: context.type).flatMap { calls in
            // An unwritten `super.init()` relies on every default, which a container would have to hold.
            if let implicit = calls.implicitHighLevel.first {
                return .failure(Refusal("\(implicit.location): \(implicit.subclass.lastNameComponent)'s init calls \(context.name)'s init "
                                        + "implicitly, relying on its defaults; write super.init() there, then run fix again"))
            }
            if let refusal = calls.implicitElsewhere { return .failure(refusal) }
            return .success(calls)
        }
    }

    /// Call sites that rely on a default: high-level code keeps one, naming `<Type>Container`
    /// (a composition root); everywhere else the live value is passed.
    func defaultArgumentSites(_ calls: InitCalls, parameters: [DefaultedParameter], owner context: OwnerContext) -> Result<DefaultArgumentSites, Refusal> {
        let all = calls.explicit.map { (site: $0, role: RoleAssignment?.none) } + calls.highLevel.map { (site: $0.site, role: Optional($0.role)) }
        let order = parameters[0].initializer.signature.parameterClause.parameters.map { $0.firstName.text }
        var sites = DefaultArgumentSites()
        for (site, role) in all {
            if site.file.hasSyntaxErrors { return .failure(Refusal("\(site.file.path) has syntax errors; fix leaves it alone")) }
            let passed = Set(site.call.arguments.compactMap { $0.label?.text })
            let missing = parameters.filter { !passed.contains($0.label) }.sorted { order.firstIndex(of: $0.label)! < order.firstIndex(of: $1.label)! }
            guard !missing.isEmpty else { continue }
            if let role { sites.highLevel.append((site, role, missing)) } else { sites.explicit.append((site, missing)) }
        }
        sites.crossModule = all.contains { site, _ in fileIndex[site.file.path].map { modules[$0] } != context.module }
        return .success(sites)
    }

    /// One parameter: a protocol-typed one loses its default (kept in the container when
    /// high-level code relies on it); a concrete-typed one takes a protocol of what the type uses.
    func planDefaultedParameter(_ defaulted: inout DefaultedParameter, sites: DefaultArgumentSites, owner context: OwnerContext,
                                publicInterface: Bool, protocols allProtocols: [String: FirewallProtocol],
                                into plan: inout DefaultArgumentEdits) -> Refusal? {
        let typeText = defaulted.parameter.type.trimmedDescription
        guard let defaultValue = defaulted.parameter.defaultValue else { return nil }
        let start = defaulted.parameter.type.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = defaultValue.endPositionBeforeTrailingTrivia.utf8Offset
        guard typeText == defaulted.concrete || typeText.hasSuffix("." + defaulted.concrete) else {
            return dropDefault(defaulted, typeText: typeText, end: end, sites: sites, owner: context, into: &plan)
        }
        let protocols = allProtocols.merging(plan.firewalls.map { ("\($0.module)|\($0.name)", $0) }) { first, _ in first }
        let planned: PlannedDependency
        switch planInjected(defaulted, owner: context, publicInterface: publicInterface, protocols: protocols) {
        case .failure(let refusal): return refusal
        case .success(let value): planned = value
        }
        if case .existing(_, let holderFile, _, let binding) = planned.injected.reads.holder {
            guard let annotation = binding.typeAnnotation else {
                return Refusal("\(defaulted.file.location(of: defaulted.parameter)): the property \(defaulted.name) initialises has no written type")
            }
            plan.edits.append((holderFile.path, TextEdit(start: annotation.type.positionAfterSkippingLeadingTrivia.utf8Offset,
                                                         end: annotation.type.endPositionBeforeTrailingTrivia.utf8Offset,
                                                         replacement: planned.injected.existential)))
        }
        plan.typeEdits.append(plan.edits.count)
        plan.edits.append((defaulted.file.path, TextEdit(start: start, end: end, replacement: planned.injected.existential)))
        // A subclass's `override init(client: APIClient)` no longer matches the signature, so it
        // overrides nothing: it loses `override` and stays an init of its own, as in the init style.
        plan.typeChanged = true
        plan.edits += planned.edits.map { (path: $0.0, edit: $0.1) }
        plan.firewalls.append(planned.firewall)
        plan.containerMembers.append(ContainerMember(planned))
        // A platform type's call sites pass its `Live…` adapter.
        defaulted.live = planned.injected.reads.liveExpression
        defaulted.adapter = planned.firewall.adapter?.name
        plan.moves += planned.moves
        plan.notes += planned.notes
        plan.liveImports[defaulted.name] = planned.liveImport
        return nil
    }

    /// Typed as a protocol already: only the default names the concrete type, and it goes.
    private func dropDefault(_ defaulted: DefaultedParameter, typeText: String, end: Int, sites: DefaultArgumentSites,
                             owner context: OwnerContext, into plan: inout DefaultArgumentEdits) -> Refusal? {
        if !sites.highLevel.isEmpty {
            guard let member = containerMember(defaulted, typeText: typeText, owner: context) else {
                let (site, role, _) = sites.highLevel.first { $0.missing.contains { $0.label == defaulted.label } } ?? sites.highLevel[0]
                return reliedOnDefault(site, role: role, owner: context.name, live: defaulted.live)
            }
            plan.typeEdits.append(plan.edits.count)
            plan.containerMembers.append(member)
        }
        plan.edits.append((defaulted.file.path, TextEdit(start: defaulted.parameter.type.endPositionBeforeTrailingTrivia.utf8Offset,
                                                         end: end, replacement: "")))
        if let source = try? concreteSource(defaulted.concrete, owner: context).get() {
            plan.liveImports[defaulted.name] = LiveImport(module: source.module, importName: source.importName, namesPlatform: false)
        }
        return nil
    }

    /// Each parameter's default becomes the container's member; each high-level site gets a note.
    private func keepDefaults(in members: [String], sites: DefaultArgumentSites, owner: String, plan: inout DefaultArgumentEdits) {
        for (edit, member) in zip(plan.typeEdits, members) { plan.edits[edit].edit.replacement += " = \(member)" }
        for (site, role, missing) in sites.highLevel {
            plan.notes.append(defaultArgumentNote(site, role: role, owner: owner, arguments: missing.count,
                                                  pass: missing.map(\.live).joined(separator: ", "), taking: missing.count == 1 ? "it" : "them"))
        }
    }

    /// A site that passes its own instance of a platform type (a test's `notificationCenter:
    /// center`) passes it through the adapter: the parameter no longer takes the SDK type.
    private func wrappingPassedInstances(_ sites: [CallSite], parameters: [DefaultedParameter]) -> [(path: String, edit: TextEdit)] {
        let adapters = Dictionary(parameters.compactMap { parameter in parameter.adapter.map { (parameter.label, $0) } }, uniquingKeysWith: { first, _ in first })
        guard !adapters.isEmpty else { return [] }
        return sites.flatMap { site in
            site.call.arguments.compactMap { argument -> [(path: String, edit: TextEdit)]? in
                guard let label = argument.label?.text, let adapter = adapters[label] else { return nil }
                return [(site.file.path, .insert(adapter + "(", at: argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset)),
                        (site.file.path, .insert(")", at: argument.expression.endPositionBeforeTrailingTrivia.utf8Offset))]
            }.flatMap { $0 }
        }
    }

    /// A site outside the high-level layer passes the live values, importing their modules.
    private func pass(_ missing: [DefaultedParameter], at site: CallSite, order: [String], plan: inout DefaultArgumentEdits) -> Refusal? {
        let first = missing[0]
        let firstIndex = order.firstIndex(of: first.label)!, lastIndex = order.firstIndex(of: missing.last!.label)!
        let later = Set(order[(firstIndex + 1)...])
        let passed = Set(site.call.arguments.compactMap { $0.label?.text })
        if lastIndex > firstIndex + 1, passed.contains(where: { label in order[(firstIndex + 1)..<lastIndex].contains(label) }) {
            return Refusal("\(site.file.location(of: site.call)) passes an argument between two defaulted ones; pass them there by hand")
        }
        plan.edits += site.passing(missing.map { ($0.label, $0.live) }, laterLabels: later).map { (site.file.path, $0) }
        let siteModule = fileIndex[site.file.path].map { modules[$0] }
        var imported = Set<String>()
        for parameter in missing {
            guard let live = plan.liveImports[parameter.name], live.isNeeded(in: siteModule),
                  imported.insert(live.importName).inserted, let edit = ImportEdit.adding(live.importName, to: site.file) else { continue }
            plan.edits.append((site.file.path, edit))
        }
        return nil
    }

    /// High-level code relies on a default no container can hold: the type is left as it is.
    private func reliedOnDefault(_ site: CallSite, role: RoleAssignment, owner: String, live: String, because: String? = nil) -> Refusal {
        Refusal("\(site.file.location(of: site.call)) builds \(owner) in high-level code (\(role.reason)) and relies on the default \(live)"
                + (because.map { ", and \($0)" } ?? "") + "; pass it there from a composition root, then run fix again")
    }

    /// What a container holds for a parameter typed as a scanned protocol whose default builds a
    /// scanned type (`repository: any MarketsRepository = LiveMarketsRepository()`); nil for other
    /// types (a framework's protocol would need imports the container cannot tell).
    func containerMember(_ defaulted: DefaultedParameter, typeText: String, owner: OwnerContext) -> ContainerMember? {
        // `some P` is a generic parameter, which an existential default cannot stand for.
        var name = Substring(typeText)
        if name.hasPrefix("any ") { name = name.dropFirst("any ".count) }
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
              let declared = model.symbols.resolveQualified(String(name)) ?? model.symbols.resolve(String(name)), declared.kind == .protocol,
              let protocolFile = declared.declarations.first?.file,
              case .success(let source) = concreteSource(defaulted.concrete, owner: owner), source.scanned != nil else { return nil }
        let concrete = ConcreteType(name: defaulted.concrete, declarations: source.declarations)
        return ContainerMember(name: defaulted.name, type: "any " + name, live: defaulted.live, globalActor: concrete.globalActor,
                               protocolModule: modules[protocolFile],
                               liveImport: LiveImport(module: source.module, importName: source.importName, namesPlatform: false))
    }

    /// The init parameter a finding's default value belongs to, and what call sites pass instead.
    func defaultedParameter(_ finding: Finding, owner: OwnerContext) -> Result<DefaultedParameter, Refusal> {
        guard let file = sources.file(finding.path) else { return .failure(Refusal("cannot read \(finding.path)")) }
        let offset = file.offset(line: finding.line, column: finding.column)
        var concrete = finding.symbol
        var node: ExprSyntax?
        if let dot = finding.symbol.lastIndex(of: ".") {
            let base = String(finding.symbol[..<dot])
            let locator = ReadLocator(offset: offset, concrete: base, member: String(finding.symbol[finding.symbol.index(after: dot)...]))
            locator.walk(file.tree)
            if let found = locator.found { (node, concrete) = (found, base) }
        }
        if node == nil {
            let locator = ReadLocator(offset: offset, concrete: finding.symbol, member: nil)
            locator.walk(file.tree)
            node = locator.found
        }
        let location = "\(finding.path):\(finding.line):\(finding.column)"
        guard let node else { return .failure(Refusal("\(location): cannot find the default \(finding.symbol) again")) }
        guard let clause = node.parent?.as(InitializerClauseSyntax.self), let parameter = clause.parent?.as(FunctionParameterSyntax.self) else {
            return .failure(Refusal("\(location): the default does more than name \(finding.symbol); move it to the call sites by hand"))
        }
        guard let initializer = parameter.parent?.parent?.parent?.parent?.as(InitializerDeclSyntax.self) else {
            return .failure(Refusal("\(location): a function's default argument, not an init's; pass \(finding.symbol) at its call sites by hand"))
        }
        guard owner.declarations.contains(where: { $0.file === file && $0.node.position <= initializer.position
                && initializer.endPosition <= $0.node.endPosition }) else {
            return .failure(Refusal("\(location) is outside \(owner.name)'s declarations"))
        }
        guard parameter.firstName.text != "_" else {
            return .failure(Refusal("\(location): an unlabelled parameter, which call sites cannot be given by label"))
        }
        var live = node.trimmedDescription
        // `SetBasedDeduplication<Item>()` in `PagedDataSource<Item>`: no call site can write `Item`.
        let generics = Set([owner.primary.node.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause, initializer.genericParameterClause]
            .compactMap { $0 }.flatMap { $0.parameters.map(\.name.text) })
        if let generic = node.tokens(viewMode: .sourceAccurate).first(where: { generics.contains($0.text) }) {
            return .failure(Refusal("\(location): \(Refusal.excerpt(live)) names the generic parameter \(generic.text), which the call sites cannot write; pass it at them by hand"))
        }
        if let call = node.as(FunctionCallExprSyntax.self), !ArgumentsCheck.areSelfContained(call) {
            return .failure(Refusal("\(location): \(Refusal.excerpt(live)) takes values from its surroundings, which a composition root cannot pass"))
        }
        if live.hasPrefix(".init(") {
            live = concrete + live.dropFirst(".init".count)
        } else if live.hasPrefix(".") {
            live = concrete + live
        }
        return .success(DefaultedParameter(file: file, initializer: initializer, parameter: parameter, concrete: concrete, live: live,
                                           label: parameter.firstName.text, name: (parameter.secondName ?? parameter.firstName).text))
    }

    /// A parameter typed as the concrete type: the property it initialises (`self.api = client`)
    /// becomes the holder, and its uses the protocol's requirements; used only inside the init
    /// (`center.addObserver(…)`), the parameter alone takes the protocol.
    func planInjected(_ defaulted: DefaultedParameter, owner: OwnerContext, publicInterface: Bool,
                      protocols: [String: FirewallProtocol]) -> Result<PlannedDependency, Refusal> {
        guard let body = defaulted.initializer.body else {
            return .failure(Refusal("\(defaulted.file.location(of: defaulted.parameter)): an init without a body"))
        }
        var holder = DependencyReads.Holder.new(name: defaulted.name)
        let assignment = Self.assignment(of: defaulted.name, in: body)
        if let property = assignment?.property {
            switch storedHolder(named: property, in: owner, parameterAt: defaulted.file.location(of: defaulted.parameter)) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let value): holder = value
            }
        }
        return concreteSource(defaulted.concrete, owner: owner).flatMap { source in
            DependencyReads.injected(concrete: defaulted.concrete, liveExpression: defaulted.live, holder: holder, parameter: defaulted.name,
                                     initializer: defaulted.initializer, initFile: defaulted.file, assigned: assignment?.reference,
                                     bodies: owner.declarations).flatMap { reads in
                plan(defaulted.concrete, source: source, classified: reads, owner: owner, publicInterface: publicInterface, protocols: protocols)
            }
        }
    }

    /// The stored property an init parameter initialises, as the holder of the dependency.
    func storedHolder(named property: String, in owner: OwnerContext, parameterAt location: String) -> Result<DependencyReads.Holder, Refusal> {
        for declaration in owner.declarations {
            for item in SyntaxQueries.memberBlock(of: declaration.node)?.members ?? [] {
                guard let variable = item.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property else { continue }
                guard binding.initializer == nil, binding.accessorBlock == nil else {
                    return .failure(Refusal("\(declaration.file.location(of: variable)): the property \(property) has an initial value or accessors"))
                }
                if let wrapper = SyntaxQueries.observationWrapper(of: variable) {
                    return .failure(DependencyReads.observedRefusal(declaration.file, variable, name: property, wrapper: wrapper))
                }
                return .success(.existing(name: property, file: declaration.file, variable: variable, binding: binding))
            }
        }
        return .failure(Refusal("\(location): cannot find the stored property \(property) among \(owner.name)'s members"))
    }

    /// `self.api = client` or `api = client` among an init's statements: the property's name and
    /// the parameter's reference.
    static func assignment(of parameter: String, in body: CodeBlockSyntax) -> (property: String, reference: SyntaxIdentifier)? {
        for item in body.statements {
            guard let sequence = item.item.as(SequenceExprSyntax.self) else { continue }
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                  let value = elements[2].as(DeclReferenceExprSyntax.self), value.baseName.text == parameter else { continue }
            if let member = elements[0].as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                return (member.declName.baseName.text, value.id)
            }
            if let name = elements[0].as(DeclReferenceExprSyntax.self), name.baseName.text != parameter {
                return (name.baseName.text, value.id)
            }
        }
        return nil
    }
}
