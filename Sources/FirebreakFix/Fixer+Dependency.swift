import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// One concrete dependency of one high-level type: its protocol, the live side, the types moved.
extension Fixer {
    /// One concrete type behind a protocol: the reads, the requirements, the protocol's name and
    /// place, and the types its signatures need moved out of the infrastructure file.
    func plan(_ concrete: String, findings: [Finding], owner: OwnerContext, takenNames: Set<String>, publicInterface: Bool,
                      protocols allProtocols: [String: FirewallProtocol]) -> Result<PlannedDependency, Refusal> {
        switch classifiedDependency(concrete, findings: findings, owner: owner, takenNames: takenNames) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let (source, classified)):
            return plan(concrete, source: source, classified: classified, owner: owner, publicInterface: publicInterface, protocols: allProtocols)
        }
    }

    /// Where the conformance (`extension Concrete: Protocol {}`) goes: beside the concrete type,
    /// unless a target that does not compile the protocol's file compiles the concrete type's (an
    /// app's widget sharing the file) and would stop building; then beside the protocol, where its
    /// target sees both.
    /// A platform type's `Live…` adapter is its conformance, in the adapter's own place. A protocol
    /// another type planned already keeps its place.
    private func conformancePlace(_ concrete: String, protocolName: String, protocolPath: String, protocolHost: String, owner: OwnerContext,
                                  concreteFile: String, adapter: LiveAdapter?, crossModule: Bool, shared: FirewallProtocol?) -> (path: String, host: String) {
        if let adapter { return (adapter.path, shared?.conformanceHost ?? adapterHost(owner: owner)) }
        if let shared { return (shared.conformancePath, shared.conformanceHost) }
        let besideProtocol = !crossModule && !targetsOf(concreteFile).isSubset(of: targetsOf(protocolHost))
        return (folder(of: besideProtocol ? protocolPath : concreteFile) + "\(concrete)+\(protocolName).swift",
                besideProtocol ? protocolHost : concreteFile)
    }

    /// An actor's requirements are called across its isolation, so what they pass and return must
    /// be `Sendable` (Cisum's `AudioPlayModeRepo` took a package's `PlayMode` enum, which is not:
    /// the conformance would not compile in Swift 6 mode).
    /// A requirement isolated to the main actor, or nonisolated, crosses nothing.
    private func actorBoundaryRefusal(_ concreteType: ConcreteType, interface: ConcreteType.Interface) -> Refusal? {
        guard concreteType.isActor else { return nil }
        let crossing = interface.requirements.filter { !$0.contains("@MainActor") && !$0.contains("nonisolated ") }
        let named = Set(crossing.flatMap { $0.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init) })
        guard let name = named.intersection(interface.typeNames).subtracting([concreteType.name]).sorted()
            .first(where: { !isKnownSendable($0) }) else { return nil }
        return Refusal("\(concreteType.name) is an actor, and its requirements would pass \(name) across its isolation, which firebreak does not know to be Sendable; declare \(name) Sendable, then run fix again")
    }

    /// The protocol, its place and the live side, for reads already classified.
    func plan(_ concrete: String, source: ConcreteSource, classified: DependencyReads, owner: OwnerContext, publicInterface: Bool,
              protocols allProtocols: [String: FirewallProtocol]) -> Result<PlannedDependency, Refusal> {
        var classified = classified
        let (platform, concreteDeclarations, concreteModule, concreteImport) = (source.platform, source.declarations, source.module, source.importName)
        let crossModule = concreteModule != owner.module, concreteType = concreteType(concrete, from: source)
        // Within one module the protocol sits beside the high-level type. Across modules it sits
        // beside the concrete type, public: every high-level module imports that module already,
        // and it cannot import them back to see their protocols.
        let home = crossModule ? concreteModule : owner.module
        let protocols = Dictionary(allProtocols.values.filter { $0.module == home }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let interface: ConcreteType.Interface, name: String
        switch concreteType.interface(for: classified.members, calls: classified.calls, setters: classified.setters).flatMap({ interface in
            protocolName(for: concrete, members: classified.members.sorted(), owner: owner.name, protocols: protocols).map { (interface, $0) }
        }) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): (interface, name) = value
        }
        if let refusal = actorBoundaryRefusal(concreteType, interface: interface) { return .failure(refusal) }
        let protocolPath = protocols[name]?.protocolPath ?? (crossModule ? folder(of: concreteDeclarations[0].file.path)
            : domainFolders[owner.module] ?? folder(of: owner.primary.file.path)) + "\(name).swift"
        let adapter: LiveAdapter?
        switch platform.map({ liveAdapter(over: concrete, platform: $0, protocolName: name, owner: owner, instance: classified.liveExpression,
                                          forwarders: interface.forwarders, isSendable: concreteType.isSendable,
                                          isNonisolated: isNonisolatedPlatformType(concreteType, owner: owner), shared: protocols[name]?.adapter).map(Optional.some) }) ?? .success(nil) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): adapter = value
        }
        if let adapter { classified.liveExpression = "\(adapter.name)(\(adapter.instance))" }
        let protocolHost = crossModule ? concreteDeclarations[0].file.path : owner.primary.file.path
        let (conformancePath, conformanceHost) = conformancePlace(concrete, protocolName: name, protocolPath: protocolPath, protocolHost: protocolHost,
                                                                  owner: owner, concreteFile: concreteDeclarations[0].file.path, adapter: adapter,
                                                                  crossModule: crossModule, shared: protocols[name])
        let imports: [String]
        switch firewallImports(name, concrete: concrete, source: source, interface: interface, members: classified.members,
                               home: home, crossModule: crossModule) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): imports = value
        }
        let firewall = FirewallProtocol(
            name: name, concrete: concrete, module: home, requirements: interface.requirements, conveniences: interface.conveniences,
            globalActor: concreteType.globalActor, isPreconcurrency: concreteType.isPlatform, isSendable: concreteType.isSendable,
            isNonisolated: adapter?.isNonisolated ?? false, sendableNames: interface.typeNames.filter(isKnownSendable), isClassBound: interface.isClassBound, isPublic: publicInterface || crossModule, imports: imports,
            indentUnit: (crossModule ? concreteDeclarations[0].file : owner.primary.file).indentUnit,
            adapter: adapter, users: [owner.name], protocolPath: protocolPath, conformancePath: conformancePath,
            protocolHost: protocols[name]?.protocolHost ?? protocolHost, conformanceHost: conformanceHost,
            declaredConformance: adapter == nil ? .init(protocolName: name, declaration: concreteDeclarations[0], host: conformanceHost) : nil)
        for path in [protocolPath, conformancePath] where protocols[name] == nil && sources.exists(path) {
            return .failure(Refusal("\(path) exists already"))
        }
        let moves = crossModule ? .success([]) : typeMoves(interface.typeNames.subtracting([concrete]), from: concreteDeclarations, besides: protocolPath)
        return moves.map { moves in
            PlannedDependency(
                injected: InjectedDependency(reads: classified, protocolName: name), firewall: firewall, moves: moves,
                edits: classified.edits.map { ($0.file.path, $0.edit) },
                notes: interface.nestedTypesNamed.sorted().map {
                    "\(name) names \(concrete).\($0), so it still depends on \(concrete); move \($0) out of \(concrete) to cut it"
                },
                concreteImport: concreteImport, concreteModule: concreteModule)
        }
    }

    /// What the protocol's file imports. A platform protocol imports its framework only when its
    /// signatures name the framework's types; high-level code may import no infrastructure.
    private func firewallImports(_ name: String, concrete: String, source: ConcreteSource, interface: ConcreteType.Interface,
                                 members: Set<String>, home: String, crossModule: Bool) -> Result<[String], Refusal> {
        let imports = source.platform.map { platform in
            interface.typeNames.subtracting(ReservedNames.standardLibraryTypes).isEmpty ? []
                : [platform.module] + platform.memberImports.filter { members.contains($0.key) }.flatMap(\.value).sorted()
        } ?? protocolImports(module: home, concreteDeclarations: source.declarations, typeNames: interface.typeNames)
        if !crossModule, let framework = imports.first(where: infrastructureFrameworks.contains) {
            return .failure(Refusal("\(name) would import \(framework) for the types its signatures name, and high-level code may not import it: wrap \(concrete) behind a protocol of your domain's own types (seed 002)"))
        }
        return .success(imports)
    }

    /// Where the concrete type's members come from: its scanned declarations, or for a platform
    /// type firebreak's table of its SDK signatures.
    struct ConcreteSource {
        var scanned: TypeInfo?
        var platform: PlatformServices.Service?
        var declarations: [(file: ParsedFile, node: DeclSyntax)]
        var module: String
        var importName: String
    }

    /// Where the concrete type's members are declared, and how the type reads it.
    func classifiedDependency(_ concrete: String, findings: [Finding], owner: OwnerContext, takenNames: Set<String>)
        -> Result<(ConcreteSource, DependencyReads), Refusal> {
        concreteSource(concrete, owner: owner).flatMap { source in
            reads(of: concrete, findings: findings).flatMap { live, found in
                if let refusal = Self.platformOnly(concrete, source: source, reads: found) { return .failure(refusal) }
                if let member = live.split(separator: ".").last.map(String.init), live.hasPrefix(concrete + "."),
                   self.concreteType(concrete, from: source).setAfterLaunch(member) {
                    return .failure(Refusal("\(live) is an optional static property set after launch, which a composition root "
                                            + "cannot read when the app starts", dependency: concrete))
                }
                return DependencyReads.classify(concrete: concrete, liveExpression: live, reads: found, bodies: owner.declarations, takenNames: takenNames)
            }.map { (source, $0) }
        }
    }

    /// A type read under `#if os(…)` that exists on some platforms only (a platform type outside
    /// Foundation, or one the app declares under `#if`): the protocol, the adapter or conformance
    /// and the window group's live value that fix writes outside the `#if` would not compile on
    /// the others (Kiwix reads `UIApplication.shared` under `#if os(iOS)` in a target that also
    /// builds for macOS).
    static func platformOnly(_ concrete: String, source: ConcreteSource, reads: [DependencyReads.Read]) -> Refusal? {
        if source.platform?.module == "Foundation" { return nil }
        let scope: String
        if let platform = source.platform {
            scope = "a type of \(platform.module)"
        } else if let declaredUnder = source.declarations.lazy.compactMap({ SyntaxQueries.platformCondition(around: Syntax($0.node)) }).first {
            scope = "declared under `#if \(declaredUnder)`"
        } else {
            return nil
        }
        guard let (read, condition) = reads.lazy.compactMap({ read in SyntaxQueries.platformCondition(around: Syntax(read.node)).map { (read, $0) } }).first else {
            return nil
        }
        return Refusal("\(read.file.location(of: read.node)) reads \(read.node.trimmedDescription) under `#if \(condition)`, and \(concrete) is \(scope), which other platforms do not have: what fix writes outside the `#if` would not compile there; write it by hand")
    }

    /// The concrete type's declarations with what spelling its members outside it needs: its
    /// nested types, qualified; a platform type's global actor.
    func concreteType(_ concrete: String, from source: ConcreteSource) -> ConcreteType {
        ConcreteType(name: concrete, declarations: source.declarations, nestedTypes: nestedTypes[source.scanned?.qualifiedName ?? concrete] ?? [],
                            platformGlobalActor: source.platform?.globalActor, isPlatform: source.platform != nil)
    }

    func concreteSource(_ concrete: String, owner: OwnerContext) -> Result<ConcreteSource, Refusal> {
        if var scanned = model.symbols.resolve(concrete), let first = scanned.declarations.first {
            // Two modules may each declare a type of this name (an app and its watch app): the
            // owner's module's is the one its code names, else the first; extensions of the other
            // one extend another type.
            let primary = scanned.declarations.first { modules[$0.file] == owner.module } ?? first
            let module = modules[primary.file]
            if scanned.declarations.contains(where: { modules[$0.file] != module }) {
                scanned.declarations = scanned.declarations.filter { modules[$0.file] == module }
                scanned.extensions = scanned.extensions.filter { modules[$0.file] == module }
            }
            // Declared twice in one module, in `#if` branches for different platforms: the
            // declarations' members would be merged into one protocol that neither platform has.
            if scanned.declarations.count > 1 {
                let places = Set(scanned.declarations.map { model.files[$0.file].path }).sorted().joined(separator: ", ")
                return .failure(Refusal("\(concrete) is declared more than once in one module (\(places)), in branches of `#if` for different platforms, so no one protocol describes it; write it by hand"))
            }
            return syntax(of: scanned.declarations + scanned.extensions).map { declarations in
                ConcreteSource(scanned: scanned, declarations: declarations, module: module, importName: importNames[primary.file])
            }
        }
        guard let platform = PlatformServices.service(named: concrete) else {
            return .failure(Refusal("\(concrete) is declared outside the scanned sources (a framework or SDK type) and is not in firebreak's table of platform services, so its members' signatures are unknown"))
        }
        let file = ParsedFile(path: "(\(platform.module))", text: platform.declarations)
        guard let node = SyntaxQueries.typeDeclarations(in: file.tree).first?.node else {
            return .failure(Refusal("firebreak's table of \(concrete) does not parse (a firebreak bug: please report it)"))
        }
        // Members the app adds to the platform type in its own module (`extension FileManager {
        // func copyToTemporaryDirectory… }`) have their signatures in the sources: the adapter,
        // in that module, can forward to them.
        let extensions = model.files.indices.filter { modules[$0] == owner.module }.flatMap { file in
            model.files[file].declarations.indices
                .filter { model.files[file].declarations[$0].kind == .extension && model.files[file].declarations[$0].name == concrete }
                .map { DeclarationID(file: file, index: $0) }
        }
        // A platform type counts as the high-level type's own module: nothing is placed in the SDK.
        // An extension that cannot be read again (syntax errors) only leaves its members unknown.
        let scanned = (try? syntax(of: extensions).get()) ?? []
        return .success(ConcreteSource(platform: platform, declarations: [(file, node)] + scanned, module: owner.module,
                                       importName: platform.module))
    }

    /// The `Live…` adapter, a platform type's live side, which the composition root constructs: in
    /// the module's infrastructure folder, else its composition root's, else (named `Live…`, it is
    /// infrastructure wherever it sits) beside the protocol.
    func liveAdapter(over concrete: String, platform: PlatformServices.Service, protocolName: String, owner: OwnerContext,
                     instance: String, forwarders: [String], isSendable: Bool, isNonisolated: Bool, shared: LiveAdapter?) -> Result<LiveAdapter, Refusal> {
        let name = shared?.name ?? LiveAdapter.name(protocolName: protocolName)
        if shared == nil, model.symbols.resolve(name) != nil { return .failure(Refusal("a type named \(name) exists already")) }
        let folder = shared.map { self.folder(of: $0.path) } ?? adapterFolder(module: owner.module)
            ?? (domainFolders[owner.module] ?? self.folder(of: owner.primary.file.path))
        return .success(LiveAdapter(name: name, path: shared?.path ?? folder + "\(name).swift", concrete: concrete, instance: instance,
                                    module: platform.module, globalActor: platform.globalActor, forwarders: forwarders,
                                    isSendable: isSendable, isNonisolated: isNonisolated))
    }

    /// A Sendable platform type's protocol is nonisolated where declarations are isolated to the
    /// main actor by default: code off the main actor (an item provider's completion) called the
    /// SDK type.
    func isNonisolatedPlatformType(_ concreteType: ConcreteType, owner: OwnerContext) -> Bool {
        concreteType.isSendable && concreteType.globalActor == nil && languageModes.isMainActorByDefault(owner.primary.file.path)
    }

    /// Types the signatures name that are declared at the top of the concrete type's own files:
    /// each moves to its own file beside the protocol.
    func typeMoves(_ typeNames: Set<String>, from concreteDeclarations: [(file: ParsedFile, node: DeclSyntax)],
                   besides protocolPath: String) -> Result<[TypeMove], Refusal> {
        var moves: [TypeMove] = []
        let concreteFiles = Set(concreteDeclarations.map(\.file.path))
        for typeName in typeNames.sorted() {
            guard let declared = model.symbols.resolve(typeName), declared.declarations.count == 1,
                  let id = declared.declarations.first, model.files[id.file].declarations[id.index].parent == nil,
                  concreteFiles.contains(model.files[id.file].path), let file = sources.file(model.files[id.file].path),
                  let move = TypeMove.make(name: typeName, from: file, besides: protocolPath) else { continue }
            if sources.exists(move.toPath) { return .failure(Refusal("\(move.toPath) exists already")) }
            moves.append(move)
        }
        return .success(moves)
    }

    /// After the capability, else `<Concrete>Providing`; prefixed with the owner's stem when
    /// a scanned type or another concrete type's protocol has the name.
    func protocolName(for concrete: String, members: [String], owner: String, protocols: [String: FirewallProtocol]) -> Result<String, Refusal> {
        // Free, or another type's protocol over the same concrete type in the module, which gets
        // the union of their requirements: the module owns one protocol per service, not one per
        // view (seven `…AppUserDefaultsProviding` protocols, adapters and doubles for one store).
        func usable(_ name: String) -> Bool {
            // A type named like a module the code imports (`Logging`) would shadow the module.
            guard model.symbols.resolve(name) == nil, !importedModuleNames.contains(name) else { return false }
            return protocols[name].map { $0.concrete == concrete } ?? true
        }
        let base = options.protocolName ?? ProtocolNaming.protocolName(concrete: concrete, members: members)
        if usable(base) { return .success(base) }
        guard options.protocolName == nil else { return .failure(Refusal("--name \(base): a type with that name exists")) }
        let stem = ProtocolNaming.ownerStem(owner.lastNameComponent)
        let candidates = [stem + base, owner.lastNameComponent + base] + (2...9).map { "\(stem)\(base)\($0)" }
        guard let name = candidates.first(where: usable) else {
            return .failure(Refusal("every name tried for the protocol over \(concrete) is taken; choose one with --name"))
        }
        return .success(name)
    }

    /// What the protocol file imports: the modules declaring the types its signatures name; for
    /// names no scanned file declares (`URL`, `UIImage`), the concrete type's files' own imports
    /// of modules outside the scan.
    func protocolImports(module: String, concreteDeclarations: [(file: ParsedFile, node: DeclSyntax)],
                                 typeNames: Set<String>) -> [String] {
        var imports = Set<String>()
        var unresolved = false
        let scannedModules = Dictionary(zip(importNames, modules), uniquingKeysWith: { first, _ in first })
        for name in typeNames where !ReservedNames.standardLibraryTypes.contains(name) {
            guard let declared = model.symbols.resolve(name), let id = declared.declarations.first else {
                // `Models.Status`: the module itself.
                if let named = scannedModules[name] {
                    if named != module { imports.insert(name) }
                } else {
                    unresolved = true
                }
                continue
            }
            if modules[id.file] != module, !importNames[id.file].isEmpty { imports.insert(importNames[id.file]) }
        }
        if unresolved {
            let scanned = Set(importNames)
            imports.formUnion(concreteDeclarations.flatMap(\.file.imports).filter { !scanned.contains($0) })
        }
        return imports.sorted()
    }
}
