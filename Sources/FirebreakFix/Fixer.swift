import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// `firebreak fix`: for each high-level type with singleton-access or concrete-instantiation
/// findings, a protocol of the members it uses, the concrete type's conformance, the type taking
/// the protocol through `init`, and the composition root passing the live instance; for its
/// concrete default arguments, the default moved to the call sites. All of a type's edits apply,
/// or none.
public final class Fixer {
    /// The rules whose findings `fix` rewrites.
    public static let rules: Set<String> = ["singleton-access", "concrete-instantiation", "concrete-default-argument"]

    let model: RoleModel
    /// Module name of each scanned file, and the name that imports it.
    let modules: [String]
    let importNames: [String]
    /// Every module a scanned file imports, and the scanned ones: names a new type must not take.
    let importedModuleNames: Set<String>
    let options: FixOptions
    let sources: SourceFiles
    /// Which code builds in Swift 6 mode, read from the project descriptions above it.
    let languageModes: LanguageModes
    let fileIndex: [String: Int]
    /// The files whose facts name each name: where a type's constructions can be.
    let filesReferencing: [String: [Int]]
    /// Per module, its `Previews/` (or `Mocks/`, `Preview Content/`) folder: `--mocks` writes there.
    let previewFolders: [String: String]
    /// Per module, its `Domain/` folder when it has one: protocols and the types they name go there.
    let domainFolders: [String: String]
    /// Per module, its infrastructure folder (`Infrastructure/`, `Networking/`…): `Live…` adapters go there.
    let infrastructureFolders: [String: String]

    /// Per qualified type name, the simple names of the types declared directly inside it.
    let nestedTypes: [String: Set<String>]
    /// Per qualified class name, its scanned subclasses (indices into the symbol table's types).
    let subclasses: [String: [Int]]

    /// Frameworks high-level code may not import: a protocol that would need one is refused.
    let infrastructureFrameworks: InfrastructureFrameworks
    /// The role a new file takes from its path alone (a configured layer), nil where conventions
    /// decide: a container written beside a type must still be read as a composition root.
    let pathRole: (String) -> RoleAssignment?
    /// Whether a new file at the first path would be compiled by the target of the existing file at
    /// the second: false for a folder no target compiles, or a classic Xcode group the project
    /// lists files of; the new text then goes into that existing file instead.
    let compiledLike: (String, String) -> Bool
    /// The targets that compile an existing file, all of them (a file an app and its widget share
    /// has two); empty where no project description says.
    let targetsOf: (String) -> Set<String>
    /// Files no target compiles (a leftover of a deleted target): a type declared there too is
    /// still the one the targets compile, and a construction there needs no new argument.
    let uncompiledFiles: Set<Int>
    /// By module: where `--style environment` sets the live instances, and the hosts outside the
    /// scenes; found once, since every view of the module asks.
    var sceneRootsByModule: [String: Result<[SceneRoot], Refusal>] = [:]
    var ownSceneRootsByModule: [String: Result<[SceneRoot], Refusal>] = [:]
    var hostingNotesByModule: [String: [String]] = [:]
    /// By type index, the views UIKit and AppKit hosts show, with the host (`hostedViews()`).
    var hostedViewsFound: [Int: String]?

    public init(model: RoleModel, modules: [String], importNames: [String], workingDirectory: String, options: FixOptions,
                infrastructureFrameworks: InfrastructureFrameworks = InfrastructureFrameworks(),
                pathRole: @escaping (String) -> RoleAssignment? = { _ in nil },
                compiledLike: @escaping (String, String) -> Bool = { _, _ in true },
                targetsOf: @escaping (String) -> Set<String> = { _ in [] }, uncompiledFiles: Set<Int> = [],
                languageModesOf: @escaping (String) -> [Int?] = { _ in [] },
                defaultIsolationsOf: @escaping (String) -> [String?] = { _ in [] }) {
        let model = model.excludingDeclarations(in: uncompiledFiles)
        self.model = model
        self.uncompiledFiles = uncompiledFiles
        self.pathRole = pathRole
        self.compiledLike = compiledLike
        self.targetsOf = targetsOf
        self.infrastructureFrameworks = infrastructureFrameworks
        self.modules = modules
        self.importNames = importNames
        self.importedModuleNames = Set(importNames.filter { !$0.isEmpty } + model.files.flatMap { $0.imports.compactMap(\.path.first) })
        self.options = options
        self.sources = SourceFiles(workingDirectory: workingDirectory)
        self.languageModes = LanguageModes(sources: sources, targetModes: languageModesOf, targetIsolations: defaultIsolationsOf)
        self.fileIndex = Dictionary(model.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.domainFolders = Self.folders(named: ["domain"], in: model.files, modules: modules)
        self.infrastructureFolders = Self.folders(named: RoleConventions.infrastructureFolders, in: model.files, modules: modules)
        var nestedTypes: [String: Set<String>] = [:]
        for type in model.symbols.types where type.qualifiedName.hasSuffix("." + type.simpleName) {
            nestedTypes[String(type.qualifiedName.dropLast(type.simpleName.count + 1)), default: []].insert(type.simpleName)
        }
        self.nestedTypes = nestedTypes
        self.subclasses = Self.subclassIndex(model.symbols, files: model.files)
        var filesReferencing: [String: [Int]] = [:]
        for (index, file) in model.files.enumerated() where !uncompiledFiles.contains(index) {
            for name in Set(file.references.map(\.name)) { filesReferencing[name, default: []].append(index) }
        }
        self.filesReferencing = filesReferencing
        self.previewFolders = Self.folders(named: ["previews", "preview content", "mocks"], in: model.files, modules: modules)
    }

    /// - Parameter refusing: types to leave unchanged, with the reason (a check on the edited
    ///   tree failed for them): the plan is made again without them.
    public func plan(findings: [Finding], refusing: [String: String] = [:]) -> FixPlan {
        var plan = FixPlan()
        let byOwner = selectedFindings(findings, into: &plan)
        // Every type these rules flag, selected or not: a fix of one changes its inits.
        let typesWithFindings = Set(findings.filter { Self.rules.contains($0.rule) }.compactMap(\.type))
        var accepted: [OwnerFix] = []
        var protocols: [String: FirewallProtocol] = [:]
        for owner in byOwner.keys.sorted() {
            var ownerFindings = byOwner[owner]!.sorted()
            if let reason = owner.isEmpty ? "the code is not inside a type, so nothing can hold the dependency" : refusing[owner] {
                plan.refused.append(.init(type: owner.isEmpty ? "(file scope)" : owner, reason: reason, findings: ownerFindings.count))
                continue
            }
            // Defaults are fixed on their own: the init already takes them, in every style.
            let defaults = ownerFindings.filter { $0.rule == "concrete-default-argument" }
            if !defaults.isEmpty, defaults.count < ownerFindings.count {
                plan.refused.append(.init(type: owner, reason: "its concrete default arguments are left for a second run, after its other findings are fixed",
                                          findings: defaults.count))
                ownerFindings.removeAll { $0.rule == "concrete-default-argument" }
            }
            switch rewriteLeavingOut(owner: owner, findings: &ownerFindings, protocols: protocols, typesWithFindings: typesWithFindings,
                                     refused: &plan.refused) {
            case .failure(let refusal):
                plan.refused.append(.init(type: owner, reason: refusal.reason, findings: ownerFindings.count))
            case .success(let ownerFix):
                if let conflict = accepted.first(where: { $0.overlaps(ownerFix) }) {
                    plan.refused.append(.init(type: owner, reason: "its edits overlap those for \(conflict.owner)", findings: ownerFindings.count))
                    continue
                }
                accepted.append(ownerFix)
                Self.share(ownerFix.protocols, of: owner, in: &protocols)
            }
        }
        finish(&plan, accepted: accepted)
        return plan
    }

    /// The findings `--finding` and `--type` select, by the type they are in; others counted by rule.
    private func selectedFindings(_ findings: [Finding], into plan: inout FixPlan) -> [String: [Finding]] {
        let selected = findings.filter { finding in
            (options.fingerprints.isEmpty || options.fingerprints.contains(finding.fingerprint))
                && (options.types.isEmpty || finding.type.map { options.types.contains($0) || options.types.contains($0.lastNameComponent) } == true)
        }
        var byOwner: [String: [Finding]] = [:]
        var uncompiled: [String: Int] = [:]
        for finding in selected {
            guard Self.rules.contains(finding.rule) else {
                plan.otherFindings[finding.rule, default: 0] += 1
                continue
            }
            // Nothing builds the file: no fix of it can matter, and its type's name may be another's.
            if let file = fileIndex[finding.path], uncompiledFiles.contains(file) {
                uncompiled[finding.path, default: 0] += 1
                plan.rules.insert(finding.rule)
                continue
            }
            byOwner[finding.type ?? "", default: []].append(finding)
            plan.rules.insert(finding.rule)
        }
        for (path, count) in uncompiled.sorted(by: { $0.key < $1.key }) {
            plan.refused.append(.init(type: "(\(path))", reason: "no target compiles this file", findings: count))
        }
        return byOwner
    }

    /// One type's rewrite without each dependency that cannot be put behind a protocol (an SDK
    /// type firebreak has no signatures of, a singleton passed on as a value): its reads stay, and
    /// `refused` says why, while the type's other dependencies are fixed.
    private func rewriteLeavingOut(owner: String, findings: inout [Finding], protocols: [String: FirewallProtocol],
                                   typesWithFindings: Set<String>, refused: inout [FixPlan.RefusedType]) -> Result<OwnerFix, Refusal> {
        while true {
            let result = rewrite(owner: owner, findings: findings, protocols: protocols, typesWithFindings: typesWithFindings)
            guard case .failure(let refusal) = result, let concrete = refusal.dependency else { return result }
            let (left, kept) = (findings.filter { concreteName(of: $0) == concrete }, findings.filter { concreteName(of: $0) != concrete })
            guard !left.isEmpty, !kept.isEmpty else { return result }
            refused.append(.init(type: owner, reason: refusal.reason, findings: left.count, dependency: concrete))
            findings = kept
        }
    }

    /// One type's rewrite in the chosen style; defaults alone are moved to the call sites.
    private func rewrite(owner: String, findings: [Finding], protocols: [String: FirewallProtocol], typesWithFindings: Set<String>)
        -> Result<OwnerFix, Refusal> {
        if findings.allSatisfy({ $0.rule == "concrete-default-argument" }) {
            return fixDefaultArguments(owner: owner, findings: findings, protocols: protocols)
        }
        switch options.style {
        case .automatic:
            let fromEnvironment = fixWithEnvironment(owner: owner, findings: findings, protocols: protocols)
            guard case .failure(let viewRefusal) = fromEnvironment else { return fromEnvironment }
            let throughInit = fix(owner: owner, findings: findings, protocols: protocols, typesWithFindings: typesWithFindings)
            // A view that neither way can serve says why for both; the same reason is said once.
            guard case .failure(let initRefusal) = throughInit, model.symbols.resolvedIndex(owner).map(model.views.contains) == true,
                  viewRefusal.reason != initRefusal.reason else { return throughInit }
            return .failure(Refusal("\(initRefusal.reason) (from the environment: \(viewRefusal.reason))", dependency: initRefusal.dependency))
        case .initializer: return fix(owner: owner, findings: findings, protocols: protocols, typesWithFindings: typesWithFindings)
        case .closures: return fixWithClosures(owner: owner, findings: findings)
        case .environment: return fixWithEnvironment(owner: owner, findings: findings, protocols: protocols)
        }
    }

    /// A protocol is shared by name within a module, with the union of what its users call;
    /// other modules cannot see it.
    static func share(_ firewalls: [FirewallProtocol], of owner: String, in protocols: inout [String: FirewallProtocol]) {
        for firewall in firewalls {
            let key = "\(firewall.module)|\(firewall.name)"
            if var shared = protocols[key] {
                shared.users.append(owner)
                shared.requirements = FirewallProtocol.merged(shared.requirements, firewall.requirements)
                shared.conveniences += firewall.conveniences.filter { !shared.conveniences.contains($0) }
                shared.imports = Array(Set(shared.imports + firewall.imports)).sorted()
                shared.sendableNames.formUnion(firewall.sendableNames)
                shared.isClassBound = shared.isClassBound || firewall.isClassBound
                shared.isPublic = shared.isPublic || firewall.isPublic
                if var adapter = shared.adapter, let added = firewall.adapter?.forwarders {
                    adapter.forwarders = FirewallProtocol.merged(adapter.forwarders, added)
                    shared.adapter = adapter
                }
                protocols[key] = shared
            } else {
                protocols[key] = firewall
            }
        }
    }

    /// Per module, the first folder in path order whose name is one of `names` (case-insensitive).
    static func folders(named names: Set<String>, in files: [FileFacts], modules: [String]) -> [String: String] {
        var found: [String: String] = [:]
        for (index, file) in files.enumerated() {
            let components = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard let match = components.dropLast().firstIndex(where: { names.contains($0.lowercased()) }) else { continue }
            let folder = components[...match].joined(separator: "/") + "/"
            if let existing = found[modules[index]], existing <= folder { continue }
            found[modules[index]] = folder
        }
        return found
    }
}
