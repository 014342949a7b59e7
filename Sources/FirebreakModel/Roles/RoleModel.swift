import FirebreakScan

/// Scanned files with a role for every declaration: the immutable input of every rule.
public struct RoleModel: Sendable {
    public let files: [FileFacts]
    public private(set) var symbols: SymbolTable
    /// `declarationRoles[file][index]` is the role of that declaration.
    public let declarationRoles: [[RoleAssignment]]
    /// The role of code outside any type in each file (free functions, file-scope `#Preview`).
    public let fileScopeRoles: [RoleAssignment]
    /// Protocols from outside the tree found to make views (`InferredViewProtocol`).
    public let inferredViewProtocols: [InferredViewProtocol]
    /// By index in `symbols.types`: what the type's code does, which decides whether a static
    /// instance of it is a shared service (`SingletonShape`).
    public let behaviour: [TypeBehaviour]

    /// Indices in `symbols.types` of the views: conforming to `View`, a configured or inferred view
    /// protocol, or one that refines them.
    public let views: Set<Int>

    public init(files: [FileFacts], symbols: SymbolTable, declarationRoles: [[RoleAssignment]], fileScopeRoles: [RoleAssignment],
                inferredViewProtocols: [InferredViewProtocol] = [], behaviour: [TypeBehaviour]? = nil, views: Set<Int> = []) {
        self.files = files
        self.symbols = symbols
        self.declarationRoles = declarationRoles
        self.fileScopeRoles = fileScopeRoles
        self.inferredViewProtocols = inferredViewProtocols
        self.behaviour = behaviour ?? Array(repeating: [], count: symbols.types.count)
        self.views = views
    }

    /// The model without the declarations and extensions in `files`, but for types declared
    /// nowhere else: what a rewrite sees, since it edits only what a target compiles.
    public func excludingDeclarations(in files: Set<Int>) -> RoleModel {
        var model = self
        model.symbols = symbols.excludingDeclarations(in: files)
        return model
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

    /// Whether `Type.member` reads a shared service instance of a scanned type: a static stored
    /// instance of a class or actor, whatever the member is called, that keeps state, does I/O, or
    /// is infrastructure for another reason (a folder, a service name where nothing else is
    /// known). A stateless helper's instance (`Haptics.shared`) is not one, nor is a window or
    /// orientation manager's that does no I/O, and a holder of
    /// constants is one only where the member read on it is I/O (`Constants.main.urlSession`, not
    /// `Constants.main.spacing`).
    public func isSharedInstance(typeIndex: Int, member: String, chainedMember: String? = nil) -> Bool {
        let type = symbols.types[typeIndex]
        guard type.holdsOwnInstance(member) else { return false }
        if RoleConventions.hasConstantsName(type.simpleName) {
            return chainedMember.map { memberIsInputOutput(typeIndex: typeIndex, member: $0) } ?? false
        }
        if behaviour[typeIndex].contains(.doesInputOutput) { return true }
        // A window or orientation manager keeps the app's UI, whatever folder it sits in: reading
        // it is UI plumbing, as reading `UIApplication.shared.windows` is.
        if behaviour[typeIndex].contains(.holdsInterface) { return false }
        return behaviour[typeIndex].contains(.keepsState) || role(ofType: typeIndex) == .infrastructure
    }

    private func role(ofType index: Int) -> Role {
        let first = symbols.types[index].declarations[0]
        return declarationRoles[first.file][first.index].role
    }

    /// Whether a property or method of the type holds or returns an I/O API or an infrastructure type.
    private func memberIsInputOutput(typeIndex: Int, member: String) -> Bool {
        let type = symbols.types[typeIndex]
        for id in type.declarations + type.extensions {
            for reference in files[id.file].references where reference.owner == id.index && reference.member == member {
                switch reference.kind {
                case .storedProperty, .property, .returnType, .instantiation, .staticMember: break
                default: continue
                }
                if InputOutputAPIs.kind(of: reference.name) != nil { return true }
                if let target = symbols.resolvedIndex(reference.name), role(ofType: target) == .infrastructure { return true }
            }
        }
        return false
    }

    /// True when the file declares a view, view model, view controller or domain code.
    public func declaresHighLevelCode(file: Int) -> Bool {
        declarationRoles[file].contains { $0.role == .highLevel }
    }
}

/// What a type's own code does, as far as firebreak can see.
public struct TypeBehaviour: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// It has stored instance properties.
    public static let keepsState = TypeBehaviour(rawValue: 1 << 0)
    /// Its code does I/O, or it wraps a type that does.
    public static let doesInputOutput = TypeBehaviour(rawValue: 1 << 1)
    /// It holds a window, a screen, an orientation or a view: what it keeps is the app's UI.
    public static let holdsInterface = TypeBehaviour(rawValue: 1 << 2)
}
