import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// `firebreak fix`: for each high-level type with singleton-access or concrete-instantiation
/// findings, a protocol of the members it uses, the concrete type's conformance, the type taking
/// the protocol through `init`, and the composition root passing the live instance. All of a
/// type's edits apply, or none.
public final class Fixer {
    /// The rules whose findings `fix` rewrites.
    public static let rules: Set<String> = ["singleton-access", "concrete-instantiation"]

    let model: RoleModel
    /// Module name of each scanned file, and the name that imports it.
    let modules: [String]
    let importNames: [String]
    let options: FixOptions
    let sources: SourceFiles
    private let fileIndex: [String: Int]
    /// Per module, its `Domain/` folder when it has one: protocols and the types they name go there.
    private let domainFolders: [String: String]

    /// Frameworks high-level code may not import: a protocol that would need one is refused.
    let infrastructureFrameworks: InfrastructureFrameworks

    public init(model: RoleModel, modules: [String], importNames: [String], workingDirectory: String, options: FixOptions,
                infrastructureFrameworks: InfrastructureFrameworks = InfrastructureFrameworks()) {
        self.model = model
        self.infrastructureFrameworks = infrastructureFrameworks
        self.modules = modules
        self.importNames = importNames
        self.options = options
        self.sources = SourceFiles(workingDirectory: workingDirectory)
        self.fileIndex = Dictionary(model.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        var domainFolders: [String: String] = [:]
        for (index, file) in model.files.enumerated() {
            let components = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard let domain = components.dropLast().firstIndex(where: { $0.lowercased() == "domain" }) else { continue }
            let folder = components[...domain].joined(separator: "/") + "/"
            if let existing = domainFolders[modules[index]], existing <= folder { continue }
            domainFolders[modules[index]] = folder
        }
        self.domainFolders = domainFolders
    }

    public func plan(findings: [Finding]) -> FixPlan {
        var plan = FixPlan()
        let selected = findings.filter { finding in
            (options.fingerprints.isEmpty || options.fingerprints.contains(finding.fingerprint))
                && (options.types.isEmpty || finding.type.map { options.types.contains($0) || options.types.contains($0.lastNameComponent) } == true)
        }
        var byOwner: [String: [Finding]] = [:]
        for finding in selected {
            guard Self.rules.contains(finding.rule) else {
                plan.otherFindings[finding.rule, default: 0] += 1
                continue
            }
            byOwner[finding.type ?? "", default: []].append(finding)
        }
        var accepted: [OwnerFix] = []
        var protocols: [String: FirewallProtocol] = [:]
        for owner in byOwner.keys.sorted() {
            let ownerFindings = byOwner[owner]!.sorted()
            guard !owner.isEmpty else {
                plan.refused.append(.init(type: "(file scope)", reason: "the code is not inside a type, so nothing can hold the dependency",
                                          findings: ownerFindings.count))
                continue
            }
            switch fix(owner: owner, findings: ownerFindings, protocols: protocols) {
            case .failure(let refusal):
                plan.refused.append(.init(type: owner, reason: refusal.reason, findings: ownerFindings.count))
            case .success(let ownerFix):
                if let conflict = accepted.first(where: { $0.overlaps(ownerFix) }) {
                    plan.refused.append(.init(type: owner, reason: "its edits overlap those for \(conflict.owner)", findings: ownerFindings.count))
                    continue
                }
                accepted.append(ownerFix)
                // Shared by name within a module; other modules cannot see it.
                for firewall in ownerFix.protocols {
                    let key = "\(firewall.module)|\(firewall.name)"
                    if var shared = protocols[key] {
                        shared.users.append(owner)
                        shared.conveniences += firewall.conveniences.filter { !shared.conveniences.contains($0) }
                        protocols[key] = shared
                    } else {
                        protocols[key] = firewall
                    }
                }
            }
        }
        finish(&plan, accepted: accepted, protocols: protocols)
        return plan
    }

    /// Applies the accepted types' edits; a type whose edits leave a file that does not parse is
    /// refused, and the rest applied again without it.
    private func finish(_ plan: inout FixPlan, accepted: [OwnerFix], protocols: [String: FirewallProtocol]) {
        var accepted = accepted
        while true {
            var edits: [String: [TextEdit]] = [:]
            for ownerFix in accepted {
                for (path, edit) in ownerFix.edits { edits[path, default: []].append(edit) }
            }
            var moves: [String: TypeMove] = [:]
            for move in accepted.flatMap(\.moves) where moves[move.name] == nil {
                moves[move.name] = move
                edits[move.fromPath, default: []].append(move.removal)
            }
            var changes: [FixPlan.FileChange] = []
            var broken: String?
            for (path, fileEdits) in edits.sorted(by: { $0.key < $1.key }) {
                guard let file = sources.file(path) else { continue }
                guard case .success(let text) = TextEdit.apply(fileEdits, to: file.text) else { broken = path; break }
                if ParsedFile(path: path, text: text).hasSyntaxErrors { broken = path; break }
                changes.append(.init(path: path, old: file.text, new: text))
            }
            if let broken {
                let culprits = accepted.filter { $0.edits.contains { $0.path == broken } }
                for culprit in culprits {
                    plan.refused.append(.init(type: culprit.owner, reason: "the rewrite of \(broken) would not parse (a firebreak bug: please report it)",
                                              findings: culprit.findings))
                }
                accepted.removeAll { owner in culprits.contains { $0.owner == owner.owner } }
                continue
            }
            let used = Set(accepted.flatMap { $0.protocols.map { "\($0.module)|\($0.name)" } })
            for firewall in protocols.values.sorted(by: { $0.protocolPath < $1.protocolPath }) where used.contains("\(firewall.module)|\(firewall.name)") {
                changes.append(.init(path: firewall.protocolPath, old: nil, new: firewall.protocolSource))
                if let adapter = firewall.adapter {
                    changes.append(.init(path: adapter.path, old: nil, new: adapter.source(protocolName: firewall.name, indentUnit: firewall.indentUnit)))
                } else {
                    changes.append(.init(path: firewall.conformancePath, old: nil, new: firewall.conformanceSource))
                }
            }
            for move in moves.values { changes.append(.init(path: move.toPath, old: nil, new: move.source)) }
            plan.changes = changes.sorted { $0.path < $1.path }
            plan.fixed = accepted.map { .init(type: $0.owner, protocols: $0.protocols.map(\.name), findings: $0.findings) }
            plan.notes = accepted.flatMap(\.notes)
            return
        }
    }

    // MARK: One high-level type

    struct OwnerFix {
        var owner: String
        var findings: Int
        var edits: [(path: String, edit: TextEdit)]
        var protocols: [FirewallProtocol]
        var moves: [TypeMove]
        var notes: [String]

        func overlaps(_ other: OwnerFix) -> Bool {
            edits.contains { mine in other.edits.contains { $0.path == mine.path && $0.edit.overlaps(mine.edit) } }
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
    }

    private func fix(owner: String, findings: [Finding], protocols allProtocols: [String: FirewallProtocol]) -> Result<OwnerFix, Refusal> {
        let context: OwnerContext
        switch ownerContext(owner) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): context = value
        }
        let byConcrete = Dictionary(grouping: findings) { concreteName(of: $0) }
        if options.protocolName != nil, byConcrete.count > 1 {
            return .failure(Refusal("--name names one protocol, but \(owner) reaches \(byConcrete.count) concrete types"))
        }
        let sites = callSites(of: context.type)
        let highLevelSites = sites.filter { role(of: $0).role == .highLevel }
        let explicitSites = sites.filter { role(of: $0).role != .highLevel }
        let crossModuleSites = explicitSites.contains { site in fileIndex[site.file.path].map { modules[$0] } != context.module }
        let publicInterface = context.isPublic && (crossModuleSites || publicInit(in: context))
        var planned: [PlannedDependency] = []
        var takenNames = memberNames(in: context.declarations.map(\.node))
        // In the order the type first reads them, so the init lists them as the properties are.
        let ordered = byConcrete.sorted { ($0.value.min()!.path, $0.value.min()!.line, $0.key) < ($1.value.min()!.path, $1.value.min()!.line, $1.key) }
        for (concrete, concreteFindings) in ordered {
            switch plan(concrete, findings: concreteFindings, owner: context, takenNames: takenNames, publicInterface: publicInterface,
                        protocols: allProtocols) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let dependency):
                takenNames.insert(dependency.injected.parameterName)
                planned.append(dependency)
            }
        }
        let dependencies = planned.map(\.injected)

        // Composition roots, previews and tests pass the live instance; high-level code keeps
        // compiling through a default argument, which the notes list.
        let live = dependencies.map(\.reads.liveExpression).joined(separator: ", ")
        let notes = highLevelSites.map { site in
            "\(site.file.location(of: site.call)) builds \(owner) in high-level code (\(role(of: site).reason)), which compiles through the default argument\(dependencies.count == 1 ? "" : "s"); pass \(live) from the composition root to take \(dependencies.count == 1 ? "it" : "them") out of \(owner)'s closure"
        }
        let superclass = SyntaxQueries.inheritedTypes(of: context.primary.node).first.flatMap { first -> String? in
            if let scanned = model.symbols.resolve(first) { return scanned.kind == .class ? first : nil }
            return first == "NSObject" || first.hasPrefix("UI") || first.hasPrefix("NS") ? first : nil
        }
        let ownerShape = OwnerRewrite.Owner(name: owner, file: context.primary.file, node: context.primary.node,
                                            extensions: Array(context.declarations.dropFirst()), superclass: superclass,
                                            newInitIsPublic: context.isPublic && crossModuleSites)
        let rewrite: OwnerRewrite
        switch OwnerRewrite.make(owner: ownerShape, dependencies: dependencies, defaults: !notes.isEmpty) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): rewrite = value
        }
        var edits = planned.flatMap(\.edits) + rewrite.edits.map { ($0.file.path, $0.edit) }
        let arguments = dependencies.map { (label: $0.parameterName, value: $0.reads.liveExpression) }
        var importsAdded = Set<String>()
        for site in explicitSites {
            if site.file.hasSyntaxErrors { return .failure(Refusal("\(site.file.path) has syntax errors; fix leaves it alone")) }
            edits.append((site.file.path, site.passing(arguments, laterLabels: rewrite.laterLabels)))
            let siteModule = fileIndex[site.file.path].map { modules[$0] }
            for dependency in planned where dependency.concreteModule != siteModule && !importsAdded.contains("\(site.file.path) \(dependency.concreteImport)") {
                if let edit = ImportEdit.adding(dependency.concreteImport, to: site.file) { edits.append((site.file.path, edit)) }
                importsAdded.insert("\(site.file.path) \(dependency.concreteImport)")
            }
        }
        return .success(OwnerFix(owner: owner, findings: findings.count, edits: edits, protocols: planned.map(\.firewall),
                                 moves: planned.flatMap(\.moves), notes: planned.flatMap(\.notes) + notes))
    }

    private func ownerContext(_ owner: String) -> Result<OwnerContext, Refusal> {
        guard let type = model.symbols.resolveQualified(owner) ?? model.symbols.resolve(owner) else {
            return .failure(Refusal("\(owner) is not a type declared in the scanned files"))
        }
        guard [.class, .struct, .actor].contains(type.kind) else {
            return .failure(Refusal("\(owner) is \(type.kind == .enum ? "an enum" : "a \(type.kind.rawValue)"): it has no instance to hold a dependency"))
        }
        guard let primaryID = type.declarations.first, type.declarations.count == 1 else {
            return .failure(Refusal("\(owner) is declared more than once in the scanned files"))
        }
        return syntax(of: [primaryID] + type.extensions).map { declarations in
            let modifiers = SyntaxQueries.modifiers(of: declarations[0].node)
            return OwnerContext(name: owner, type: type, declarations: declarations, module: modules[primaryID.file],
                                isPublic: modifiers.contains("public") || modifiers.contains("open"))
        }
    }

    private func publicInit(in context: OwnerContext) -> Bool {
        let block = SyntaxQueries.memberBlock(of: context.primary.node)
        return block?.members.contains { item in
            item.decl.is(InitializerDeclSyntax.self) && SyntaxQueries.modifiers(of: item.decl).contains { $0 == "public" || $0 == "open" }
        } ?? false
    }

    /// One concrete type behind a protocol: the reads, the requirements, the protocol's name and
    /// place, and the types its signatures need moved out of the infrastructure file.
    private func plan(_ concrete: String, findings: [Finding], owner: OwnerContext, takenNames: Set<String>, publicInterface: Bool,
                      protocols allProtocols: [String: FirewallProtocol]) -> Result<PlannedDependency, Refusal> {
        let scanned = model.symbols.resolve(concrete)
        let platform = scanned == nil ? PlatformServices.service(named: concrete) : nil
        let concreteDeclarations: [(file: ParsedFile, node: DeclSyntax)]
        let concreteModule: String
        let concreteImport: String
        if let scanned, let concretePrimary = scanned.declarations.first {
            switch syntax(of: scanned.declarations + scanned.extensions) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let found): concreteDeclarations = found
            }
            concreteModule = modules[concretePrimary.file]
            concreteImport = importNames[concretePrimary.file]
        } else if let platform {
            let file = ParsedFile(path: "(\(platform.module))", text: platform.declarations)
            guard let node = SyntaxQueries.typeDeclarations(in: file.tree).first?.node else {
                return .failure(Refusal("firebreak's table of \(concrete) does not parse (a firebreak bug: please report it)"))
            }
            concreteDeclarations = [(file, node)]
            concreteModule = owner.module
            concreteImport = platform.module
        } else {
            return .failure(Refusal("\(concrete) is declared outside the scanned sources (a framework or SDK type) and is not in firebreak's table of platform services, so its members' signatures are unknown"))
        }
        let crossModule = concreteModule != owner.module
        // Within one module the protocol sits beside the high-level type. Across modules it sits
        // beside the concrete type, public: every high-level module imports that module already,
        // and it cannot import them back to see their protocols.
        let home = crossModule ? concreteModule : owner.module
        let protocols = Dictionary(allProtocols.values.filter { $0.module == home }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var classified: DependencyReads
        switch reads(of: concrete, findings: findings).flatMap({ live, found in
            DependencyReads.classify(concrete: concrete, liveExpression: live, reads: found, bodies: owner.declarations, takenNames: takenNames)
        }) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): classified = value
        }
        let nested = Set(model.symbols.types.filter { $0.qualifiedName == "\(scanned?.qualifiedName ?? concrete).\($0.simpleName)" }.map(\.simpleName))
        let concreteType = ConcreteType(name: concrete, declarations: concreteDeclarations, nestedTypes: nested,
                                        platformGlobalActor: platform?.globalActor, isPlatform: platform != nil)
        let interface: ConcreteType.Interface
        switch concreteType.interface(for: classified.members, calls: classified.calls, setters: classified.setters) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): interface = value
        }
        let name: String
        switch protocolName(for: concrete, members: classified.members.sorted(), owner: owner.name, interface: interface, protocols: protocols) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): name = value
        }
        let highLevelFolder = domainFolders[owner.module] ?? folder(of: owner.primary.file.path)
        let protocolPath = protocols[name]?.protocolPath
            ?? (crossModule ? sibling(of: concreteDeclarations[0].file.path, named: "\(name).swift") : highLevelFolder + "\(name).swift")
        var adapter: LiveAdapter?
        if let platform {
            let adapterName = protocols[name]?.adapter?.name ?? LiveAdapter.name(protocolName: name, concrete: concrete)
            // Named `Live…`, an adapter is infrastructure wherever it sits: beside the protocol when
            // the module has no better place.
            let folder = protocols[name]?.adapter.map { self.folder(of: $0.path) } ?? adapterFolder(module: owner.module)
                ?? (domainFolders[owner.module] ?? self.folder(of: owner.primary.file.path))
            adapter = LiveAdapter(name: adapterName, path: folder + "\(adapterName).swift", concrete: concrete, instance: classified.liveExpression,
                                  module: platform.module, globalActor: platform.globalActor, forwarders: interface.forwarders)
            if model.symbols.resolve(adapterName) != nil { return .failure(Refusal("a type named \(adapterName) exists already")) }
            classified.liveExpression = "\(adapterName)()"
        }
        let conformancePath = adapter?.path ?? protocols[name]?.conformancePath
            ?? sibling(of: concreteDeclarations[0].file.path, named: "\(concrete)+\(name).swift")
        // A platform protocol imports its framework only when its signatures name the framework's types.
        let imports = platform.map { platform in
            interface.typeNames.subtracting(Self.standardLibraryTypes).isEmpty ? []
                : [platform.module] + platform.extraImports.filter { _ in interface.requirements.contains { $0.contains("\(concrete).Publisher") } }
        } ?? protocolImports(module: home, concreteDeclarations: concreteDeclarations, typeNames: interface.typeNames)
        if !crossModule, let framework = imports.first(where: infrastructureFrameworks.contains) {
            return .failure(Refusal("\(name) would import \(framework) for the types its signatures name, and high-level code may not import it: wrap \(concrete) behind a protocol of your domain's own types (seed 002)"))
        }
        let firewall = FirewallProtocol(
            name: name, concrete: concrete, module: home, requirements: interface.requirements, conveniences: interface.conveniences,
            globalActor: concreteType.globalActor, isSendable: concreteType.isSendable, isClassBound: interface.isClassBound,
            isPublic: publicInterface || crossModule,
            imports: imports,
            conformanceImports: [], indentUnit: (crossModule ? concreteDeclarations[0].file : owner.primary.file).indentUnit,
            adapter: adapter, users: [owner.name], protocolPath: protocolPath, conformancePath: conformancePath)
        for path in [protocolPath, conformancePath] where protocols[name] == nil && sources.exists(path) {
            return .failure(Refusal("\(path) exists already"))
        }
        var moves: [TypeMove] = []
        let concreteFiles = Set(concreteDeclarations.map(\.file.path))
        for typeName in interface.typeNames.sorted() where typeName != concrete && !crossModule {
            guard let declared = model.symbols.resolve(typeName), declared.declarations.count == 1,
                  let id = declared.declarations.first, model.files[id.file].declarations[id.index].parent == nil,
                  concreteFiles.contains(model.files[id.file].path), let file = sources.file(model.files[id.file].path),
                  let move = TypeMove.make(name: typeName, from: file, besides: protocolPath) else { continue }
            if sources.exists(move.toPath) { return .failure(Refusal("\(move.toPath) exists already")) }
            moves.append(move)
        }
        return .success(PlannedDependency(
            injected: InjectedDependency(reads: classified, protocolName: name), firewall: firewall, moves: moves,
            edits: classified.edits.map { ($0.file.path, $0.edit) },
            notes: interface.nestedTypesNamed.sorted().map {
                "\(name) names \(concrete).\($0), so it still depends on \(concrete); move \($0) out of \(concrete) to cut it"
            },
            concreteImport: concreteImport, concreteModule: concreteModule))
    }

    /// After the capability, else `<Concrete>Providing`; prefixed with the owner's stem when
    /// another type's protocol (or a scanned type) has the name with another interface.
    private func protocolName(for concrete: String, members: [String], owner: String, interface: ConcreteType.Interface,
                              protocols: [String: FirewallProtocol]) -> Result<String, Refusal> {
        // Free, or another type's protocol of the same interface (conveniences do not count: the
        // shared protocol gets the union of them).
        func usable(_ name: String) -> Bool {
            guard model.symbols.resolve(name) == nil else { return false }
            return protocols[name].map { $0.concrete == concrete && $0.requirements == interface.requirements } ?? true
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
    private func protocolImports(module: String, concreteDeclarations: [(file: ParsedFile, node: DeclSyntax)],
                                 typeNames: Set<String>) -> [String] {
        var imports = Set<String>()
        var unresolved = false
        let scannedModules = Dictionary(zip(importNames, modules), uniquingKeysWith: { first, _ in first })
        for name in typeNames where !Self.standardLibraryTypes.contains(name) {
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

    /// Names no import is needed for.
    static let standardLibraryTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "Character", "Array", "Dictionary", "Set", "Optional", "Result", "Error", "Never", "Void", "Any", "AnyObject",
        "Sendable", "Hashable", "Equatable", "Comparable", "Codable", "Decodable", "Encodable", "Identifiable", "Sequence",
        "Collection", "Substring", "Task", "AsyncStream", "AsyncThrowingStream", "Duration", "LosslessStringConvertible",
        "CustomStringConvertible", "RawRepresentable", "CaseIterable", "Range", "ClosedRange", "Self", "T", "U", "Element",
    ]

    /// The concrete type a finding names: `APIClient` of `APIClient.shared` or of `APIClient`.
    private func concreteName(of finding: Finding) -> String {
        guard finding.rule == "singleton-access", let dot = finding.symbol.lastIndex(of: ".") else { return finding.symbol }
        return String(finding.symbol[..<dot])
    }

    /// The syntax of each declaration (a type or an extension), parsed from its file.
    private func syntax(of ids: [DeclarationID]) -> Result<[(file: ParsedFile, node: DeclSyntax)], Refusal> {
        var result: [(file: ParsedFile, node: DeclSyntax)] = []
        for id in ids {
            let facts = model.files[id.file]
            guard let file = sources.file(facts.path) else { return .failure(Refusal("cannot read \(facts.path)")) }
            guard !file.hasSyntaxErrors else { return .failure(Refusal("\(facts.path) has syntax errors; fix leaves it alone")) }
            let declaration = facts.declarations[id.index]
            let candidates = SyntaxQueries.typeDeclarations(in: file.tree).filter { candidate in
                candidate.name == declaration.name
                    && (file.line(of: candidate.node)...file.converter.location(for: candidate.node.endPositionBeforeTrailingTrivia).line)
                        .contains(declaration.startLine)
            }
            guard let node = candidates.last?.node else {
                return .failure(Refusal("\(facts.path):\(declaration.startLine): cannot find the declaration of \(declaration.name) again"))
            }
            result.append((file, node))
        }
        return .success(result)
    }

    /// The reads the findings point at, and what the composition root will pass instead.
    private func reads(of concrete: String, findings: [Finding]) -> Result<(String, [DependencyReads.Read]), Refusal> {
        var live: String?
        var found: [DependencyReads.Read] = []
        for finding in findings {
            guard let file = sources.file(finding.path) else { return .failure(Refusal("cannot read \(finding.path)")) }
            let offset = file.offset(line: finding.line, column: finding.column)
            let locator = ReadLocator(offset: offset, concrete: concrete,
                                      member: finding.rule == "singleton-access" ? String(finding.symbol.dropFirst(concrete.count + 1)) : nil)
            locator.walk(file.tree)
            guard let node = locator.found else {
                return .failure(Refusal("\(finding.path):\(finding.line):\(finding.column): cannot find the read of \(finding.symbol) again"))
            }
            let expression: String
            if let call = node.as(FunctionCallExprSyntax.self) {
                guard ArgumentsCheck.areSelfContained(call) else {
                    return .failure(Refusal("\(file.location(of: node)): \(call.trimmedDescription) takes values from its surroundings, which a composition root cannot pass"))
                }
                expression = call.trimmedDescription
            } else {
                expression = finding.symbol
            }
            if let live, live != expression {
                return .failure(Refusal("\(concrete) is obtained two ways (\(live), \(expression))"))
            }
            live = expression
            found.append(DependencyReads.Read(file: file, node: node))
        }
        return .success((live ?? concrete, found))
    }

    private func memberNames(in declarations: [DeclSyntax]) -> Set<String> {
        var names = Set<String>()
        for declaration in declarations {
            for item in SyntaxQueries.memberBlock(of: declaration)?.members ?? [] {
                if let variable = item.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
                    }
                } else if let function = item.decl.as(FunctionDeclSyntax.self) {
                    names.insert(function.name.text)
                }
            }
        }
        return names
    }

    /// `import Foundation` when the concrete type's files have it: requirement signatures often
    /// name `URL`, `Data` or `Date`.
    private func foundationImports(of declarations: [(file: ParsedFile, node: DeclSyntax)]) -> [String] {
        declarations.contains { $0.file.imports.contains("Foundation") } ? ["Foundation"] : []
    }

    /// Where a `Live…` adapter goes: the module's infrastructure folder, else its composition root's.
    private func adapterFolder(module: String) -> String? {
        var best: String?
        for (index, file) in model.files.enumerated() where modules[index] == module {
            let components = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard let found = components.dropLast().firstIndex(where: { RoleConventions.infrastructureFolders.contains($0.lowercased()) }) else { continue }
            let candidate = components[...found].joined(separator: "/") + "/"
            if best.map({ candidate < $0 }) ?? true { best = candidate }
        }
        if let best { return best }
        for (index, file) in model.files.enumerated() where modules[index] == module
            && model.declarationRoles[index].contains(where: { $0.role == .compositionRoot }) {
            return folder(of: file.path)
        }
        return nil
    }

    private func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    private func sibling(of path: String, named name: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    /// Files that name the type, searched for its constructions.
    private func callSites(of type: TypeInfo) -> [CallSite] {
        var sites: [CallSite] = []
        for (index, facts) in model.files.enumerated() where facts.references.contains(where: { $0.name == type.simpleName || $0.name == type.qualifiedName }) {
            guard let file = sources.file(facts.path) else { continue }
            _ = index
            sites += CallSite.find(type: type.simpleName, in: file)
        }
        return sites
    }

    /// The role of the code around a call: the innermost declaration that holds its line.
    private func role(of site: CallSite) -> RoleAssignment {
        var current = Syntax(site.call).parent
        while let node = current {
            if let macro = node.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return RoleAssignment(.exempt, "inside #Preview") }
            if let macro = node.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return RoleAssignment(.exempt, "inside #Preview") }
            current = node.parent
        }
        guard let index = fileIndex[site.file.path] else { return RoleAssignment(.neutral, "not scanned") }
        let line = site.file.line(of: site.call)
        let facts = model.files[index]
        let holding = facts.declarations.indices.filter { facts.declarations[$0].startLine <= line && line <= facts.declarations[$0].endLine }
        guard let innermost = holding.max(by: { facts.declarations[$0].startLine < facts.declarations[$1].startLine }) else {
            return model.fileScopeRoles[index]
        }
        return model.declarationRoles[index][innermost]
    }
}

/// Finds the expression a finding points at: `APIClient.shared`, `.shared`, or `APIClient(...)`.
private final class ReadLocator: SyntaxVisitor {
    let offset: Int
    let concrete: String
    let member: String?
    var found: ExprSyntax?

    init(offset: Int, concrete: String, member: String?) {
        self.offset = offset
        self.concrete = concrete
        self.member = member
        super.init(viewMode: .sourceAccurate)
    }

    private func descend(into node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        found != nil || node.endPosition.utf8Offset <= offset || node.position.utf8Offset > offset ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let member, !member.hasSuffix("()"), found == nil, node.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
           node.declName.baseName.text == member {
            let base = node.base?.trimmedDescription
            if base == nil || base == concrete || base?.hasSuffix("." + concrete) == true { found = ExprSyntax(node) }
        }
        return descend(into: node)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `UNUserNotificationCenter.current()`: a singleton read through a call.
        if let member, member.hasSuffix("()"), found == nil, node.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
           node.arguments.isEmpty, let callee = node.calledExpression.as(MemberAccessExprSyntax.self),
           callee.declName.baseName.text == member.dropLast(2), callee.base?.trimmedDescription == concrete {
            found = ExprSyntax(node)
        }
        if member == nil, found == nil, node.positionAfterSkippingLeadingTrivia.utf8Offset == offset,
           node.calledExpression.trimmedDescription == concrete || node.calledExpression.trimmedDescription == concrete + ".init" {
            found = ExprSyntax(node)
        }
        return descend(into: node)
    }
}

/// A construction a composition root can repeat: its arguments are literals or other types'
/// static members, nothing from the surrounding instance.
enum ArgumentsCheck {
    static func areSelfContained(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.trailingClosure == nil else { return false }
        let finder = LowercaseReferenceFinder(viewMode: .sourceAccurate)
        finder.walk(call.arguments)
        return !finder.found
    }
}

private final class LowercaseReferenceFinder: SyntaxVisitor {
    var found = false

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // `Endpoint.production` names a type; `baseURL` or `self` names the instance's state.
        let isMemberName = node.parent?.as(MemberAccessExprSyntax.self)?.declName.id == node.id
        if !isMemberName, node.baseName.text.first?.isLowercase == true { found = true }
        return .visitChildren
    }
}
