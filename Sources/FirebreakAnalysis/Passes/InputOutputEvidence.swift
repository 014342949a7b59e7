import FirebreakModel
import FirebreakScan

/// What each scanned type's own code says about its job: the first input or output it does
/// itself (a platform or SDK API of `InputOutputAPIs`, or a type of an infrastructure framework the
/// file imports), the scanned types it keeps in instance properties (what it wraps) or otherwise
/// uses (reads a shared instance of, or constructs), and whether it keeps state in instance
/// properties at all. Roles are judged from it (`InferRoles`).
struct InputOutputEvidence: Sendable {
    /// One use of an API, where it is; `known` for an API of `InputOutputAPIs`, which explains a
    /// role better than a type found through the file's imports.
    struct Use: Sendable, Hashable {
        var what: String
        var file: Int
        var line: Int
        var known = true
    }

    /// A scanned type the code depends on at run time: kept in an instance property, read through
    /// a shared instance, or constructed.
    struct Link: Sendable, Hashable {
        enum Kind: Sendable, Hashable { case stores, reads, constructs }
        var kind: Kind
        var type: Int
        /// The property that keeps it, or the member whose code reads or constructs it.
        var via: String
        var file: Int
        var line: Int
    }

    /// By index in `symbols.types`.
    let firstUse: [Use?]
    let links: [[Link]]
    let holdsState: [Bool]

    init(files: [FileFacts], symbols: SymbolTable, frameworks: InfrastructureFrameworks, scannedModules: Set<String>) {
        let perFile = ParallelMap.map(files.count) { file in
            Self.scan(file: file, files[file], symbols: symbols, frameworks: frameworks, scannedModules: scannedModules)
        }
        var firstUse = [Use?](repeating: nil, count: symbols.types.count)
        var links = [[Link]](repeating: [], count: symbols.types.count)
        for result in perFile {
            for (type, use) in result.uses where firstUse[type] == nil || (use.known && firstUse[type]?.known == false) {
                firstUse[type] = use
            }
            for (type, link) in result.links where !links[type].contains(where: { $0.type == link.type && $0.kind == link.kind }) {
                links[type].append(link)
            }
        }
        self.firstUse = firstUse
        self.links = links
        holdsState = symbols.types.map { type in
            type.declarations.contains { id in
                files[id.file].declarations[id.index].members.contains { $0.isStored && !$0.isStatic && $0.kind == .property }
            }
        }
    }

    private struct FileResult {
        var uses: [(Int, Use)] = []
        var links: [(Int, Link)] = []
    }

    private static func scan(
        file index: Int, _ file: FileFacts, symbols: SymbolTable, frameworks: InfrastructureFrameworks, scannedModules: Set<String>
    ) -> FileResult {
        var result = FileResult()
        let imports = file.imports.map(\.module).filter { !scannedModules.contains($0) }
        let importsInfrastructure = imports.contains(where: frameworks.contains)
        func owningType(_ declaration: Int?) -> Int? {
            declaration.flatMap { symbols.typeIndex(of: DeclarationID(file: index, index: $0)) }
        }
        for reference in file.references {
            // A lower-case name (a variable, a member) is neither a type nor an API of the tables.
            guard !reference.isValueName, let type = owningType(reference.owner) else { continue }
            let line = reference.position.line
            if let target = symbols.resolvedIndex(reference.name) {
                if target != type, let kind = Self.linkKind(reference, target: target, file: file, symbols: symbols) {
                    result.links.append((type, Link(kind: kind, type: target, via: reference.member ?? "", file: index, line: line)))
                }
            } else if let kind = InputOutputAPIs.kind(of: reference.name), InputOutputAPIs.isUse(reference.kind) {
                result.uses.append((type, Use(what: "\(reference.name) (\(kind.rawValue))", file: index, line: line)))
            } else if importsInfrastructure, InputOutputAPIs.isSDKUse(reference.kind),
                      let framework = ExternalFrameworks.attribute(reference.name, imports: imports)?.framework, frameworks.contains(framework),
                      // A coordinate is a value the framework defines, not a call into it.
                      !FrameworkValueTypes.isValue(reference.name, of: framework) {
                result.uses.append((type, Use(what: "\(reference.name) (\(framework))", file: index, line: line, known: false)))
            }
        }
        for instantiation in file.instantiations
        where InputOutputAPIs.isReadingConstruction(type: instantiation.typeName, labels: instantiation.argumentLabels) {
            guard let type = owningType(instantiation.context.declaration) else { continue }
            result.uses.append((type, Use(what: "\(instantiation.typeName)(contentsOf:) (disk or network)", file: index,
                                          line: instantiation.position.line)))
        }
        result.uses.sort { ($0.1.line, $0.0) < ($1.1.line, $1.0) }
        return result
    }

    /// How the code depends on a scanned type it names: an instance property that keeps it (its
    /// type, or an initial value that reads or builds it), a read of its shared instance, a
    /// construction; nil for a name in a signature or a conformance.
    private static func linkKind(_ reference: ReferenceFact, target: Int, file: FileFacts, symbols: SymbolTable) -> Link.Kind? {
        if let owner = reference.owner, let property = reference.member, isInstanceProperty(property, of: file.declarations[owner]),
           [.storedProperty, .staticMember, .instantiation].contains(reference.kind) {
            return .stores
        }
        switch reference.kind {
        case .staticMember: return reference.staticMember.map(symbols.types[target].holdsOwnInstance) == true ? .reads : nil
        case .instantiation: return .constructs
        default: return nil
        }
    }

    private static func isInstanceProperty(_ name: String, of declaration: DeclarationFact) -> Bool {
        declaration.members.contains { $0.name == name && $0.isStored && !$0.isStatic && $0.kind == .property }
    }
}
