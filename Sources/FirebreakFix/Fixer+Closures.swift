import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// `--style closures` (seed 003): the high-level type takes a `Dependencies` struct of closures,
/// and an `AppDependencies` container, a composition root, builds it from the live instances.
extension Fixer {
    func fixWithClosures(owner: String, findings: [Finding]) -> Result<OwnerFix, Refusal> {
        let context: OwnerContext
        switch ownerContext(owner) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): context = value
        }
        guard let rootFolder = rootFolder(module: context.module) else {
            return .failure(Refusal("\(context.module) has no composition root to hold AppDependencies"))
        }
        if let construction = findings.first(where: { $0.rule == "concrete-instantiation" }) {
            return .failure(Refusal("\(construction.symbol) is constructed: its closures would build one per call, where the type kept one instance"))
        }
        var fields: [ClosureField] = []
        var edits: [(String, TextEdit)] = []
        var imports = Set<String>()
        let byConcrete = Dictionary(grouping: findings) { concreteName(of: $0) }
        for (concrete, concreteFindings) in byConcrete.sorted(by: { $0.key < $1.key }) {
            let source: ConcreteSource, classified: DependencyReads
            switch classifiedDependency(concrete, findings: concreteFindings, owner: context, takenNames: []) {
            case .failure(let refusal): return .failure(refusal.about(concrete))
            case .success(let value): (source, classified) = value
            }
            if source.module != context.module || source.platform != nil { imports.insert(source.importName) }
            if let stored = classified.storedPublisher {
                return .failure(Refusal("\(stored.file.location(of: stored.node)) reads \(concrete) in a stored property's initial value, where a closure field is not available; use --style auto").about(concrete))
            }
            switch ClosureField.make(for: concreteType(concrete, from: source), reads: classified) {
            case .failure(let refusal): return .failure(refusal.about(concrete))
            case .success(var made):
                // Two types with a member of one name: the second is prefixed with its holder.
                for index in made.indices where fields.contains(where: { $0.name == made[index].name }) {
                    made[index].name = classified.holder.name + made[index].member.prefix(1).uppercased() + made[index].member.dropFirst()
                }
                switch useEdits(classified, fields: made, context: context) {
                case .failure(let refusal): return .failure(refusal.about(concrete))
                case .success(let value): edits += value
                }
                fields += made
            }
            if case .existing(_, let file, let variable, _) = classified.holder, let item = variable.parent?.as(MemberBlockItemSyntax.self) {
                edits.append((file.path, TextEdit(start: item.position.utf8Offset, end: item.endPosition.utf8Offset, replacement: "")))
            }
        }
        return closuresRewrite(context: context, fields: fields, edits: edits, imports: imports, rootFolder: rootFolder, findings: findings.count)
    }

    /// Each member use becomes a call of its closure field.
    private func useEdits(_ reads: DependencyReads, fields: [ClosureField], context: OwnerContext) -> Result<[(String, TextEdit)], Refusal> {
        var edits: [(String, TextEdit)] = []
        for (file, access) in reads.useSites {
            guard let field = fields.first(where: { $0.member == access.declName.baseName.text }),
                  let body = context.declarations.first(where: { $0.file === file && $0.node.position <= access.position && access.endPosition <= $0.node.endPosition })
            else { continue }
            let closures = SyntaxQueries.enclosingClosures(access, owner: body.node)
            if closures.contains(where: { $0.signature?.capture?.items.contains { $0.trimmedDescription.hasPrefix("weak self") } ?? false }) {
                return .failure(Refusal("\(file.location(of: access)) is in a closure that captures self weakly"))
            }
            switch field.call(replacing: access, receiver: closures.isEmpty ? "dependencies" : "self.dependencies") {
            case .failure(let refusal): return .failure(Refusal("\(file.location(of: access)): \(refusal.reason)"))
            case .success(let (range, text)): edits.append((file.path, TextEdit(start: range.lowerBound, end: range.upperBound, replacement: text)))
            }
        }
        return .success(edits)
    }

    /// The `Dependencies` struct, the type taking it through init, the call sites, and the container.
    private func closuresRewrite(context: OwnerContext, fields: [ClosureField], edits: [(String, TextEdit)], imports: Set<String>,
                                 rootFolder: String, findings: Int) -> Result<OwnerFix, Refusal> {
        let owner = context.name.lastNameComponent
        let containerMember = ProtocolNaming.propertyName(for: owner)
        let live = "AppDependencies.\(containerMember)"
        guard let block = SyntaxQueries.memberBlock(of: context.primary.node) else { return .failure(Refusal("\(owner) has no body")) }
        let file = context.primary.file
        let indent = block.members.first.map { file.indentation(at: $0.positionAfterSkippingLeadingTrivia) }
            ?? file.indentation(at: context.primary.node.positionAfterSkippingLeadingTrivia) + file.indentUnit
        let unit = file.indentUnit
        var edits = edits
        let structText = "\n" + DocComment.lines("What \(owner) needs, as closures: `\(live)` holds the live ones.", indent: indent) + "\(indent)struct Dependencies {\n"
            + fields.map { "\(indent)\(unit)var \($0.name): \($0.type)\n" }.joined() + "\(indent)}\n"
        edits.insert((file.path, .insert(structText, at: block.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset)), at: 0)

        let holder = DependencyReads(concrete: "AppDependencies", liveExpression: live, holder: .new(name: "dependencies"), members: [],
                                     calls: [:], setters: [], edits: [])
        let dependency = InjectedDependency(reads: holder, protocolName: "Dependencies", typeOverride: "Dependencies")
        let calls: InitCalls
        switch initCalls(of: context.type) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): calls = value
        }
        if let refusal = calls.implicitElsewhere { return .failure(refusal) }
        let (explicit, highLevel) = (calls.explicit, calls.highLevel)
        if let foreign = (explicit + highLevel.map(\.site)).first(where: { fileIndex[$0.file.path].map { modules[$0] } != context.module }) {
            return .failure(Refusal("\(foreign.file.location(of: foreign.call)) builds \(owner) from another module; --style closures keeps Dependencies internal"))
        }
        let shape = OwnerRewrite.Owner(name: owner, file: file, node: context.primary.node, extensions: Array(context.declarations.dropFirst()),
                                       superclass: nil, newInitIsPublic: false)
        let rewrite: OwnerRewrite
        switch OwnerRewrite.make(owner: shape, dependencies: [dependency], defaults: calls.needDefaults) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): rewrite = value
        }
        edits += rewrite.edits.map { ($0.file.path, $0.edit) } + calls.overrides.map { ($0.path, $0.edit) }
        for site in explicit {
            if site.file.hasSyntaxErrors { return .failure(Refusal("\(site.file.path) has syntax errors; fix leaves it alone")) }
            edits += site.passing([(label: "dependencies", value: live)], laterLabels: rewrite.laterLabels).map { (site.file.path, $0) }
        }
        let notes = highLevel.map { site, role in
            defaultArgumentNote(site, role: role, owner: owner, arguments: 1, pass: live, taking: "the live instances")
        } + calls.implicitHighLevel.map { location, subclass, role in
            subclassNote(location, subclass: subclass, role: role, owner: owner, arguments: 1, pass: live, taking: "the live instances")
        }
        var newFiles: [String: String] = [:]
        if model.symbols.resolve("AppDependencies") == nil {
            newFiles[rootFolder + "AppDependencies.swift"] = "/// The live dependencies of every screen (seed 003's container): a composition root.\nenum AppDependencies {}\n"
        }
        let header = imports.sorted().map { "import \($0)\n" }.joined() + (imports.isEmpty ? "" : "\n")
        newFiles[rootFolder + "AppDependencies+\(owner).swift"] = header + "extension AppDependencies {\n"
            + "\(unit)/// \(owner)'s dependencies, live.\n\(unit)static var \(containerMember): \(owner).Dependencies {\n"
            + "\(unit)\(unit)\(owner).Dependencies(\n"
            + fields.map { "\(unit)\(unit)\(unit)\($0.name): \($0.live)" }.joined(separator: ",\n") + "\n\(unit)\(unit))\n\(unit)}\n}\n"
        return .success(OwnerFix(owner: context.name, findings: findings, edits: edits, protocols: [], moves: [], notes: notes, newFiles: newFiles))
    }
}
