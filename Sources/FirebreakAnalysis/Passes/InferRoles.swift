import FirebreakModel
import FirebreakScan

/// Gives every declaration a role: from configuration first, then from what a type is (a view, a
/// view model, a composition root), then from what its code does (input and output), and from
/// names only where nothing else is known.
///
/// A type's own traits, first match wins (`TypeJudge`): configured layers and test files; previews
/// and doubles; composition roots; views and view controllers; view models (named so, or an
/// observable class outside an infrastructure module). Then behaviour: a type whose code does I/O is
/// infrastructure; a layer folder decides next; a type that stores an infrastructure type wraps it;
/// an adapter of an abstraction, and a class of an infrastructure module, are infrastructure; a class
/// that keeps state and does no I/O is high-level; a service name is the last resort. A type none of
/// these decide takes its enclosing type's role, else its folder's or its imports'. A nested type
/// whose own traits say nothing is high-level inside a high-level type, whatever its code does.
public struct InferRoles: Sendable {
    public let configuration: Configuration
    public let workingDirectory: String
    /// Files that only test targets compile, with the first such target's name.
    public let testTargetOfFile: [Int: String]
    /// The module of each file (-1: none) and each module's import name; empty without a module map.
    public let moduleOfFile: [Int]
    public let moduleNames: [String]
    /// Files that only app-extension targets compile (a share extension, a notification service).
    public let extensionTargetFiles: Set<Int>

    public init(configuration: Configuration, workingDirectory: String, testTargetOfFile: [Int: String] = [:],
                moduleOfFile: [Int] = [], moduleNames: [String] = [], extensionTargetFiles: Set<Int> = []) {
        self.configuration = configuration
        self.workingDirectory = workingDirectory
        self.testTargetOfFile = testTargetOfFile
        self.moduleOfFile = moduleOfFile
        self.moduleNames = moduleNames
        self.extensionTargetFiles = extensionTargetFiles
    }

    public func callAsFunction(_ files: [FileFacts]) -> RoleModel {
        let resolver = Resolver(pass: self, files: files, symbols: SymbolTable(files: files, scannedModules: Set(moduleNames)))
        let fileScope = ParallelMap.map(files.count) { resolver.fileScopeRole($0) }
        // Each file on a core, with memos of its own: a role depends only on the declarations,
        // so a type asked about from two files gets the same answer twice.
        let roles = ParallelMap.map(files.count) { file in
            var local = resolver
            return files[file].declarations.indices.map { local.role(of: DeclarationID(file: file, index: $0)) }
        }
        return RoleModel(files: files, symbols: resolver.symbols, declarationRoles: roles, fileScopeRoles: fileScope,
                         inferredViewProtocols: resolver.judge.inferredViewProtocols, behaviour: resolver.judge.behaviour,
                         views: resolver.judge.views)
    }

    /// Path relative to the configuration root, the form layer globs are written in.
    func configPath(of displayPath: String) -> String {
        PathDisplay.relative(PathDisplay.absolute(displayPath, workingDirectory: workingDirectory), to: configuration.rootDirectory)
    }

    /// The role a file takes from its path alone (a configured layer, a test folder), which wins
    /// over every convention about the types in it; nil when conventions decide. `fix` asks it
    /// where a new file would go.
    public func pathRole(of displayPath: String, testTarget: String? = nil) -> RoleAssignment? {
        if !configuration.layers.isEmpty {
            let path = configPath(of: displayPath)
            let components = GlobPattern.components(of: path)
            for layer in configuration.layers where layer.paths.contains(where: { $0.matches(components: components) }) {
                return RoleAssignment(layer.role, "configured layer for \(path)")
            }
        }
        if let testTarget { return RoleAssignment(.exempt, "test file: only test target \(testTarget) compiles it") }
        if RoleConventions.isTestPath(displayPath) { return RoleAssignment(.exempt, "test file") }
        return nil
    }

    private struct Resolver {
        let pass: InferRoles
        let files: [FileFacts]
        let symbols: SymbolTable
        let judge: TypeJudge
        var memo: [DeclarationID: RoleAssignment] = [:]
        /// By index in `symbols.types`.
        var typeMemo: [Int: RoleAssignment] = [:]
        /// Types whose role `typeRole` is still working out (the calls open on the stack).
        var typesBeingJudged: Set<Int> = []

        init(pass: InferRoles, files: [FileFacts], symbols: SymbolTable) {
            self.pass = pass
            self.files = files
            self.symbols = symbols
            judge = TypeJudge(pass: pass, files: files, symbols: symbols)
        }

        func fileScopeRole(_ file: Int) -> RoleAssignment {
            judge.pathRoles[file]
                ?? (RoleConventions.isTopLevelCodeFile(files[file].path) ? RoleAssignment(.compositionRoot, "top-level code of main.swift, the program's entry point") : nil)
                ?? judge.folderOrImportRole(file) ?? RoleAssignment(.neutral, "no convention applies")
        }

        mutating func role(of id: DeclarationID) -> RoleAssignment {
            if let known = memo[id] { return known }
            let result: RoleAssignment
            if let type = symbols.typeIndex(of: id) {
                result = judge.typeLayerRole(type) ?? judge.pathRoles[id.file] ?? liveDependencyRole(id) ?? typeRole(type)
            } else {
                // An extension of a type firebreak cannot see, or a file-scope function.
                let parentRole = files[id.file].declarations[id.index].parent.map { role(of: DeclarationID(file: id.file, index: $0)) }
                result = judge.pathRoles[id.file]
                    ?? liveDependencyRole(id)
                    ?? parentRole.flatMap { $0.role == .neutral ? nil : $0 }
                    ?? judge.folderOrImportRole(id.file)
                    ?? RoleAssignment(.neutral, "no convention applies")
            }
            memo[id] = result
            return result
        }

        /// An extension conforming a dependency client to `DependencyKey`: its `liveValue` builds
        /// the live implementation, the client's composition root.
        func liveDependencyRole(_ id: DeclarationID) -> RoleAssignment? {
            let declaration = files[id.file].declarations[id.index]
            guard declaration.kind == .extension,
                  let conformance = declaration.inheritance.first(where: { RoleConventions.liveDependencyConformances.contains($0.lastNameComponent) })
            else { return nil }
            return RoleAssignment(.compositionRoot, "conforms \(declaration.name.lastNameComponent) to \(conformance.lastNameComponent): its liveValue wires the live implementation")
        }

        /// The role of a type from its own traits and code, else its parent's, else its place's.
        mutating func typeRole(_ typeIndex: Int) -> RoleAssignment {
            if let known = typeMemo[typeIndex] { return known }
            // A type whose first declaration sits inside an extension of itself (broken code can
            // parse so) would ask its own role again through that parent, without end: the second
            // time, its place decides.
            guard typesBeingJudged.insert(typeIndex).inserted else { return judge.placeRole(symbols.types[typeIndex]) }
            defer { typesBeingJudged.remove(typeIndex) }
            let first = symbols.types[typeIndex].declarations[0]
            let parentRole = files[first.file].declarations[first.index].parent.map { role(of: DeclarationID(file: first.file, index: $0)) }
            let result: RoleAssignment
            if let own = judge.fixedRoles[typeIndex] {
                result = own
            } else if let parentRole, parentRole.role == .highLevel {
                // A type nested in a view, a view model or feature code is part of it: the I/O
                // in it is the parent's finding, not a service of its own.
                result = parentRole
            } else if let own = judge.traitRoles[typeIndex] {
                result = own
            } else if let parentRole, parentRole.role != .neutral {
                result = parentRole
            } else {
                result = judge.placeRole(symbols.types[typeIndex])
            }
            typeMemo[typeIndex] = result
            return result
        }
    }
}
