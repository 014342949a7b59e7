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

    /// The role that governs code at `context` in file `file`; code in `#Preview` and preview
    /// helpers is exempt. Without its reason: rules ask it for every fact, and copying the reason
    /// out retained it.
    public func role(at context: SiteContext, file: Int) -> Role {
        if context.flags.contains(.previewMacro) || context.flags.contains(.previewHelper) { return .exempt }
        guard let declaration = context.declaration else { return fileScopeRoles[file].role }
        return declarationRoles[file][declaration].role
    }

    /// The qualified name of the type (or extended type) that encloses `context`.
    public func enclosingTypeName(at context: SiteContext, file: Int) -> String? {
        guard let declaration = context.declaration else { return nil }
        if let type = symbols.typeIndex(of: DeclarationID(file: file, index: declaration)) { return symbols.types[type].qualifiedName }
        return SymbolTable.qualifiedName(of: declaration, in: files[file])
    }

    /// The names of every type enclosing `context`, innermost first, resolved through extensions.
    public func enclosingTypeNames(at context: SiteContext, file: Int) -> [String] {
        var names: [String] = []
        var current = context.declaration
        // Read in place: copying each declaration out cost more than the lookup.
        while let index = current {
            if let type = symbols.typeIndex(of: DeclarationID(file: file, index: index)) {
                names.append(symbols.types[type].simpleName)
            } else {
                names.append(files[file].declarations[index].simpleName)
            }
            current = files[file].declarations[index].parent
        }
        return names
    }

    /// True when the file declares a view, view model, view controller or domain code.
    public func declaresHighLevelCode(file: Int) -> Bool {
        declarationRoles[file].contains { $0.role == .highLevel }
    }
}
