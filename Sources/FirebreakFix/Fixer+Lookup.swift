import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// What `fix` looks up in the model and the sources.
extension Fixer {
    /// The framework that declares a platform service `fix` knows (`NSWorkspace`: `AppKit`).
    public static func frameworkOfPlatformService(_ name: String) -> String? {
        PlatformServices.service(named: name)?.module
    }

    /// The concrete type a finding names: `APIClient` of `APIClient.shared` or of `APIClient`.
    public static func concreteName(of finding: Finding) -> String {
        guard finding.rule == "singleton-access", let dot = finding.symbol.lastIndex(of: ".") else { return finding.symbol }
        return String(finding.symbol[..<dot])
    }

    func concreteName(of finding: Finding) -> String { Self.concreteName(of: finding) }

    /// The syntax of each declaration (a type or an extension), parsed from its file.
    func syntax(of ids: [DeclarationID]) -> Result<[(file: ParsedFile, node: DeclSyntax)], Refusal> {
        var result: [(file: ParsedFile, node: DeclSyntax)] = []
        for id in ids {
            let facts = model.files[id.file]
            guard let file = sources.file(facts.path) else { return .failure(Refusal("cannot read \(facts.path)")) }
            guard !file.hasSyntaxErrors else { return .failure(Refusal("\(facts.path) has syntax errors; fix leaves it alone")) }
            let declaration = facts.declarations[id.index]
            let candidates = file.typeDeclarations.filter { candidate in
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
    func reads(of concrete: String, findings: [Finding]) -> Result<(String, [DependencyReads.Read]), Refusal> {
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
                if let label = call.arguments.first?.label?.text, PlatformServices.failableInits[concrete]?.contains(label) == true {
                    return .failure(Refusal("\(file.location(of: node)): \(concrete)(\(label):) returns an optional, which the adapter and its uses would have to unwrap; write it by hand"))
                }
                guard ArgumentsCheck.areSelfContained(call) else {
                    return .failure(Refusal("\(file.location(of: node)): \(Refusal.excerpt(call.trimmedDescription)) takes values from its surroundings, which a composition root cannot pass"))
                }
                expression = call.trimmedDescription
            } else {
                expression = finding.symbol
            }
            if let live, live != expression {
                return .failure(Refusal("\(concrete) is obtained two ways (\(Refusal.excerpt(live)), \(Refusal.excerpt(expression)))"))
            }
            live = expression
            found.append(DependencyReads.Read(file: file, node: node))
        }
        return .success((live ?? concrete, found))
    }

    func memberNames(in declarations: [DeclSyntax]) -> Set<String> {
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

    /// Where a `Live…` adapter goes: the module's infrastructure folder, else its composition root's.
    func adapterFolder(module: String) -> String? {
        infrastructureFolders[module] ?? rootFolder(module: module)
    }

    /// The folder of the module's composition root: its entry point's when it has one, else the
    /// first in path order of those that are roots by name only (`MediaContainer` may be a value).
    func rootFolder(module: String) -> String? {
        let roots = model.files.indices.filter { modules[$0] == module && model.declarationRoles[$0].contains { $0.role == .compositionRoot } }
        return entryPointFolder(module: module) ?? roots.map { folder(of: model.files[$0].path) }.min()
    }

    /// The folder of the module's entry point (`main.swift`, `@main`, an `App`, an app delegate),
    /// the first in path order.
    func entryPointFolder(module: String) -> String? {
        entryPointFile(module: module).map(folder(of:))
    }

    /// The module's entry point file (`main.swift`, `@main`, an `App`, an app delegate), the first
    /// in path order.
    func entryPointFile(module: String) -> String? {
        let entries = model.files.indices.filter { file in
            guard modules[file] == module else { return false }
            if RoleConventions.isTopLevelCodeFile(model.files[file].path) { return true }
            return model.declarationRoles[file].indices.contains { index in
                guard model.declarationRoles[file][index].role == .compositionRoot,
                      let type = model.symbols.type(of: DeclarationID(file: file, index: index)) else { return false }
                return type.attributes.contains("main") || !type.conformances.isDisjoint(with: RoleConventions.compositionRootConformances)
            }
        }
        return entries.map { model.files[$0].path }.min()
    }

    /// The existing file a platform type's `Live…` adapter joins when it cannot be a file of its
    /// own: the module's entry point, the composition root that constructs it, else the owner's.
    /// Beside the high-level type it would be read as high-level code (a `Views/` folder).
    func adapterHost(owner: OwnerContext) -> String {
        entryPointFile(module: owner.module) ?? owner.primary.file.path
    }

    func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// A scanned value type, actor, or class declared `Sendable` or isolated to the main actor; a
    /// type the scan does not declare when it is a standard one (`StandardSendableTypes`).
    func isKnownSendable(_ name: String) -> Bool {
        guard let type = model.symbols.resolve(name) else { return StandardSendableTypes.names.contains(name) }
        switch type.kind {
        case .struct, .enum, .actor: return true
        case .class: return type.conformances.contains("Sendable") || type.attributes.contains("MainActor")
        default: return false
        }
    }
}
