import FirebreakModel
import FirebreakScan

/// Gives every declaration a role, from configuration first, then from conventions.
///
/// Precedence, first match wins: configured layers; test files; previews and mocks;
/// composition roots; views and view controllers; types named like view models; classes and
/// actors that keep a singleton or are named like services; other observable classes; the
/// enclosing type's role; the deepest layer folder; an infrastructure import in the file.
public struct InferRoles: Sendable {
    public let configuration: Configuration
    public let workingDirectory: String
    /// Files that only test targets compile, with the first such target's name.
    public let testTargetOfFile: [Int: String]

    public init(configuration: Configuration, workingDirectory: String, testTargetOfFile: [Int: String] = [:]) {
        self.configuration = configuration
        self.workingDirectory = workingDirectory
        self.testTargetOfFile = testTargetOfFile
    }

    public func callAsFunction(_ files: [FileFacts]) -> RoleModel {
        let resolver = Resolver(pass: self, files: files, symbols: SymbolTable(files: files))
        let fileScope = ParallelMap.map(files.count) { resolver.fileScopeRole($0) }
        // Each file on a core, with memos of its own: a role depends only on the declarations,
        // so a type asked about from two files gets the same answer twice.
        let roles = ParallelMap.map(files.count) { file in
            var local = resolver
            return files[file].declarations.indices.map { local.role(of: DeclarationID(file: file, index: $0)) }
        }
        return RoleModel(files: files, symbols: resolver.symbols, declarationRoles: roles, fileScopeRoles: fileScope)
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
        let frameworks: InfrastructureFrameworks
        /// Simple names that make a conforming type a view: SwiftUI's, configured ones, and the
        /// scanned protocols and typealiases that refine or alias them.
        let viewNames: Set<String>
        /// Simple names of the scanned protocols: what an adapter can implement.
        let protocolNames: Set<String>
        /// Types that nothing but previews and tests names, with the reason.
        let previewOnlyTypes: [String: String]
        var memo: [DeclarationID: RoleAssignment] = [:]
        /// By index in `symbols.types`.
        var typeMemo: [Int: RoleAssignment] = [:]
        /// Types whose role `typeRole` is still working out (the calls open on the stack).
        var typesBeingJudged: Set<Int> = []
        /// Computed once per file: paths are resolved through the file system, and every
        /// declaration asks.
        let pathRoles: [RoleAssignment?]
        /// The deepest layer folder of each file, once per file rather than per declaration.
        let folderRoles: [RoleAssignment?]
        /// By index in `symbols.types`, what the type's own traits say (`traitRole`): judged once
        /// per type, where each file's memo judged again every type its declarations reach.
        private(set) var traitRoles: [RoleAssignment?] = []

        init(pass: InferRoles, files: [FileFacts], symbols: SymbolTable) {
            self.pass = pass
            self.files = files
            self.symbols = symbols
            frameworks = InfrastructureFrameworks(pass.configuration.forbiddenImports)
            viewNames = Self.viewNames(ViewProtocols(pass.configuration.viewProtocols).simpleNames, symbols)
            protocolNames = Set(symbols.types.filter { $0.kind == .protocol }.map(\.simpleName))
            previewOnlyTypes = Self.previewOnlyTypes(files: files, symbols: symbols, testFiles: pass.testTargetOfFile)
            pathRoles = ParallelMap.map(files.count) { pass.pathRole(of: files[$0].path, testTarget: pass.testTargetOfFile[$0]) }
            folderRoles = ParallelMap.map(files.count) { RoleConventions.folderRole(files[$0].path) }
            let judge = self
            traitRoles = ParallelMap.map(symbols.types.count) { judge.traitRole(symbols.types[$0]) }
        }

        private static func viewNames(_ seeds: Set<String>, _ symbols: SymbolTable) -> Set<String> {
            let refining = symbols.types.filter { $0.kind == .protocol || $0.kind == .typealias }
            var names = seeds
            var changed = true
            while changed {
                changed = false
                for type in refining where !names.contains(type.simpleName) && !type.conformances.isDisjoint(with: names) {
                    names.insert(type.simpleName)
                    changed = true
                }
            }
            return names
        }

        /// Types only previews and tests use, with the reason: declared under `#if DEBUG` and named
        /// nowhere else, or named by a preview and nowhere else. A preview side is a `#Preview`, a
        /// test, a preview helper member, a preview or double type, or debug-only code; a type's
        /// mentions of itself do not count.
        private static func previewOnlyTypes(files: [FileFacts], symbols: SymbolTable, testFiles: [Int: String]) -> [String: String] {
            // By index: copying each type's sets and arrays out of the table cost more than the loop.
            let candidates = symbols.types.indices.filter { symbols.types[$0].kind != .protocol }
            // Names are looked up once per reference part, then counted by number: hashing a
            // `String` again for each set it goes into was most of this pass.
            var seen: Set<String> = []
            let names = NameNumbers(candidates.map { symbols.types[$0].simpleName }.filter { seen.insert($0).inserted })
            let filter = NameFilter(names.names)
            // Per file on every core: which names its code uses, on the preview side or not, by
            // number, repeats kept (a set of numbers per file cost more in hashing and growing
            // than the repeats cost in flags set twice).
            let perFile = ParallelMap.map(files.count) { file -> (elsewhere: [Int], previews: [Int]) in
                // The two arrays, not the file's facts: a copy of those retained all their arrays.
                let declarations = files[file].declarations
                let references = files[file].references
                var usedElsewhere: [Int] = []
                var usedByPreviews: [Int] = []
                let isTest = testFiles[file] != nil || RoleConventions.isTestPath(files[file].path)
                // Whether each declaration, with what encloses it, is preview code (0: not asked
                // yet, 1: no, 2: yes), and whether a reference from it is: asked for every name a
                // reference holds, and consecutive references mostly share their owner and member.
                var previewChain = [UInt8](repeating: 0, count: declarations.count)
                var lastSite: (owner: Int, member: String?)?
                var lastSiteIsPreview = false
                func isPreviewSide(owner: Int?, member: String?) -> Bool {
                    guard !isTest, let owner else { return isTest }
                    if let site = lastSite, site.owner == owner, site.member == member { return lastSiteIsPreview }
                    if previewChain[owner] == 0 { previewChain[owner] = Self.isPreviewChain(declarations, owner) ? 2 : 1 }
                    lastSite = (owner, member)
                    lastSiteIsPreview = previewChain[owner] == 2 || Self.isPreviewHelper(declarations, owner, member: member)
                    return lastSiteIsPreview
                }
                for index in references.indices {
                    let owner = references[index].owner, member = references[index].member
                    func record(_ named: String) {
                        guard filter.mayContain(named), let number = names.number(of: named) else { return }
                        if let owner, Self.encloses(declarations, owner, named) { return }
                        if isPreviewSide(owner: owner, member: member) { usedByPreviews.append(number) } else { usedElsewhere.append(number) }
                    }
                    let name = references[index].name
                    if name.isQualifiedName {
                        for named in name.nameComponents { record(named) }
                    } else {
                        record(name)
                    }
                }
                return (usedElsewhere, usedByPreviews)
            }
            var usedElsewhere = [Bool](repeating: false, count: names.count)
            var usedByPreviews = [Bool](repeating: false, count: names.count)
            for used in perFile {
                for number in used.elsewhere { usedElsewhere[number] = true }
                for number in used.previews { usedByPreviews[number] = true }
            }
            var result: [String: String] = [:]
            for type in candidates {
                guard let number = names.number(of: symbols.types[type].simpleName), !usedElsewhere[number] else { continue }
                if symbols.types[type].declarations.allSatisfy({ files[$0.file].declarations[$0.index].isDebugOnly }) {
                    result[symbols.types[type].qualifiedName] = "declared under #if DEBUG and used only by previews and tests"
                } else if usedByPreviews[number] {
                    result[symbols.types[type].qualifiedName] = "used only by previews and tests"
                }
            }
            return result
        }

        /// Code that exists for previews: a `#Preview`, debug-only code, or a type named or
        /// conforming like a preview or double, with what encloses it.
        /// A type naming itself (or an extension of it naming it) is no use of it.
        private static func encloses(_ declarations: [DeclarationFact], _ index: Int, _ name: String) -> Bool {
            // By index: copying each declaration on the way up was most of this pass.
            var current: Int? = index
            while let at = current {
                if declarations[at].name.hasLastNameComponent(name) { return true }
                current = declarations[at].parent
            }
            return false
        }

        /// A static preview helper (`static var preview`) of the declaration, read through its type.
        private static func isPreviewHelper(_ declarations: [DeclarationFact], _ index: Int, member: String?) -> Bool {
            guard let member, PreviewHelperNames.contains(member) else { return false }
            return declarations[index].members.contains(where: { $0.name == member && $0.isStatic })
        }

        /// The declaration or one that encloses it is a `#Preview`, debug-only, or named or
        /// conforming like a preview or double.
        private static func isPreviewChain(_ declarations: [DeclarationFact], _ index: Int) -> Bool {
            var current: Int? = index
            while let at = current {
                if declarations[at].kind == .preview || declarations[at].isDebugOnly
                    || RoleConventions.hasExemptName(declarations[at].simpleName)
                    || declarations[at].inheritance.contains(where: RoleConventions.exemptConformances.contains) {
                    return true
                }
                current = declarations[at].parent
            }
            return false
        }

        /// Roles that follow from where a file is: configured paths, test folders.
        func pathRole(_ file: Int) -> RoleAssignment? { pathRoles[file] }

        func folderOrImportRole(_ file: Int) -> RoleAssignment? {
            folderRoles[file] ?? importRole(file)
        }

        func importRole(_ file: Int) -> RoleAssignment? {
            guard let module = files[file].imports.first(where: { frameworks.contains($0.module) })?.module else { return nil }
            return RoleAssignment(.infrastructure, "file imports \(module)")
        }

        func fileScopeRole(_ file: Int) -> RoleAssignment {
            pathRole(file) ?? folderOrImportRole(file) ?? RoleAssignment(.neutral, "no convention applies")
        }

        mutating func role(of id: DeclarationID) -> RoleAssignment {
            if let known = memo[id] { return known }
            let result: RoleAssignment
            if let type = symbols.typeIndex(of: id) {
                result = typeLayerRole(type) ?? pathRole(id.file) ?? typeRole(type)
            } else {
                // An extension of a type firebreak cannot see, or a file-scope function.
                let parentRole = files[id.file].declarations[id.index].parent.map { role(of: DeclarationID(file: id.file, index: $0)) }
                result = pathRole(id.file)
                    ?? parentRole.flatMap { $0.role == .neutral ? nil : $0 }
                    ?? folderOrImportRole(id.file)
                    ?? RoleAssignment(.neutral, "no convention applies")
            }
            memo[id] = result
            return result
        }

        func typeLayerRole(_ typeIndex: Int) -> RoleAssignment? {
            guard pass.configuration.hasTypeLayers else { return nil }
            let type = symbols.types[typeIndex]
            let simple = GlobPattern.components(of: type.simpleName), qualified = GlobPattern.components(of: type.qualifiedName)
            for layer in pass.configuration.layers
                where layer.types.contains(where: { $0.matches(components: simple) || $0.matches(components: qualified) }) {
                return RoleAssignment(layer.role, "configured layer for type \(type.qualifiedName)")
            }
            return nil
        }

        /// The role of a type from its own traits, judged at its first declaration, else its
        /// parent's, else its folder's. By index: the type is read in place, not copied out for
        /// every declaration that asks.
        mutating func typeRole(_ typeIndex: Int) -> RoleAssignment {
            if let known = typeMemo[typeIndex] { return known }
            // A type whose first declaration sits inside an extension of itself (broken code can
            // parse so) would ask its own role again through that parent, without end: the second
            // time, its place decides.
            guard typesBeingJudged.insert(typeIndex).inserted else { return placeRole(symbols.types[typeIndex]) }
            defer { typesBeingJudged.remove(typeIndex) }
            let first = symbols.types[typeIndex].declarations[0]
            let result: RoleAssignment
            if let own = traitRoles[typeIndex] {
                result = own
            } else if let parent = files[first.file].declarations[first.index].parent,
                      case let parentRole = role(of: DeclarationID(file: first.file, index: parent)),
                      parentRole.role != .neutral {
                result = parentRole
            } else {
                result = placeRole(symbols.types[typeIndex])
            }
            typeMemo[typeIndex] = result
            return result
        }

        /// What the type's path, name, conformances, attributes and members say, if anything.
        private func traitRole(_ type: TypeInfo) -> RoleAssignment? {
            let first = type.declarations[0]
            let name = type.simpleName
            let isReference = type.kind.isReferenceType
            if let path = pathRole(first.file) {
                return path
            } else if RoleConventions.hasExemptName(name) {
                return RoleAssignment(.exempt, "preview or test double by name")
            } else if let conformance = type.conformances.sorted().first(where: RoleConventions.exemptConformances.contains) {
                return RoleAssignment(.exempt, "conforms to \(conformance)")
            } else if let reason = previewOnlyTypes[type.qualifiedName] {
                return RoleAssignment(.exempt, reason)
            } else if type.attributes.contains("main") {
                return RoleAssignment(.compositionRoot, "@main entry point")
            } else if RoleConventions.compositionRootNames.contains(name)
                        || RoleConventions.compositionRootSuffixes.contains(where: name.hasSuffix) {
                return RoleAssignment(.compositionRoot, "named like a composition root")
            } else if let conformance = type.conformances.sorted().first(where: RoleConventions.compositionRootConformances.contains) {
                return RoleAssignment(.compositionRoot, "conforms to \(conformance)")
            } else if let conformance = type.conformances.sorted().first(where: viewNames.contains) {
                return RoleAssignment(.highLevel, "view (conforms to \(conformance))")
            } else if isReference, name.hasSuffix("ViewController") || type.conformances.contains(where: { $0.hasSuffix("ViewController") }) {
                return RoleAssignment(.highLevel, "view controller")
            } else if RoleConventions.viewModelSuffixes.contains(where: name.hasSuffix) {
                return RoleAssignment(.highLevel, "view model by name")
            } else if isReference, type.hasSingletonMembers {
                return RoleAssignment(.infrastructure, "declares a shared instance of itself")
            } else if isReference, RoleConventions.hasServiceName(name) {
                return RoleAssignment(.infrastructure, "service by name")
            } else if type.kind != .protocol, let adapted = RoleConventions.adaptedProtocol(
                        of: name, conformances: type.conformances, scannedProtocols: protocolNames) {
                return RoleAssignment(.infrastructure, "adapter: implements \(adapted), the abstraction its users depend on")
            } else if type.kind == .class, type.conformances.contains(where: RoleConventions.observableConformances.contains)
                        || type.attributes.contains(where: RoleConventions.observableAttributes.contains) {
                return RoleAssignment(.highLevel, "observable view model")
            }
            return nil
        }

        /// The role of a type no trait and no enclosing type decides: its folder's or its imports'.
        private func placeRole(_ type: TypeInfo) -> RoleAssignment {
            let first = type.declarations[0]
            if type.kind == .struct || type.kind == .enum,
               let folder = folderRoles[first.file], folder.role == .infrastructure,
               !RoleConventions.hasServiceName(type.simpleName) {
                // A value type under Services/ is the data services exchange, not a service.
                return importRole(first.file)
                    ?? RoleAssignment(.neutral, "value type \(folder.reason): data, not a service")
            }
            return folderOrImportRole(first.file) ?? RoleAssignment(.neutral, "no convention applies")
        }
    }
}
