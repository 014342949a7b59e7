import FirebreakScan

/// Scanned files with a role for every declaration: the immutable input of every rule.
public struct RoleModel: Sendable {
    public let files: [FileFacts]
    public let symbols: SymbolTable
    /// `declarationRoles[file][index]` is the role of that declaration.
    public let declarationRoles: [[RoleAssignment]]
    /// The role of code outside any type in each file (free functions, file-scope `#Preview`).
    public let fileScopeRoles: [RoleAssignment]

    public init(files: [FileFacts], symbols: SymbolTable, declarationRoles: [[RoleAssignment]], fileScopeRoles: [RoleAssignment]) {
        self.files = files
        self.symbols = symbols
        self.declarationRoles = declarationRoles
        self.fileScopeRoles = fileScopeRoles
    }

    /// The role that governs code at `context` in file `file`; code in `#Preview` is exempt.
    public func role(at context: SiteContext, file: Int) -> RoleAssignment {
        if context.flags.contains(.previewMacro) { return RoleAssignment(.exempt, "inside #Preview") }
        if context.flags.contains(.previewHelper) { return RoleAssignment(.exempt, "inside a preview or test helper member") }
        guard let declaration = context.declaration else { return fileScopeRoles[file] }
        return declarationRoles[file][declaration]
    }

    /// The qualified name of the type (or extended type) that encloses `context`.
    public func enclosingTypeName(at context: SiteContext, file: Int) -> String? {
        guard let declaration = context.declaration else { return nil }
        if let type = symbols.type(of: DeclarationID(file: file, index: declaration)) { return type.qualifiedName }
        return SymbolTable.qualifiedName(of: declaration, in: files[file])
    }

    /// The names of every type enclosing `context`, innermost first, resolved through extensions.
    public func enclosingTypeNames(at context: SiteContext, file: Int) -> [String] {
        var names: [String] = []
        var current = context.declaration
        // Read in place: copying each declaration out cost more than the lookup.
        while let index = current {
            names.append(symbols.type(of: DeclarationID(file: file, index: index))?.simpleName ?? files[file].declarations[index].simpleName)
            current = files[file].declarations[index].parent
        }
        return names
    }

    /// True when the file declares a view, view model, view controller or domain code.
    public func declaresHighLevelCode(file: Int) -> Bool {
        declarationRoles[file].contains { $0.role == .highLevel }
    }
}
