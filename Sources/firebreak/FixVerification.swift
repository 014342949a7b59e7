import FirebreakAnalysis
import FirebreakFix
import FirebreakModel
import FirebreakScan
import Foundation

/// `fix`'s plan checked on the edited tree in memory, before a byte is written: the edited and new
/// files are scanned from their new text and the project analysed again with them. A type fails
/// when a new file of its is compiled by no target, when a file it writes would name what the
/// platforms that file is compiled for lack, when its fixed findings are still reported, when
/// lint reports a type it writes or a finding no type had before that its fix caused (naming it, in
/// the file declaring the type it names, or else in a file it edits), or
/// when a view's closure reaches a type it did not reach before, other than the abstractions the fix
/// adds (its protocols, environment keys and preview doubles): a cut takes code out, never brings
/// code in. With `--shrink-only`, also when a view's closure gets larger in lines. The views of
/// test targets are not checked.
struct FixVerification {
    struct Failure: Sendable {
        var owners: [String]
        var check: String
        var site: String
    }

    let request: Pipeline.Request
    let configuration: Configuration
    /// Also fail a view whose closure gets larger in lines (`fix --shrink-only`).
    var shrinkOnly = false

    /// The analysis of the edited tree, and what fails.
    func check(_ plan: FixPlan, before: Pipeline.Prepared) throws -> (Pipeline.Prepared, [Failure]) {
        var edited = request
        let facts = plan.changes.map { SourceScanner.scan(source: $0.new, path: $0.path) }
        edited.factsFiles.append(FactsFile(producer: FactsInputOptions.producer, files: facts))
        edited.factsRoot = edited.factsRoot ?? request.workingDirectory
        let after = try InputError.translatingPipelineErrors { try Pipeline.prepare(edited) }
        let names = Self.namesByFile(plan, after)
        let tests = Self.testFiles(before).union(Self.testFiles(after))
        let closures = (before: ViewClosureSizes(before.graph, skipping: tests), after: ViewClosureSizes(after.graph, skipping: tests))
        let failures = uncompiledNewFiles(plan, after) + platformMismatches(plan, before: before, after)
            + invisibleDeclarations(plan, after, names: names) + redeclarations(plan, after)
            + findingsLeft(plan, before: before, after) + findingsOfNewTypes(plan, after) + newFindings(plan, before: before, after)
            + grownClosures(plan, closures, after, names: names)
        // Growth in lines is judged once no fix brings a new type in: refusing those changes the sizes.
        guard shrinkOnly, failures.isEmpty else { return (after, failures) }
        return (after, largerClosures(plan, closures, before: before))
    }

    /// The files of test targets, and files at test paths: a test's view may build the live
    /// instances (a defaults container), which no preview and no app build compiles.
    private static func testFiles(_ prepared: Pipeline.Prepared) -> Set<String> {
        let map = prepared.moduleMap
        return Set(prepared.model.files.indices.filter { file in
            let modules = map.modules(of: file)
            return RoleConventions.isTestPath(prepared.model.files[file].path)
                || (!modules.isEmpty && modules.allSatisfy { map.modules[$0].kind?.isTestCode == true })
        }.map { prepared.model.files[$0].path })
    }

    private func owners(of path: String, in plan: FixPlan) -> [String] {
        plan.fixed.filter { $0.files.contains(path) }.map(\.type)
    }

    private func uncompiledNewFiles(_ plan: FixPlan, _ after: Pipeline.Prepared) -> [Failure] {
        let index = Dictionary(after.model.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        return plan.changes.filter { $0.old == nil }.compactMap { change in
            guard let file = index[change.path], after.moduleMap.uncompiledFiles.contains(file) || after.moduleMap.moduleOfFile[file] < 0 else { return nil }
            return Failure(owners: owners(of: change.path, in: plan), check: "a new file no target compiles", site: change.path)
        }
    }

    /// A fixed type keeps no more findings of the rules `fix` rewrites than it had less those fixed
    /// (what was not selected, or left for a second run, stays). A finding of a kind it did not have
    /// is `newFindings`', blamed on the fix that caused it (another type's, on Aidoku).
    private func findingsLeft(_ plan: FixPlan, before: Pipeline.Prepared, _ after: Pipeline.Prepared) -> [Failure] {
        let kinds = Set(before.lint.report.findings.map(Self.kind))
        func byOwner(_ findings: [Finding]) -> [String: [Finding]] {
            Dictionary(grouping: findings.filter { Fixer.rules.contains($0.rule) && $0.type != nil && kinds.contains(Self.kind($0)) }, by: { $0.type! })
        }
        let had = byOwner(before.lint.report.findings), left = byOwner(after.lint.report.findings)
        return plan.fixed.sorted { $0.type < $1.type }.compactMap { fixed in
            let findings = left[fixed.type] ?? []
            guard findings.count > (had[fixed.type]?.count ?? 0) - fixed.findings, let finding = findings.sorted().first else { return nil }
            let owner = fixed.type
            return Failure(owners: [owner], check: "a finding the fix was to remove is still reported (\(finding.rule))",
                           site: "\(finding.path):\(finding.line)")
        }
    }

    /// A finding of the rules `fix` rewrites that no type had before, blamed on the fix of the type
    /// it names, of the file it is in, or of a file declaring the type it names: on Spawn, a view
    /// reading `SMSShareService.shared` was reported once `SMSShareService` stored its injected
    /// clients; on Aidoku, a live instance passed in a coordinator's file made it infrastructure.
    private func newFindings(_ plan: FixPlan, before: Pipeline.Prepared, _ after: Pipeline.Prepared) -> [Failure] {
        let had = Set(before.lint.report.findings.filter { Fixer.rules.contains($0.rule) }.map(Self.kind))
        var failures: [Failure] = []
        for finding in after.lint.report.findings.sorted() where Fixer.rules.contains(finding.rule) && !had.contains(Self.kind(finding)) {
            let named = Fixer.concreteName(of: finding).lastNameComponent
            // The type it names may have turned infrastructure through an edit of its own file.
            let declaring = Set((after.model.symbols.resolve(named)?.declarations ?? []).map { after.model.files[$0.file].path })
            // The cause first: the named type's own fix, then a fix editing its declaration; only
            // when neither is in the plan, the fixes editing the file the finding is in.
            let tiers: [(FixPlan.FixedType) -> Bool] = [
                { $0.type.lastNameComponent == named }, { !$0.files.isDisjoint(with: declaring) }, { $0.files.contains(finding.path) },
            ]
            let owners = tiers.lazy.map { tier in plan.fixed.filter(tier).map(\.type).sorted() }.first { !$0.isEmpty } ?? []
            guard !owners.isEmpty else { continue }
            failures.append(Failure(owners: owners, check: "\(finding.type ?? finding.path) would get a finding it did not have (\(finding.rule), \(finding.symbol))",
                                    site: "\(finding.path):\(finding.line)"))
        }
        return failures
    }

    /// A finding's kind: its rule, type and symbol, whatever line it moved to.
    private static func kind(_ finding: Finding) -> String { "\(finding.rule) \(finding.type ?? "") \(finding.symbol)" }

    /// A type the fix writes (an adapter, a key, a double) that lint reports: the fix would trade
    /// the findings it removes for its own.
    private func findingsOfNewTypes(_ plan: FixPlan, _ after: Pipeline.Prepared) -> [Failure] {
        let findings = after.lint.report.findings.filter { Fixer.rules.contains($0.rule) && $0.type != nil }.sorted()
        return plan.fixed.sorted { $0.type < $1.type }.compactMap { fixed in
            guard let finding = findings.first(where: { fixed.newTypes.contains($0.type!.lastNameComponent) }) else { return nil }
            return Failure(owners: [fixed.type], check: "\(finding.type!), which the fix writes, would be reported (\(finding.rule))",
                           site: "\(finding.path):\(finding.line)")
        }
    }

    /// Views whose closure reaches a type it did not reach before, other than the abstractions the
    /// fix writes: the edited types' own new lines (an init, stored properties) are the fix itself.
    private func grownClosures(_ plan: FixPlan, _ closures: (before: ViewClosureSizes, after: ViewClosureSizes), _ after: Pipeline.Prepared,
                               names namesByFile: [String: Set<String>]) -> [Failure] {
        let written = Set(plan.changes.map(\.path))
        let graph = after.graph
        let fixWritten = Set(plan.fixed.flatMap(\.newTypes))
        var behind: [Int: [String: Int]] = [:]
        var failures: [Failure] = []
        for (view, closure) in closures.after.views.sorted(by: { $0.key < $1.key }) {
            guard let old = closures.before.views[view]?.reached else { continue }
            let reached = closure.reached
            // A framework that is not infrastructure (Foundation for a protocol's `URL`) has no
            // lines in a closure and no service behind it: reaching it is not growth.
            func isNew(_ key: String, _ node: Int) -> Bool {
                old[key] == nil && !ViewClosureSizes.isAbstraction(node, graph, written: written)
                    && (graph.nodes[node].kind != .external || graph.nodes[node].role == .infrastructure)
            }
            // A container or adapter the fix writes carries in nothing new when all it reaches the
            // view reached before: on a hub view that reaches every type, each fixed type's defaults
            // container (the live instances the view already compiled) refused the type.
            let gained = Set(reached.filter { key, node in
                guard isNew(key, node) else { return false }
                guard fixWritten.contains(graph.symbols[graph.nodes[node].symbol].name.lastNameComponent) else { return true }
                if behind[node] == nil { behind[node] = closures.after.keysBehind(node) }
                return behind[node, default: [:]].contains { key, node in
                    isNew(key, node) && !fixWritten.contains(graph.symbols[graph.nodes[node].symbol].name.lastNameComponent)
                }
            }.keys)
            guard let first = gained.sorted().first else { continue }
            failures.append(Failure(owners: culprits(plan, after, closure: closure.nodes, gained: gained, names: namesByFile),
                                    check: "\(view)'s closure would reach \(first.replacingOccurrences(of: "|", with: "."))"
                                        + (gained.count > 1 ? " and \(gained.count - 1) more types" : "") + " it did not reach before",
                                    site: view))
        }
        return failures
    }

    /// The fixed types a view's growth is blamed on. It enters where a type the view reached before
    /// names a gained one: the fix that wrote that type, or that edited the file naming it. Blaming
    /// every fix whose types lie anywhere behind the entry refused, with one bad container, every
    /// type whose adapter the container's live instances reach.
    private func culprits(_ plan: FixPlan, _ after: Pipeline.Prepared, closure: NodeSet, gained: Set<String>,
                          names namesByFile: [String: Set<String>]) -> [String] {
        let graph = after.graph
        var entryNames: Set<String> = [], entryFiles: Set<String> = []
        closure.forEach { node in
            guard !gained.contains(ViewClosureSizes.key(of: graph.nodes[node].symbol, graph)) else { return }
            for edge in graph.successors(of: node) where gained.contains(ViewClosureSizes.key(of: graph.nodes[Int(edge.to)].symbol, graph)) {
                entryNames.insert(graph.symbols[graph.nodes[Int(edge.to)].symbol].name.lastNameComponent)
                if edge.file >= 0 { entryFiles.insert(graph.files[Int(edge.file)].path) }
            }
        }
        let direct = plan.fixed.filter { !$0.newTypes.isDisjoint(with: entryNames) }.map(\.type)
        if !direct.isEmpty { return direct }
        let editing = plan.fixed.filter { !$0.files.isDisjoint(with: entryFiles) }.map(\.type)
        if !editing.isEmpty { return editing }
        // The types whose rewrite declared what the view now reaches; else any whose files it reaches.
        let names = Set(gained.map { String($0.split(separator: "|").last ?? "") })
        var files: Set<String> = []
        closure.forEach { node in if let file = graph.nodes[node].file { files.insert(graph.files[file].path) } }
        let declaring = plan.fixed.filter { !$0.newTypes.isDisjoint(with: names) }.map(\.type)
        let naming = plan.fixed.filter { fixed in fixed.files.contains { !(namesByFile[$0] ?? []).isDisjoint(with: names) } }.map(\.type)
        return !declaring.isEmpty ? declaring : !naming.isEmpty ? naming : plan.fixed.filter { !$0.files.isDisjoint(with: files) }.map(\.type)
    }

    /// By edited or new file, the simple names its new text refers to: read once per check.
    private static func namesByFile(_ plan: FixPlan, _ after: Pipeline.Prepared) -> [String: Set<String>] {
        let edited = Set(plan.changes.map(\.path))
        var names: [String: Set<String>] = [:]
        for file in after.model.files where edited.contains(file.path) {
            names[file.path] = Set(file.references.map { $0.name.lastNameComponent })
        }
        return names
    }

    /// A fixed type's new protocols and types must be visible wherever the edited files that name
    /// them are compiled: a file two targets compile cannot name a protocol only one of them
    /// declares (a conformance added to a shared file broke the other target's build).
    private func invisibleDeclarations(_ plan: FixPlan, _ after: Pipeline.Prepared, names namesByFile: [String: Set<String>]) -> [Failure] {
        let map = after.moduleMap
        let index = Dictionary(after.model.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        var failures: [Failure] = []
        for fixed in plan.fixed.sorted(by: { $0.type < $1.type }) {
            for name in Set(fixed.protocols + fixed.newTypes).sorted() {
                guard let declared = after.model.symbols.resolve(name) else { continue }
                let declaring = Set(declared.declarations.flatMap { map.modules(of: $0.file) })
                let importNames = Set(declaring.map { map.modules[$0].importName })
                for path in fixed.files.sorted() {
                    guard let file = index[path], namesByFile[path]?.contains(name) == true else { continue }
                    let imports = Set(after.model.files[file].imports.compactMap(\.path.first))
                    // An analysed folder without a project description says nothing of targets.
                    guard let blind = map.modules(of: file).first(where: { !declaring.contains($0) && imports.isDisjoint(with: importNames) }),
                          map.modules[blind].source != .root, declaring.allSatisfy({ map.modules[$0].source != .root }) else { continue }
                    failures.append(Failure(owners: [fixed.type], check: "\(path) names \(name), which target \(map.modules[blind].name) also compiling it does not see",
                                            site: path))
                }
            }
        }
        return failures
    }

    /// A type the fix writes, declared twice in one module (not `private`): the module would not
    /// build (`invalid redeclaration`).
    private func redeclarations(_ plan: FixPlan, _ after: Pipeline.Prepared) -> [Failure] {
        var failures: [Failure] = []
        for fixed in plan.fixed.sorted(by: { $0.type < $1.type }) {
            for name in Set(fixed.protocols + fixed.newTypes).sorted() {
                guard let declared = after.model.symbols.resolve(name), declared.declarations.count > 1 else { continue }
                let visible = declared.declarations.filter { !after.model.files[$0.file].declarations[$0.index].isPrivate }
                let byModule = Dictionary(grouping: visible) { after.moduleMap.moduleOfFile.indices.contains($0.file) ? after.moduleMap.moduleOfFile[$0.file] : -1 }
                guard let twice = byModule.values.first(where: { $0.count > 1 }) else { continue }
                failures.append(Failure(owners: [fixed.type], check: "\(name) would be declared twice in one module",
                                        site: twice.map { after.model.files[$0.file].path }.sorted().joined(separator: ", ")))
            }
        }
        return failures
    }
}
