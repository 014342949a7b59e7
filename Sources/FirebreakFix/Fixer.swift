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

    public init(model: RoleModel, modules: [String], importNames: [String], workingDirectory: String, options: FixOptions,
                infrastructureFrameworks: InfrastructureFrameworks = InfrastructureFrameworks(),
                pathRole: @escaping (String) -> RoleAssignment? = { _ in nil }) {
        self.model = model
        self.pathRole = pathRole
        self.infrastructureFrameworks = infrastructureFrameworks
        self.modules = modules
        self.importNames = importNames
        self.importedModuleNames = Set(importNames.filter { !$0.isEmpty } + model.files.flatMap { $0.imports.compactMap(\.path.first) })
        self.options = options
        self.sources = SourceFiles(workingDirectory: workingDirectory)
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
        for (index, file) in model.files.enumerated() {
            for name in Set(file.references.map(\.name)) { filesReferencing[name, default: []].append(index) }
        }
        self.filesReferencing = filesReferencing
        self.previewFolders = Self.folders(named: ["previews", "preview content", "mocks"], in: model.files, modules: modules)
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
            plan.rules.insert(finding.rule)
        }
        // Every type these rules flag, selected or not: a fix of one changes its inits.
        let typesWithFindings = Set(findings.filter { Self.rules.contains($0.rule) }.compactMap(\.type))
        var accepted: [OwnerFix] = []
        var protocols: [String: FirewallProtocol] = [:]
        for owner in byOwner.keys.sorted() {
            var ownerFindings = byOwner[owner]!.sorted()
            guard !owner.isEmpty else {
                plan.refused.append(.init(type: "(file scope)", reason: "the code is not inside a type, so nothing can hold the dependency",
                                          findings: ownerFindings.count))
                continue
            }
            // Defaults are fixed on their own: the init already takes them, in every style.
            let defaults = ownerFindings.filter { $0.rule == "concrete-default-argument" }
            if !defaults.isEmpty, defaults.count < ownerFindings.count {
                plan.refused.append(.init(type: owner, reason: "its concrete default arguments are left for a second run, after its other findings are fixed",
                                          findings: defaults.count))
                ownerFindings.removeAll { $0.rule == "concrete-default-argument" }
            }
            let result = if ownerFindings.allSatisfy({ $0.rule == "concrete-default-argument" }) {
                fixDefaultArguments(owner: owner, findings: ownerFindings, protocols: protocols)
            } else {
                switch options.style {
                case .initializer: fix(owner: owner, findings: ownerFindings, protocols: protocols, typesWithFindings: typesWithFindings)
                case .closures: fixWithClosures(owner: owner, findings: ownerFindings)
                case .environment: fixWithEnvironment(owner: owner, findings: ownerFindings, protocols: protocols)
                }
            }
            switch result {
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
    func finish(_ plan: inout FixPlan, accepted: [OwnerFix], protocols: [String: FirewallProtocol]) {
        var accepted = accepted
        while true {
            var edits: [String: [TextEdit]] = [:]
            // The same edit made for two types (an `import`, a subclass's `override` dropped) is made once.
            var seen: Set<String> = []
            for ownerFix in accepted {
                for (path, edit) in ownerFix.edits where seen.insert("\(path) \(edit.start) \(edit.end) \(edit.replacement)").inserted {
                    edits[path, default: []].append(edit)
                }
            }
            // One modifier per key and window group, however many views read the key.
            var injections: [String: [Int: [String]]] = [:]
            for injection in Set(accepted.flatMap(\.injections)) {
                injections[injection.path, default: [:]][injection.offset, default: []].append(injection.modifier)
            }
            for (path, byOffset) in injections {
                for (offset, modifiers) in byOffset { edits[path, default: []].append(.insert(modifiers.sorted().joined(), at: offset)) }
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
                changes.append(file.change(to: text))
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
            var written = Set(changes.map(\.path))
            for ownerFix in accepted {
                for (path, text) in ownerFix.newFiles.sorted(by: { $0.key < $1.key }) where written.insert(path).inserted {
                    changes.append(.init(path: path, old: nil, new: text))
                }
            }
            // The environment's default value is the preview double.
            if options.mocks || options.style == .environment {
                for firewall in protocols.values.sorted(by: { $0.protocolPath < $1.protocolPath }) where used.contains("\(firewall.module)|\(firewall.name)") {
                    switch PreviewDouble.make(for: firewall, folder: previewFolders[firewall.module] ?? folder(of: firewall.protocolPath)) {
                    case .success(let double) where !sources.exists(double.path) && model.symbols.resolve(double.name) == nil:
                        changes.append(.init(path: double.path, old: nil, new: double.source))
                    case .success(let double):
                        plan.notes.append("no preview double for \(firewall.name): \(double.name) exists already")
                    case .failure(let refusal):
                        plan.notes.append("no preview double for \(firewall.name): \(refusal.reason)")
                    }
                }
            }
            plan.changes = changes.sorted { $0.path < $1.path }
            plan.fixed = accepted.map {
                .init(type: $0.owner, protocols: $0.protocols.map(\.name), findings: $0.findings, movedDefaults: $0.movedDefaults,
                      defaultsContainer: $0.defaultsContainer)
            }
            plan.notes = accepted.flatMap(\.notes) + plan.notes
            return
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
