import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// One high-level type: all its dependencies behind protocols, its inits, its call sites.
extension Fixer {

    struct OwnerFix {
        var owner: String
        var findings: Int
        var edits: [(path: String, edit: TextEdit)]
        var protocols: [FirewallProtocol]
        var moves: [TypeMove]
        var notes: [String]
        /// Files written whole (`AppDependencies+ProfileViewModel.swift`), by path.
        var newFiles: [String: String] = [:]
        /// The existing file a new one serves when it is not the type's own (an environment key
        /// beside a protocol of another module): where its text goes if no target would compile it.
        var newFileHosts: [String: String] = [:]
        /// `--style environment`: the modifiers that set the live instances, shared between views.
        var injections: [EnvironmentInjection] = []
        /// Init parameters whose concrete defaults moved to the call sites.
        var movedDefaults: [String] = []
        /// The `<Type>Container` high-level call sites' defaults name now, when one was written.
        var defaultsContainer: String?
        /// The type takes its dependencies through `init`, even where the views that build it read
        /// them from the environment.
        var throughInit = false

        /// The same replacement from both (a subclass's `override` that both drop) is made once.
        func overlaps(_ other: OwnerFix) -> Bool {
            edits.contains { mine in other.edits.contains { $0.path == mine.path && $0.edit.overlaps(mine.edit) && $0.edit != mine.edit } }
        }
    }

    /// The high-level type as `fix` sees it: its declarations and module.
    struct OwnerContext {
        var name: String
        var type: TypeInfo
        var declarations: [(file: ParsedFile, node: DeclSyntax)]
        var module: String
        var isPublic: Bool

        var primary: (file: ParsedFile, node: DeclSyntax) { declarations[0] }

        /// `<Type>Container`, the outer types' names included: CodeEdit's nested `Coordinator`s
        /// each wrote a `CoordinatorContainer` into one path, and only the first was kept.
        var containerName: String { name.replacingOccurrences(of: ".", with: "") + "Container" }
    }

    /// One concrete dependency, planned: what the type will take, the protocol, the types moved.
    struct PlannedDependency {
        var injected: InjectedDependency
        var firewall: FirewallProtocol
        var moves: [TypeMove]
        var edits: [(String, TextEdit)]
        /// What the protocol still cannot cut.
        var notes: [String]
        /// The module to import where the live instance is passed.
        var concreteImport: String
        var concreteModule: String

        var liveImport: LiveImport {
            LiveImport(module: concreteModule, importName: concreteImport, namesPlatform: firewall.adapter != nil)
        }
    }

    /// `typesWithFindings`: the types with findings these rules flag, whose inits a fix changes.
    func fix(owner: String, findings: [Finding], protocols allProtocols: [String: FirewallProtocol],
             typesWithFindings: Set<String>) -> Result<OwnerFix, Refusal> {
        let context: OwnerContext
        switch ownerContext(owner) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): context = value
        }
        let byConcrete = Dictionary(grouping: findings) { concreteName(of: $0) }
        if options.protocolName != nil, byConcrete.count > 1 {
            return .failure(Refusal("--name names one protocol, but \(owner) reaches \(byConcrete.count) concrete types"))
        }
        var calls: InitCalls
        switch initCalls(of: context.type) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): calls = value
        }
        let hoists = takeHoists(from: &calls, owner: context)
        let crossModuleSites = calls.explicit.contains { site in fileIndex[site.file.path].map { modules[$0] } != context.module }
        let publicInterface = context.isPublic && (crossModuleSites || publicInit(in: context))
        let planned: [PlannedDependency]
        switch planDependencies(byConcrete, owner: context, publicInterface: publicInterface, protocols: allProtocols) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): planned = value
        }
        if let refusal = calls.implicitElsewhere { return .failure(refusal) }
        var dependencies = planned.map(\.injected)
        let notes = highLevelNotes(calls, owner: owner, dependencies: dependencies)
        var container: (members: [String], files: [String: String])?
        if !notes.isEmpty {
            switch defaultsContainer(context: context, members: planned.map(ContainerMember.init), publicInterface: publicInterface) {
            case .failure(let why): return .failure(unkeptDefault(calls, owner: owner, dependencies: dependencies, because: why.reason))
            case .success(let made):
                container = made
                for index in dependencies.indices { dependencies[index].defaultExpression = made.members[index] }
            }
        }
        var ownerShape = ownerShape(context, crossModuleSites: crossModuleSites, typesWithFindings: typesWithFindings)
        ownerShape.passedFromOtherFiles = calls.explicit.contains { $0.file.path != context.primary.file.path }
        let rewrite: OwnerRewrite
        switch OwnerRewrite.make(owner: ownerShape, dependencies: dependencies, defaults: !notes.isEmpty) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): rewrite = value
        }
        var edits = planned.flatMap(\.edits) + rewrite.edits.map { ($0.file.path, $0.edit) } + calls.overrides.map { ($0.path, $0.edit) }
        var hoisted = HoistEdits(newFiles: container?.files ?? [:])
        switch passingLive(planned, dependencies: dependencies, at: calls.explicit, laterLabels: rewrite.laterLabels,
                           order: rewrite.memberwiseOrder, written: &hoisted) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let siteEdits): edits += siteEdits
        }
        if case .failure(let refusal) = hoistEdits(hoists, owner: owner, planned: planned, into: &hoisted) { return .failure(refusal) }
        return .success(OwnerFix(owner: owner, findings: findings.count, edits: edits + hoisted.edits, protocols: planned.map(\.firewall),
                                 moves: planned.flatMap(\.moves), notes: planned.flatMap(\.notes) + notes + hoisted.notes,
                                 newFiles: hoisted.newFiles, newFileHosts: hoisted.newFileHosts, injections: hoisted.injections,
                                 throughInit: true))
    }

    /// Each concrete type the owner reaches, planned in the order the type first reads them, so
    /// the init lists them as the properties are.
    private func planDependencies(_ byConcrete: [String: [Finding]], owner context: OwnerContext, publicInterface: Bool,
                                  protocols: [String: FirewallProtocol]) -> Result<[PlannedDependency], Refusal> {
        var planned: [PlannedDependency] = []
        var takenNames = memberNames(in: context.declarations.map(\.node))
        let ordered = byConcrete.sorted { ($0.value.min()!.path, $0.value.min()!.line, $0.key) < ($1.value.min()!.path, $1.value.min()!.line, $1.key) }
        for (concrete, concreteFindings) in ordered {
            switch plan(concrete, findings: concreteFindings, owner: context, takenNames: takenNames, publicInterface: publicInterface,
                        protocols: protocols) {
            case .failure(let refusal): return .failure(refusal.about(concrete))
            case .success(let dependency):
                takenNames.insert(dependency.injected.parameterName)
                planned.append(dependency)
            }
        }
        return .success(planned)
    }

    /// Composition roots, previews and tests pass the live instance; high-level code keeps
    /// compiling through a default argument, which these notes list.
    private func highLevelNotes(_ calls: InitCalls, owner: String, dependencies: [InjectedDependency]) -> [String] {
        let live = dependencies.map(\.reads.liveExpression).joined(separator: ", ")
        let taking = dependencies.count == 1 ? "it" : "them"
        return calls.highLevel.map { site, role in
            defaultArgumentNote(site, role: role, owner: owner, arguments: dependencies.count, pass: live, taking: taking)
        } + calls.implicitHighLevel.map { location, subclass, role in
            subclassNote(location, subclass: subclass, role: role, owner: owner, arguments: dependencies.count, pass: live, taking: taking)
        }
    }

    /// High-level code builds the owner and no container can hold its defaults; a default naming
    /// the live instance would be a `concrete-default-argument` finding.
    private func unkeptDefault(_ calls: InitCalls, owner: String, dependencies: [InjectedDependency], because reason: String) -> Refusal {
        let live = dependencies.map(\.reads.liveExpression).joined(separator: ", ")
        let (location, role) = calls.highLevel.first.map { ($0.site.file.location(of: $0.site.call), $0.role) }
            ?? calls.implicitHighLevel.first.map { ($0.location, $0.role) }!
        return Refusal("\(location) builds \(owner) in high-level code (\(role.reason)), which would compile only through a default naming "
                       + "\(live), and \(reason); pass \(dependencies.count == 1 ? "it" : "them") there from a composition root, then run fix again")
    }

    /// The owner as the rewrite sees it: its superclass (the first inherited name when it is a
    /// scanned class, or a platform class) and, for a subclass without inits, the init it inherits.
    private func ownerShape(_ context: OwnerContext, crossModuleSites: Bool, typesWithFindings: Set<String>) -> OwnerRewrite.Owner {
        let owner = context.name
        let firstInherited = SyntaxQueries.inheritedTypes(of: context.primary.node).first
        let resolved = firstInherited.flatMap { model.symbols.resolve($0) }
        let scannedSuperclass = resolved?.kind == .class ? resolved : nil
        let superclass = firstInherited.flatMap { first -> String? in
            if resolved != nil { return scannedSuperclass != nil ? first : nil }
            return first == "NSObject" || first.hasPrefix("UI") || first.hasPrefix("NS") ? first : nil
        }
        var shape = OwnerRewrite.Owner(name: owner, file: context.primary.file, node: context.primary.node,
                                       extensions: Array(context.declarations.dropFirst()), superclass: superclass,
                                       newInitIsPublic: context.isPublic && crossModuleSites)
        // Only a subclass without inits of its own inherits one.
        let declaresInit = SyntaxQueries.memberBlock(of: context.primary.node)?.members.contains { $0.decl.is(InitializerDeclSyntax.self) } ?? false
        if let superclass, let scanned = scannedSuperclass, !declaresInit {
            shape.inheritedInit = if typesWithFindings.contains(scanned.qualifiedName) || typesWithFindings.contains(scanned.simpleName) {
                // Its fix gives the init a parameter that a forwarding init would not pass.
                .failure(Refusal("\(owner) subclasses \(superclass) and has no init of its own, and \(superclass) has findings of its own whose fix changes the init it inherits; write one, then run fix again"))
            } else {
                syntax(of: scanned.declarations + scanned.extensions).flatMap { declarations in
                    InheritedInit.of(superclass, declarations: declarations.map(\.node), subclass: owner)
                }
            }
        }
        return shape
    }

    /// Every explicit construction site passes the live instances, importing their modules; a
    /// preview passes doubles, which are written with the hoists' files.
    private func passingLive(_ planned: [PlannedDependency], dependencies: [InjectedDependency], at sites: [CallSite],
                             laterLabels: Set<String>?, order: [String]?, written: inout HoistEdits) -> Result<[(String, TextEdit)], Refusal> {
        let arguments = dependencies.map { (label: $0.parameterName, value: $0.reads.liveExpression) }
        // A memberwise init takes its arguments in the order the properties are declared.
        let ordered = { (pairs: [(label: String, value: String)]) in
            order.map { order in pairs.sorted { order.firstIndex(of: $0.label) ?? 0 < order.firstIndex(of: $1.label) ?? 0 } } ?? pairs
        }
        var edits: [(String, TextEdit)] = []
        var importsAdded = Set<String>()
        for site in sites {
            if site.file.hasSyntaxErrors { return .failure(Refusal("\(site.file.path) has syntax errors; fix leaves it alone")) }
            if isPreview(site) {
                let values = previewValues(planned, at: site, into: &written)
                edits += site.passing(ordered(zip(arguments, values).map { ($0.label, $1) }), laterLabels: laterLabels).map { (site.file.path, $0) }
                continue
            }
            edits += site.passing(ordered(arguments), laterLabels: laterLabels).map { (site.file.path, $0) }
            let siteModule = fileIndex[site.file.path].map { modules[$0] }
            for dependency in planned where dependency.liveImport.isNeeded(in: siteModule) {
                guard !importsAdded.contains("\(site.file.path) \(dependency.concreteImport)") else { continue }
                if let edit = ImportEdit.adding(dependency.concreteImport, to: site.file) { edits.append((site.file.path, edit)) }
                importsAdded.insert("\(site.file.path) \(dependency.concreteImport)")
            }
        }
        return .success(edits)
    }

    /// One live default a `<Type>Container` holds.
    struct ContainerMember {
        var name: String
        /// The parameter's type: the protocol's existential.
        var type: String
        var live: String
        var globalActor: String?
        /// The module declaring the protocol, and what the live value may need imported.
        var protocolModule: String
        var liveImport: LiveImport

        init(_ planned: PlannedDependency) {
            name = planned.injected.parameterName
            type = planned.injected.existential
            live = planned.injected.reads.liveExpression
            globalActor = planned.firewall.globalActor
            protocolModule = planned.firewall.module
            liveImport = planned.liveImport
        }

        init(name: String, type: String, live: String, globalActor: String?, protocolModule: String, liveImport: LiveImport) {
            self.name = name
            self.type = type
            self.live = live
            self.globalActor = globalActor
            self.protocolModule = protocolModule
            self.liveImport = liveImport
        }
    }

    /// Where high-level code still builds the type, its defaults name members of `<Type>Container`,
    /// a composition root of its own, instead of the concrete types: a default that names
    /// `APIClient.shared` is itself a `concrete-default-argument` finding. One container per type,
    /// so a view that builds one type does not reach every other type's live dependencies. It goes
    /// in the folder of the module's entry point (`main.swift`, `@main`, an `App`), else beside the
    /// type (a package module of features has none; the name makes the container a root): the
    /// first of them that no configured layer gives another role. Public when the init is: a
    /// public init's defaults name only public declarations. The reason when none can be written.
    func defaultsContainer(context: OwnerContext, members: [ContainerMember], publicInterface: Bool)
        -> Result<(members: [String], files: [String: String]), Refusal> {
        let stem = context.name.lastNameComponent
        let container = context.containerName
        guard model.symbols.resolve(container) == nil else { return .failure(Refusal("a scanned type is already named \(container)")) }
        for member in members {
            let base = String(member.live.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            guard !base.isEmpty, let path = initializationPath(from: base, to: context.name) else { continue }
            return .failure(Refusal("building \(member.live) builds \(context.name) (\(path.joined(separator: " → "))), so a default reading "
                                    + "\(member.live) in \(context.name)'s init would run inside its own initialisation and trap at launch"))
        }
        // Swift 5 mode, most apps' (Xcode's default), evaluates every default argument outside
        // any actor; SE-0411's isolated defaults come with Swift 6 mode, and only in an init
        // isolated to the same actor.
        if let isolated = members.first(where: { $0.globalActor != nil }), let actor = isolated.globalActor {
            let swift6 = languageModes.isSwift6(context.primary.file.path)
            if !swift6 || !isIsolated(context, to: actor) {
                return .failure(Refusal("\(isolated.live) is isolated to \(actor): a default argument isolated to it compiles only in "
                                        + "Swift 6 mode (SE-0411), in an init isolated to it; \(context.name)'s "
                                        + (swift6 ? "init is not" : "code builds in Swift 5 mode")))
            }
        }
        let folders = [entryPointFolder(module: context.module), folder(of: context.primary.file.path)].compactMap { $0 }
        let paths = folders.map { $0 + container + ".swift" }
        guard let path = paths.first(where: { path in pathRole(path).map { [.compositionRoot, .exempt].contains($0.role) } ?? true }) else {
            let roles = paths.map { "\($0) would be \(pathRole($0)!.role.rawValue) code (\(pathRole($0)!.reason))" }
            return .failure(Refusal("\(container) cannot be written as a composition root: \(roles.joined(separator: "; "))"))
        }
        // A protocol another module declares (one the type already took) is imported as the type's file imports it.
        var protocolImports: [String] = []
        for member in members where member.protocolModule != context.module {
            guard let file = modules.indices.first(where: { modules[$0] == member.protocolModule }), !importNames[file].isEmpty else {
                return .failure(Refusal("\(container) could not import module \(member.protocolModule), which declares the protocol"))
            }
            protocolImports.append(importNames[file])
        }
        let unit = context.primary.file.indentUnit
        let access = publicInterface ? "public " : ""
        let imports = Set(members.map(\.liveImport).filter { $0.isNeeded(in: context.module) }.map(\.importName) + protocolImports).sorted()
        let header = imports.map { "import \($0)\n" }.joined() + (imports.isEmpty ? "" : "\n")
        let lines = members.map { member in
            // Isolated as the concrete type is, as the default argument it stands for was.
            let isolation = member.globalActor.map { "@\($0) " } ?? ""
            return "\(unit)\(isolation)\(access)static var \(member.name): \(member.type) { \(member.live) }\n"
        }
        let text = header
            + DocComment.lines("The live dependencies \(stem) defaults to where high-level code builds it without passing them: "
                               + "a composition root, so the defaults name no concrete type in \(stem).")
            + "\(access)enum \(container) {\n" + lines.joined() + "}\n"
        return .success((members.map { "\(container).\($0.name)" }, [path: text]))
    }

    /// Whether the type, or every init it declares, is isolated to `globalActor`: a default
    /// argument isolated to it compiles only there. A SwiftUI view, an AppKit or UIKit view or
    /// controller (Plash's `SSWebView: WKWebView`), and a subclass of an isolated scanned class
    /// are isolated to the main actor without saying so.
    func isIsolated(_ context: OwnerContext, to globalActor: String, depth: Int = 0) -> Bool {
        if SyntaxQueries.attributes(of: context.primary.node).contains(globalActor) { return true }
        let inherited = context.declarations.flatMap { SyntaxQueries.inheritedTypes(of: $0.node) }.map { $0.components(separatedBy: ".").last ?? $0 }
        if globalActor == "MainActor", inherited.contains(where: { Self.mainActorSupertypes.contains($0) || $0.hasSuffix("ViewController") }) {
            return true
        }
        if depth < 8, let superclass = inherited.first, case .success(let parent) = ownerContext(superclass),
           isIsolated(parent, to: globalActor, depth: depth + 1) {
            return true
        }
        let inits = context.declarations.flatMap { declaration in
            (SyntaxQueries.memberBlock(of: declaration.node)?.members ?? []).compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        }
        return !inits.isEmpty && inits.allSatisfy { SyntaxQueries.attributes(of: DeclSyntax($0)).contains(globalActor) }
    }

    /// Framework types whose conformers and subclasses are isolated to the main actor.
    static let mainActorSupertypes: Set<String> = RoleConventions.userInterfaceSuperclasses.union(RoleConventions.viewConformances).union([
        "App", "Scene", "WKWebView", "UIResponder", "NSResponder", "UIWindow", "NSWindow", "NSPanel",
        "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate",
    ])

    func ownerContext(_ owner: String) -> Result<OwnerContext, Refusal> {
        guard let type = model.symbols.resolveQualified(owner) ?? model.symbols.resolve(owner) else {
            return .failure(Refusal("\(owner) is not a type declared in the scanned files"))
        }
        guard [.class, .struct, .actor].contains(type.kind) else {
            return .failure(Refusal("\(owner) is \(type.kind == .enum ? "an enum" : "a \(type.kind.rawValue)"): it has no instance to hold a dependency"))
        }
        guard let primaryID = type.declarations.first, type.declarations.count == 1 else {
            return .failure(Refusal("\(owner) is declared more than once in the scanned files"))
        }
        return syntax(of: [primaryID] + type.extensions).flatMap { declarations in
            // Synthesised from the stored properties: a new property of a protocol's existential
            // (or a `Dependencies` struct, or an `@Environment` value) breaks the synthesis.
            // A class's `Equatable` and `Hashable` are written by hand; its `Codable` is synthesised too.
            let synthesizable = type.kind == .struct ? Self.synthesizedConformances : ["Codable", "Decodable", "Encodable"]
            let conformances = declarations.flatMap { SyntaxQueries.inheritedTypes(of: $0.node) }
            if let synthesized = conformances.first(where: { synthesizable.contains($0.components(separatedBy: ".").last ?? $0) }) {
                return .failure(Refusal("\(owner) is \(synthesized), which Swift synthesises from its stored properties, and a dependency is not one of its values; keep the dependency out of the value type and pass it where it is used"))
            }
            let modifiers = SyntaxQueries.modifiers(of: declarations[0].node)
            return .success(OwnerContext(name: owner, type: type, declarations: declarations, module: modules[primaryID.file],
                                         isPublic: modifiers.contains("public") || modifiers.contains("open")))
        }
    }

    /// Conformances Swift synthesises from a type's stored properties.
    static let synthesizedConformances: Set<String> = ["Equatable", "Hashable", "Comparable", "Codable", "Decodable", "Encodable"]

    func publicInit(in context: OwnerContext) -> Bool {
        let block = SyntaxQueries.memberBlock(of: context.primary.node)
        return block?.members.contains { item in
            item.decl.is(InitializerDeclSyntax.self) && SyntaxQueries.modifiers(of: item.decl).contains { $0 == "public" || $0 == "open" }
        } ?? false
    }
}
