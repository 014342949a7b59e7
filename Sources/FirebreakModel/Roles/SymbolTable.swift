import FirebreakScan

/// Identifies one declaration: `files[file].declarations[index]`.
public struct DeclarationID: Sendable, Hashable, Comparable {
    public var file: Int
    public var index: Int

    public init(file: Int, index: Int) {
        self.file = file
        self.index = index
    }

    public static func < (lhs: DeclarationID, rhs: DeclarationID) -> Bool {
        (lhs.file, lhs.index) < (rhs.file, rhs.index)
    }
}

/// A type with its extensions merged: conformances, attributes and static properties from all.
public struct TypeInfo: Sendable {
    public var qualifiedName: String
    public var simpleName: String
    public var kind: DeclarationKind
    /// Primary declarations, first one decides the folder; more than one means a name clash.
    public var declarations: [DeclarationID]
    public var extensions: [DeclarationID] = []
    public var conformances: Set<String> = []
    public var attributes: Set<String> = []
    public var staticProperties: [StaticPropertyFact] = []

    /// Whether `name` is the one static stored property holding an instance of the type itself,
    /// whatever it is called (`shared`, `main`, `instance`), on a class or actor. Previews' and
    /// tests' instances aside, a type with several (`ActionSeed.save`, `ActionSeed.remove`) is a
    /// catalogue of constants, not a shared service.
    public func holdsOwnInstance(_ name: String) -> Bool {
        guard kind.isReferenceType, staticProperties.contains(where: { $0.name == name && $0.holdsOwnInstance }) else { return false }
        // By name: a type declared alike in two modules (an app and its watch app) has its
        // `shared` twice.
        return Set(staticProperties.filter { $0.holdsOwnInstance && !PreviewHelperNames.contains($0.name) }.map(\.name)).count <= 1
    }
}

/// Every type declared in the scanned files, by qualified and by simple name.
public struct SymbolTable: Sendable {
    public private(set) var types: [TypeInfo] = []
    private var byQualifiedName: [String: Int] = [:]
    private var bySimpleName: [String: [Int]] = [:]
    /// By file and declaration index, the type a declaration declares or extends, -1 for none:
    /// rules ask for every declaration, and arrays answer without hashing.
    private var typeOfDeclaration: [[Int]] = []

    private static let typeKinds: Set<DeclarationKind> = [.struct, .class, .enum, .protocol, .actor, .typealias]

    /// - Parameter scannedModules: the import names of the scanned modules, when a module map is
    ///   known: an extension written `Other.Type` of a module not among them extends that module's
    ///   type, not a scanned type of the same simple name.
    public init(files: [FileFacts], scannedModules: Set<String> = []) {
        // Each file's type declarations with their qualified names, on every core; then merged
        // in file order, so the table does not depend on the threads. Each file's declarations
        // are read in place, not the file's facts copied (that retained every array), nor each
        // declaration copied out (a fifth of building the table).
        let typeDeclarations = ParallelMap.map(files.count) { fileIndex -> [(index: Int, qualified: String)] in
            let declarations = files[fileIndex].declarations
            return declarations.indices.compactMap { index in
                Self.typeKinds.contains(declarations[index].kind) ? (index, Self.qualifiedName(of: index, in: declarations)) : nil
            }
        }
        typeOfDeclaration = files.map { [Int](repeating: -1, count: $0.declarations.count) }
        let typeCount = typeDeclarations.reduce(0) { $0 + $1.count }
        byQualifiedName.reserveCapacity(typeCount)
        bySimpleName.reserveCapacity(typeCount)
        types.reserveCapacity(typeCount)
        for fileIndex in files.indices {
            let declarations = files[fileIndex].declarations
            for (index, qualified) in typeDeclarations[fileIndex] {
                let id = DeclarationID(file: fileIndex, index: index)
                if let existing = byQualifiedName[qualified] {
                    types[existing].declarations.append(id)
                    merge(declarations[index], into: existing)
                    typeOfDeclaration[fileIndex][index] = existing
                    continue
                }
                let name = declarations[index].name
                types.append(TypeInfo(qualifiedName: qualified, simpleName: name, kind: declarations[index].kind, declarations: [id]))
                let typeIndex = types.count - 1
                byQualifiedName[qualified] = typeIndex
                bySimpleName[name, default: []].append(typeIndex)
                typeOfDeclaration[fileIndex][index] = typeIndex
                merge(declarations[index], into: typeIndex)
            }
        }
        for fileIndex in files.indices {
            let declarations = files[fileIndex].declarations
            for index in declarations.indices where declarations[index].kind == .extension {
                let name = declarations[index].name
                guard !Self.extendsAnotherModule(name, scannedModules: scannedModules, byQualifiedName: byQualifiedName,
                                                 bySimpleName: bySimpleName),
                      let typeIndex = lookup(name) else { continue }
                let id = DeclarationID(file: fileIndex, index: index)
                types[typeIndex].extensions.append(id)
                typeOfDeclaration[fileIndex][index] = typeIndex
                merge(declarations[index], into: typeIndex)
            }
        }
    }

    /// `extension AidokuRunner.Chapter` where `AidokuRunner` is no scanned type and no scanned
    /// module: the extended type is that module's.
    private static func extendsAnotherModule(_ name: String, scannedModules: Set<String>, byQualifiedName: [String: Int],
                                             bySimpleName: [String: [Int]]) -> Bool {
        guard !scannedModules.isEmpty, byQualifiedName[name] == nil, let dot = name.firstIndex(of: ".") else { return false }
        let qualifier = String(name[..<dot])
        return bySimpleName[qualifier] == nil && !scannedModules.contains(qualifier)
    }

    private mutating func merge(_ declaration: DeclarationFact, into typeIndex: Int) {
        types[typeIndex].conformances.formUnion(declaration.inheritance.map(Self.lastComponent))
        types[typeIndex].attributes.formUnion(declaration.attributes)
        types[typeIndex].staticProperties.append(contentsOf: declaration.staticProperties)
    }

    /// `Outer.Inner` for a nested declaration, with an enclosing extension's written name.
    public static func qualifiedName(of index: Int, in file: FileFacts) -> String {
        qualifiedName(of: index, in: file.declarations)
    }

    /// The same, from the file's declarations.
    public static func qualifiedName(of index: Int, in declarations: [DeclarationFact]) -> String {
        guard var parent = declarations[index].parent else { return declarations[index].name }
        var components = [declarations[index].name]
        while true {
            components.append(declarations[parent].name)
            guard let next = declarations[parent].parent else { break }
            parent = next
        }
        return components.reversed().joined(separator: ".")
    }

    public static func lastComponent(_ name: String) -> String {
        name.lastNameComponent
    }

    /// The table without the declarations and extensions in `files`, but for types declared
    /// nowhere else; every type keeps its index.
    public func excludingDeclarations(in files: Set<Int>) -> SymbolTable {
        guard !files.isEmpty else { return self }
        var table = self
        for index in table.types.indices where table.types[index].declarations.contains(where: { !files.contains($0.file) }) {
            table.types[index].declarations.removeAll { files.contains($0.file) }
            table.types[index].extensions.removeAll { files.contains($0.file) }
        }
        return table
    }

    private func lookup(_ name: String) -> Int? {
        if let exact = byQualifiedName[name] { return exact }
        return bySimpleName[Self.lastComponent(name)]?.first
    }

    /// Whether any scanned type has this simple name: when none has, no written name ending in it
    /// resolves, qualified or nested.
    public func declaresType(simpleName: String) -> Bool {
        bySimpleName[simpleName] != nil
    }

    /// The type a written name refers to: by qualified name, else by its last component.
    /// Ambiguous simple names resolve to the first declaration in path order.
    public func resolve(_ name: String) -> TypeInfo? {
        lookup(name).map { types[$0] }
    }

    /// The index in `types` of what `resolve` returns: for reading the type in place.
    public func resolvedIndex(_ name: String) -> Int? {
        guard declaresType(simpleName: name.lastNameComponent) else { return nil }
        return lookup(name)
    }

    /// Only an exact qualified name (`FileScanner.Options`).
    public func resolveQualified(_ name: String) -> TypeInfo? {
        byQualifiedName[name].map { types[$0] }
    }

    public func type(of declaration: DeclarationID) -> TypeInfo? {
        typeIndex(of: declaration).map { types[$0] }
    }

    /// The index in `types` of the type a declaration declares or extends: for reading one of
    /// its fields in place, where `type(of:)` copies the whole type out.
    public func typeIndex(of declaration: DeclarationID) -> Int? {
        guard typeOfDeclaration.indices.contains(declaration.file),
              typeOfDeclaration[declaration.file].indices.contains(declaration.index) else { return nil }
        let typeIndex = typeOfDeclaration[declaration.file][declaration.index]
        return typeIndex >= 0 ? typeIndex : nil
    }
}
