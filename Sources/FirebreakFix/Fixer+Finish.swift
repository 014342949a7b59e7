import FirebreakModel
import FirebreakScan

/// The last step of a plan: every accepted type's edits applied to its files, the new declarations
/// placed (a new file where the target compiles it, else appended to the existing file it serves),
/// and every rewritten file parsed; a type whose edits leave a file that does not parse is refused,
/// and the rest applied again without it.
extension Fixer {
    /// A new file's text and the existing file it serves (the owner's, the concrete type's).
    struct NewFile {
        var path: String
        var text: String
        var host: String
        /// The high-level types it is written for.
        var owners: [String]
    }

    func finish(_ plan: inout FixPlan, accepted: [OwnerFix]) {
        var accepted = accepted
        while true {
            // What the types left call: a refused type's members leave the shared protocols.
            var protocols: [String: FirewallProtocol] = [:]
            for ownerFix in accepted { Self.share(ownerFix.protocols, of: ownerFix.owner, in: &protocols) }
            let unbuildable = doublesThatCannotServe(accepted, shared: protocols)
            if !unbuildable.isEmpty {
                plan.refused += unbuildable.map { .init(type: $0.owner.owner, reason: $0.reason, findings: $0.owner.findings) }
                accepted.removeAll { owner in unbuildable.contains { $0.owner.owner == owner.owner } }
                continue
            }
            var edits = collectEdits(accepted)
            let firewalls = protocols.values.sorted(by: { $0.protocolPath < $1.protocolPath })
            for (path, edit) in FirewallProtocol.DeclaredConformance.edits(Set(firewalls.compactMap(\.declaredConformance))) {
                edits[path, default: []].append(edit)
            }
            let drafts = newFiles(accepted, firewalls: firewalls, shared: protocols, notes: &plan.notes)
            let kept = place(drafts, into: &edits)
            switch applyEdits(edits) {
            case .failure(let failure):
                let broken = failure.path
                let culprits = accepted.filter { owner in
                    owner.edits.contains { $0.path == broken } || drafts.contains { $0.host == broken && $0.owners.contains(owner.owner) }
                }
                for culprit in culprits {
                    plan.refused.append(.init(type: culprit.owner, reason: "the rewrite of \(broken) would not parse (a firebreak bug: please report it)",
                                              findings: culprit.findings))
                }
                accepted.removeAll { owner in culprits.contains { $0.owner == owner.owner } }
                continue
            case .success(let changes):
                plan.changes = (changes + kept.map { FixPlan.FileChange(path: $0.path, old: nil, new: $0.text) }).sorted { $0.path < $1.path }
            }
            let keptPaths = Set(kept.map(\.path))
            plan.fixed = accepted.map { ownerFix in
                let own = drafts.filter { $0.owners.contains(ownerFix.owner) }
                let written = own.map { keptPaths.contains($0.path) ? $0.path : $0.host }
                return .init(type: ownerFix.owner, protocols: ownerFix.protocols.map(\.name), findings: ownerFix.findings,
                             movedDefaults: ownerFix.movedDefaults, defaultsContainer: ownerFix.defaultsContainer,
                             files: Set(ownerFix.edits.map(\.path) + written + declaredConformances(of: ownerFix, in: firewalls)),
                             fromEnvironment: !ownerFix.injections.isEmpty && !ownerFix.throughInit,
                             newTypes: Set(own.flatMap { Self.declaredTypes(in: $0.text) }))
            }
            plan.notes = accepted.flatMap(\.notes) + plan.notes
            return
        }
    }

    /// The files where the concrete types of an owner's protocols declare their conformance.
    private func declaredConformances(of ownerFix: OwnerFix, in firewalls: [FirewallProtocol]) -> [String] {
        let names = Set(ownerFix.protocols.map(\.name))
        return firewalls.filter { names.contains($0.name) }.compactMap(\.declaredConformance?.path)
    }

    /// Every edit of the accepted types by path: the same edit made for two types (an `import`, a
    /// subclass's `override` dropped) once, one environment modifier per key and window group, and
    /// the removal of each moved type.
    private func collectEdits(_ accepted: [OwnerFix]) -> [String: [TextEdit]] {
        var edits: [String: [TextEdit]] = [:]
        var seen: Set<String> = []
        for ownerFix in accepted {
            for (path, edit) in ownerFix.edits where seen.insert("\(path) \(edit.start) \(edit.end) \(edit.replacement)").inserted {
                edits[path, default: []].append(edit)
            }
        }
        var injections: [String: [Int: [String]]] = [:]
        let planned = plannedTypes(accepted)
        for injection in Set(accepted.flatMap(\.injections)) {
            injections[injection.path, default: [:]][injection.offset, default: []].append(qualified(injection, planned: planned))
            guard let file = sources.file(injection.path) else { continue }
            edits[injection.path, default: []] += injection.imports.compactMap { ImportEdit.adding($0, to: file) }
        }
        for (path, byOffset) in injections {
            for (offset, modifiers) in byOffset { edits[path, default: []].append(.insert(modifiers.sorted().joined(), at: offset)) }
        }
        var moved: Set<String> = []
        for move in accepted.flatMap(\.moves) where moved.insert(move.name).inserted {
            edits[move.fromPath, default: []].append(move.removal)
        }
        return edits
    }

    /// The types the accepted fixes declare, by module: protocols, adapters and the new files' types.
    private func plannedTypes(_ accepted: [OwnerFix]) -> [String: Set<String>] {
        var types: [String: Set<String>] = [:]
        for ownerFix in accepted {
            for firewall in ownerFix.protocols {
                types[firewall.module, default: []].formUnion([firewall.name] + (firewall.adapter.map { [$0.name] } ?? []))
            }
            for (path, text) in ownerFix.newFiles {
                let served = ownerFix.newFileHosts[path] ?? ownerFile(ownerFix.owner) ?? path
                guard let file = fileIndex[served] else { continue }
                types[modules[file], default: []].formUnion(Self.declaredTypes(in: text))
            }
        }
        return types
    }

    /// The injection's modifier, its adapter qualified with its module's name where the root's own
    /// module declares a type of the same name, which would shadow it there (an app and its
    /// package each with a `LiveFileManager`).
    private func qualified(_ injection: EnvironmentInjection, planned: [String: Set<String>]) -> String {
        guard let adapter = injection.adapter, !injection.adapterImport.isEmpty,
              let root = fileIndex[injection.path], modules[root] != injection.adapterModule else { return injection.modifier }
        let declaredThere = model.symbols.resolve(adapter)?.declarations.contains { modules[$0.file] == modules[root] } ?? false
        guard declaredThere || planned[modules[root], default: []].contains(adapter) else { return injection.modifier }
        return injection.modifier.replacingOccurrences(of: ", \(adapter)(", with: ", \(injection.adapterImport).\(adapter)(")
    }

    /// The declarations the plan adds, each with the existing file it serves.
    private func newFiles(_ accepted: [OwnerFix], firewalls: [FirewallProtocol], shared: [String: FirewallProtocol],
                          notes: inout [String]) -> [NewFile] {
        var drafts: [NewFile] = []
        for firewall in firewalls {
            drafts.append(NewFile(path: firewall.protocolPath, text: firewall.protocolSource, host: firewall.protocolHost, owners: firewall.users))
            if let adapter = firewall.adapter {
                drafts.append(NewFile(path: adapter.path, text: adapter.source(protocolName: firewall.name, indentUnit: firewall.indentUnit, isPublic: firewall.isPublic),
                                      host: firewall.conformanceHost, owners: firewall.users))
            } else if firewall.declaredConformance == nil {
                drafts.append(NewFile(path: firewall.conformancePath, text: firewall.conformanceSource, host: firewall.conformanceHost,
                                      owners: firewall.users))
            }
        }
        var written = Set(drafts.map(\.path))
        // Views of one module in different folders each plan the same key and double beside
        // themselves: the first is written, and the module's other views use it.
        var declaredInModule: [String: Set<String>] = [:]
        // A type two owners' protocols name moves once, beside the first owner's protocol: the
        // other protocols are in its module and see it there.
        var moved: Set<String> = []
        for ownerFix in accepted {
            let host = ownerFile(ownerFix.owner)
            for move in ownerFix.moves where moved.insert(move.name).inserted && written.insert(move.toPath).inserted {
                drafts.append(NewFile(path: move.toPath, text: move.source, host: host ?? move.fromPath, owners: [ownerFix.owner]))
            }
            for (path, ownText) in ownerFix.newFiles.sorted(by: { $0.key < $1.key }) where written.insert(path).inserted {
                let text = completedDouble(ownText, of: ownerFix, shared: shared)
                let served = ownerFix.newFileHosts[path] ?? host ?? path
                let module = fileIndex[served].map { modules[$0] } ?? ""
                let declared = Set(Self.declaredTypes(in: text))
                if !declared.isEmpty, declared.isSubset(of: declaredInModule[module, default: []]) { continue }
                declaredInModule[module, default: []].formUnion(declared)
                drafts.append(NewFile(path: path, text: text, host: served, owners: [ownerFix.owner]))
            }
        }
        // The environment's default value is the preview double; a view of another module than
        // the protocol's wrote its own.
        if options.mocks || accepted.contains(where: { !$0.injections.isEmpty }) {
            let declared = Set(drafts.flatMap { Self.declaredTypes(in: $0.text) })
            let environment = Set(accepted.filter { !$0.injections.isEmpty }.flatMap { $0.protocols.map(\.name) })
            drafts += previewDoubles(firewalls, environment: environment, notes: &notes)
                .filter { Self.declaredTypes(in: $0.text).allSatisfy { !declared.contains($0) } }
        }
        return drafts
    }

    /// A preview double a type wrote for its own protocol (for a preview's arguments, or beside
    /// an environment key in another module), written again from the protocol every user of its
    /// module shares: the first draft lacked what the later users call (Harbour's
    /// `PreviewPortainerStore` had 3 of its protocol's 21 requirements).
    private func completedDouble(_ text: String, of ownerFix: OwnerFix, shared: [String: FirewallProtocol]) -> String {
        for firewall in ownerFix.protocols {
            guard let merged = shared["\(firewall.module)|\(firewall.name)"], merged.requirements != firewall.requirements,
                  case .success(let own) = PreviewDouble.make(for: firewall, folder: "", optionalFixtures: true), text.hasSuffix(own.source),
                  case .success(let full) = PreviewDouble.make(for: merged, folder: "", optionalFixtures: true) else { continue }
            return String(text.dropLast(own.source.count)) + full.source
        }
        return text
    }

    /// Types whose views read a protocol from the environment, or whose previews pass its double,
    /// where the double of what all its users call cannot be built with no arguments: a
    /// requirement another type added has no fixture (a generic member, a result with no empty
    /// value), so the key's default `Preview…()` would not compile.
    private func doublesThatCannotServe(_ accepted: [OwnerFix], shared: [String: FirewallProtocol]) -> [(owner: OwnerFix, reason: String)] {
        accepted.compactMap { ownerFix in
            for firewall in ownerFix.protocols {
                guard let merged = shared["\(firewall.module)|\(firewall.name)"], merged.requirements != firewall.requirements else { continue }
                let name = PreviewDouble.name(for: firewall.name)
                let writesDouble = ownerFix.newFiles.values.contains { Self.declaredTypes(in: $0).contains(name) }
                guard writesDouble || !ownerFix.injections.isEmpty else { continue }
                switch PreviewDouble.make(for: merged, folder: "", optionalFixtures: true) {
                case .failure(let refusal):
                    return (ownerFix, "\(name) stands for \(firewall.name), which its \(merged.users.count) users share, and \(refusal.reason)")
                case .success(let double) where !double.fixturesWithoutDefault.isEmpty:
                    return (ownerFix, "\(name) stands for \(firewall.name), which its \(merged.users.count) users share, and its fixture "
                            + "\(double.fixturesWithoutDefault[0]) has a type with no obvious empty value")
                case .success: continue
                }
            }
            return nil
        }
    }

    /// The environment's default value is the preview double, written beside the protocol.
    /// `environment`: the protocols views read from the environment, whose double is the key's default.
    private func previewDoubles(_ firewalls: [FirewallProtocol], environment: Set<String>, notes: inout [String]) -> [NewFile] {
        firewalls.compactMap { firewall in
            switch PreviewDouble.make(for: firewall, folder: previewFolders[firewall.module] ?? folder(of: firewall.protocolPath),
                                      optionalFixtures: environment.contains(firewall.name)) {
            case .success(let double) where !sources.exists(double.path) && model.symbols.resolve(double.name) == nil:
                return NewFile(path: double.path, text: double.source, host: firewall.protocolHost, owners: firewall.users)
            case .success(let double):
                notes.append("no preview double for \(firewall.name): \(double.name) exists already")
            case .failure(let refusal):
                notes.append("no preview double for \(firewall.name): \(refusal.reason)")
            }
            return nil
        }
    }

    /// New files the targets of their host compile stay new files; one whose folder other targets
    /// compile too (an app's folder shared with its widget) moves beside its host; the others are
    /// appended to their host, with the imports they need added to its own.
    private func place(_ drafts: [NewFile], into edits: inout [String: [TextEdit]]) -> [NewFile] {
        var kept: [NewFile] = []
        var taken = Set(drafts.map(\.path))
        for draft in drafts {
            if draft.host == draft.path || compiledLike(draft.path, draft.host) {
                kept.append(draft)
                continue
            }
            let beside = folder(of: draft.host) + (draft.path.split(separator: "/").last.map(String.init) ?? draft.path)
            if !sources.exists(beside), !taken.contains(beside), compiledLike(beside, draft.host) {
                taken.insert(beside)
                kept.append(NewFile(path: beside, text: draft.text, host: draft.host, owners: draft.owners))
                continue
            }
            guard let host = sources.file(draft.host) else {
                kept.append(draft)
                continue
            }
            let lines = draft.text.split(separator: "\n", omittingEmptySubsequences: false)
            let imports = lines.filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
            let body = lines.drop { $0.hasPrefix("import ") || $0.isEmpty }.joined(separator: "\n")
            for module in imports {
                if let edit = ImportEdit.adding(module, to: host) { edits[draft.host, default: []].append(edit) }
            }
            let separator = host.text.hasSuffix("\n") ? "\n" : "\n\n"
            edits[draft.host, default: []].append(.insert(separator + body, at: host.text.utf8.count))
        }
        return kept
    }

    /// Each edited file rewritten and parsed, or the first that does not parse.
    private func applyEdits(_ edits: [String: [TextEdit]]) -> Result<[FixPlan.FileChange], BrokenFile> {
        var changes: [FixPlan.FileChange] = []
        for (path, fileEdits) in edits.sorted(by: { $0.key < $1.key }) {
            guard let file = sources.file(path) else { continue }
            guard case .success(let text) = TextEdit.apply(EnvironmentPropertiesEdit.merged(CaptureListEdit.merged(ImportEdit.deduplicated(fileEdits))), to: file.text), !ParsedFile(path: path, text: text).hasSyntaxErrors else {
                return .failure(BrokenFile(path: path))
            }
            changes.append(file.change(to: text))
        }
        return .success(changes)
    }

    struct BrokenFile: Error {
        var path: String
    }

    /// The names of the types a new file's text declares at its top level.
    static func declaredTypes(in text: String) -> [String] {
        SourceScanner.scan(source: text, path: "new.swift").declarations.filter { $0.parent == nil && $0.kind != .extension }.map(\.name)
    }

    /// The file of a type's first declaration.
    private func ownerFile(_ owner: String) -> String? {
        model.symbols.resolve(owner).map { model.files[$0.declarations[0].file].path }
    }
}
