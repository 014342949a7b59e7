import FirebreakModel
import FirebreakScan
import Foundation
import SwiftSyntax

/// What `fix` looks up in the model and the sources.
extension Fixer {
    /// The concrete type a finding names: `APIClient` of `APIClient.shared` or of `APIClient`.
    func concreteName(of finding: Finding) -> String {
        guard finding.rule == "singleton-access", let dot = finding.symbol.lastIndex(of: ".") else { return finding.symbol }
        return String(finding.symbol[..<dot])
    }

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

    /// `import Foundation` when the concrete type's files have it: requirement signatures often
    /// name `URL`, `Data` or `Date`.
    func foundationImports(of declarations: [(file: ParsedFile, node: DeclSyntax)]) -> [String] {
        declarations.contains { $0.file.imports.contains("Foundation") } ? ["Foundation"] : []
    }

    /// Where a `Live…` adapter goes: the module's infrastructure folder, else its composition root's.
    func adapterFolder(module: String) -> String? {
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

    func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    func sibling(of path: String, named name: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    /// Files that name the type, searched for its constructions.
    func callSites(of type: TypeInfo) -> [CallSite] {
        var sites: [CallSite] = []
        let files = Set((filesReferencing[type.simpleName] ?? []) + (filesReferencing[type.qualifiedName] ?? []))
        for index in files.sorted() {
            guard let file = sources.file(model.files[index].path) else { continue }
            sites += CallSite.find(type: type.simpleName, in: file)
        }
        return sites
    }

    /// The role of the code around a call: the innermost declaration that holds its line.
    func role(of site: CallSite) -> RoleAssignment {
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
