import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// `--style environment` (seed 000): a view reads the protocol from the environment
/// (`@Environment(\.entryStore) private var store`), an `EnvironmentKey` whose default is the
/// preview double serves previews, and the app's window group sets the live instance.
extension Fixer {
    /// One `.environment(\.key, live)` modifier on a window group's root view; views that share a
    /// key share the modifier.
    struct EnvironmentInjection: Hashable {
        var path: String
        var offset: Int
        var modifier: String
        /// What the live value names that the root's file may not import: the platform module of
        /// an adapter's instance (`LiveFileManager(FileManager.default)`).
        var imports: [String] = []
        /// The live adapter the modifier builds, its module and that module's import name: a root
        /// whose own module declares a type of that name qualifies it (`Feature.LiveFileManager`).
        var adapter: String?
        var adapterModule = ""
        var adapterImport = ""
    }

    func fixWithEnvironment(owner: String, findings: [Finding], protocols allProtocols: [String: FirewallProtocol]) -> Result<OwnerFix, Refusal> {
        let context: OwnerContext
        switch ownerContext(owner) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): context = value
        }
        guard let view = model.symbols.resolvedIndex(context.type.qualifiedName), model.views.contains(view) else {
            return .failure(Refusal("\(owner) is not a view, and only views read the environment; --style init injects it"))
        }
        if let host = hostedViews()[view] {
            return .failure(Refusal("\(owner) is shown in \(host), which does not inherit the environment the scenes set"))
        }
        if let construction = findings.first(where: { $0.rule == "concrete-instantiation" }) {
            return .failure(Refusal("\(concreteName(of: construction)) is constructed in \(owner): the environment would share one instance where the view made its own"))
        }
        let roots: [SceneRoot]
        switch sceneRoots(module: context.module) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): roots = value
        }
        guard let block = SyntaxQueries.memberBlock(of: context.primary.node) else { return .failure(Refusal("\(owner) has no body")) }
        let file = context.primary.file
        let indent = block.members.first.map { file.indentation(at: $0.positionAfterSkippingLeadingTrivia) }
            ?? file.indentation(at: context.primary.node.positionAfterSkippingLeadingTrivia) + file.indentUnit

        let byConcrete = Dictionary(grouping: findings) { concreteName(of: $0) }
        let ordered = byConcrete.sorted { ($0.value.min()!.path, $0.value.min()!.line, $0.key) < ($1.value.min()!.path, $1.value.min()!.line, $1.key) }
        var takenNames = memberNames(in: context.declarations.map(\.node))
        var fix = OwnerFix(owner: owner, findings: findings.count, edits: [], protocols: [], moves: [], notes: [])
        var newProperties = ""
        // An app module sets the key: its type must be visible there.
        let acrossModules = roots.contains { $0.module != context.module }
        for (concrete, concreteFindings) in ordered {
            let dependency: PlannedDependency
            switch plan(concrete, findings: concreteFindings, owner: context, takenNames: takenNames, publicInterface: acrossModules,
                        protocols: allProtocols) {
            case .failure(let refusal): return .failure(refusal.about(concrete))
            case .success(let value): dependency = value
            }
            if let refusal = EnvironmentReadPlaces.refusal(reads: EnvironmentReadPlaces.reads(of: dependency.injected.reads),
                                                           what: dependency.injected.reads.liveExpression) {
                return .failure(refusal.about(concrete))
            }
            takenNames.insert(dependency.injected.parameterName)
            switch readFromEnvironment(dependency, owner: context, roots: roots, into: &fix) {
            case .failure(let refusal): return .failure(refusal.about(concrete))
            case .success(let property): newProperties += property.map { "\n\(indent)\($0)" } ?? ""
            }
        }
        if !newProperties.isEmpty { fix.edits.append((file.path, Self.insertion(ofProperties: newProperties, into: block))) }
        fix.notes += hostingNotes(module: context.module)
        fix.edits += roots.flatMap { root in root.wrap.map { (root.file.path, $0) } }
        return .success(fix)
    }

    /// New properties first in the type, set apart by a blank line from a first member that is
    /// not a stored property.
    static func insertion(ofProperties properties: String, into block: MemberBlockSyntax) -> TextEdit {
        let separated = block.members.first.map { item in
            item.decl.as(VariableDeclSyntax.self)?.bindings.allSatisfy { $0.accessorBlock == nil } != true
        } ?? false
        return .insert(properties + (separated ? "\n" : ""), at: block.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    /// One dependency read from the environment: its key and the double it defaults to, the
    /// property (returned when the view needs a new one), and the live value each window group sets.
    private func readFromEnvironment(_ dependency: PlannedDependency, owner context: OwnerContext, roots: [SceneRoot],
                                     into fix: inout OwnerFix) -> Result<String?, Refusal> {
        let key: String
        switch environmentKey(for: dependency, module: context.module, file: context.primary.file, roots: roots, into: &fix) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): key = value
        }
        // An extension in another file that reads it could not see a `private` one; a holder
        // keeps the access it had, since extensions elsewhere may read it by name.
        let readElsewhere = dependency.injected.reads.edits.contains { $0.file.path != context.primary.file.path }
        let property = { (isPrivate: Bool) in "@Environment(\\.\(key)) \(isPrivate ? "private " : "")var \(dependency.injected.parameterName)" }
        var newProperty: String?
        switch dependency.injected.reads.holder {
        case .new:
            newProperty = property(!readElsewhere)
        case .existing(let name, let holderFile, let variable, let binding):
            guard binding.initializer != nil else {
                return .failure(Refusal("\(holderFile.location(of: variable)): \(name) is set in an init, which the environment would replace"))
            }
            // A visible `var` with a value is a parameter of the memberwise init, which callers may pass.
            let modifiers = SyntaxQueries.modifiers(of: variable)
            if variable.bindingSpecifier.tokenKind == .keyword(.var), !modifiers.contains("private"), !modifiers.contains("fileprivate") {
                return .failure(Refusal("\(holderFile.location(of: variable)): \(name) is a var that callers can set through the memberwise init"))
            }
            let wasPrivate = modifiers.contains("private") || modifiers.contains("fileprivate")
            fix.edits.append((holderFile.path, TextEdit(start: variable.positionAfterSkippingLeadingTrivia.utf8Offset,
                                                        end: variable.endPositionBeforeTrailingTrivia.utf8Offset, replacement: property(wasPrivate))))
        }
        fix.edits += dependency.edits
        fix.protocols.append(dependency.firewall)
        fix.moves += dependency.moves
        fix.notes += dependency.notes
        return .success(newProperty)
    }

    /// Where a protocol's environment key is declared, and its name.
    struct KeyHome {
        var module: String
        var folder: String
        var name: String
        var isPublic: Bool
    }

    /// A protocol beside a concrete type of another module that imports SwiftUI has one public key
    /// there, which every module's views read and the app sets once. Otherwise the key belongs to
    /// the view's module (the protocol is visible there, not the reverse). When the window groups
    /// of an app module that imports it set that key, it is public, with the protocol it holds, and
    /// named after its module (`accountHapticManager`), since the app sees every module's keys; a
    /// platform type's protocol and live adapter are public then, for the app to build the adapter.
    func keyHome(for firewall: FirewallProtocol, module: String, file: ParsedFile, appModules: Set<String>) -> Result<KeyHome, Refusal> {
        let stem = ProtocolNaming.stem(of: firewall.name)
        let plain = ProtocolNaming.propertyName(for: stem)
        let crossModule = firewall.module != module
        let protocolFolder = folder(of: firewall.protocolPath)
        if crossModule, firewall.isPublic, model.files.indices.contains(where: { modules[$0] == firewall.module && model.files[$0].imports.contains { $0.path.first == "SwiftUI" } }) {
            return .success(KeyHome(module: firewall.module, folder: protocolFolder, name: plain, isPublic: true))
        }
        let keyFolder = crossModule ? folder(of: file.path) : protocolFolder
        guard let app = appModules.sorted().first else { return .success(KeyHome(module: module, folder: keyFolder, name: plain, isPublic: false)) }
        // A protocol of this module's own types would make those public too; a platform type's
        // names only the platform's, and its adapter is public with it.
        if !firewall.isPublic || (!crossModule && firewall.adapter == nil) {
            return .failure(Refusal("\(firewall.name) would have to be public, with the types it names, for app module \(app) to set the key"))
        }
        let moduleImport = importNames.indices.first { modules[$0] == module }.map { importNames[$0] } ?? ""
        return .success(KeyHome(module: module, folder: keyFolder, name: ProtocolNaming.propertyName(for: moduleImport.filter { $0.isLetter || $0.isNumber } + stem),
                                isPublic: true))
    }

    /// The environment key a view of `module` (in `file`) reads the dependency's protocol through:
    /// the key and the preview double it defaults to, and the live value each window group sets.
    func environmentKey(for dependency: PlannedDependency, module: String, file: ParsedFile, roots: [SceneRoot],
                        into fix: inout OwnerFix) -> Result<String, Refusal> {
        let firewall = dependency.firewall
        let stem = ProtocolNaming.stem(of: firewall.name)
        let home: KeyHome
        switch keyHome(for: firewall, module: module, file: file, appModules: Set(roots.map(\.module)).subtracting([module])) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): home = value
        }
        let key = home.name
        let double: PreviewDouble
        switch PreviewDouble.make(for: firewall, folder: previewFolders[home.module] ?? home.folder, optionalFixtures: true) {
        case .failure(let refusal): return .failure(Refusal("the environment's default for \(firewall.name) is its preview double, and \(refusal.reason)"))
        case .success(let value): double = value
        }
        if let fixture = double.fixturesWithoutDefault.first {
            return .failure(Refusal("the environment's default for \(firewall.name) is \(double.name)(), and its fixture \(fixture) has a type with no obvious empty value"))
        }
        // A fixture with no empty value starts unset: say which previews stop until they set it.
        fix.notes += double.unsetFixtures.map { unset in
            "\(double.name).\(unset.fixture) starts unset, so a preview that \(unset.use) stops until it passes "
                + ".environment(\\.\(key), \(double.name)(\(unset.fixture): …))"
        }
        // Beside the protocol, the double is written with it; in another module, here.
        let importsProtocol = home.module != firewall.module
        if importsProtocol, !sources.exists(double.path), model.symbols.resolve(double.name) == nil {
            fix.newFiles[double.path] = "import \(dependency.concreteImport)\n\n" + double.source
        }
        let keyPath = home.folder + "EnvironmentValues+\(stem).swift"
        if home.module != module { fix.newFileHosts[keyPath] = firewall.protocolHost }
        fix.newFiles[keyPath] = (importsProtocol ? "import \(dependency.concreteImport)\n" : "")
            + environmentSource(protocolName: firewall.name, stem: stem, key: key, double: double.name, unit: firewall.indentUnit,
                                access: home.isPublic ? "public " : "")
        let homeImport = importNames.indices.first { modules[$0] == home.module }.map { importNames[$0] } ?? ""
        for root in roots {
            let rootModule = fileIndex[root.file.path].map { modules[$0] }
            let keyModule = rootModule != home.module && !homeImport.isEmpty ? [homeImport] : []
            fix.injections.append(EnvironmentInjection(
                path: root.file.path, offset: root.offset,
                modifier: "\n\(root.indent).environment(\\.\(key), \(dependency.injected.reads.liveExpression))",
                imports: Array(Set((dependency.liveImport.isNeeded(in: rootModule) ? [dependency.concreteImport] : []) + keyModule)).sorted(),
                adapter: firewall.adapter?.name, adapterModule: firewall.module,
                adapterImport: importNames.indices.first { modules[$0] == firewall.module }.map { importNames[$0] } ?? ""))
        }
        return .success(key)
    }

    private func environmentSource(protocolName: String, stem: String, key: String, double: String, unit: String, access: String) -> String {
        """
        import SwiftUI

        /// Views read \(protocolName) from the environment: the app's window group sets the live
        /// one, and previews get \(double) without asking.
        private struct \(stem)Key: EnvironmentKey {
        \(unit)static var defaultValue: any \(protocolName) { \(double)() }
        }

        extension EnvironmentValues {
        \(unit)\(access)var \(key): any \(protocolName) {
        \(unit)\(unit)get { self[\(stem)Key.self] }
        \(unit)\(unit)set { self[\(stem)Key.self] = newValue }
        \(unit)}
        }

        """
    }
}
