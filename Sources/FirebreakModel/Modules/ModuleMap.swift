import FirebreakScan
import Foundation

/// A compilation unit: a target of a project description, a configured folder, or an analysed root.
public struct ModuleInfo: Sendable, Hashable {
    public enum Source: String, Sendable, Codable {
        /// A target read from a `Package.swift`.
        case package
        /// A native target of an Xcode project.
        case xcodeProject = "xcode-project"
        /// A target of an XcodeGen spec.
        case xcodeGen = "xcodegen"
        /// A `modules:` entry in the configuration.
        case configured
        /// An analysed path without a description of its targets: the whole tree is one module.
        case root
    }

    /// Unique among the modules: the target's name (`Shared-iOS`).
    public var name: String
    /// The Swift module `import` names (`Shared`); several platform variants may share it.
    public var importName: String
    public var source: Source
    /// The description the module comes from, as displayed (`App/App.xcodeproj`), nil for
    /// configured and root modules.
    public var origin: String?
    public var kind: BuildTarget.Kind?
    /// Target dependencies as written (targets and products).
    public var declaredDependencies: [String]
    /// SDK and binary frameworks the target links.
    public var frameworks: [String]

    public init(name: String, importName: String? = nil, source: Source, origin: String? = nil,
                kind: BuildTarget.Kind? = nil, declaredDependencies: [String] = [], frameworks: [String] = []) {
        self.name = name
        self.importName = importName ?? name
        self.source = source
        self.origin = origin
        self.kind = kind
        self.declaredDependencies = declaredDependencies
        self.frameworks = frameworks
    }
}

/// Which modules each file belongs to.
///
/// Order: a configured `modules:` entry; else the target of the nearest `Package.swift` whose
/// sources directory holds the file; else every Xcode or XcodeGen target that compiles it (a file
/// in several targets belongs to each, the most specific membership first); else, inside the
/// folder of an Xcode project or XcodeGen spec, no module (no target compiles it); else the
/// analysed root the file was found under.
public struct ModuleMap: Sendable {
    public let modules: [ModuleInfo]
    /// `moduleOfFile[file]` indexes `modules`; -1 for files of no module.
    public let moduleOfFile: [Int]
    /// Further modules of files that several targets compile.
    public let additionalModules: [Int: [Int]]
    /// Files inside a project's folder that no target compiles (not manifests).
    public let uncompiledFiles: Set<Int>

    /// Modules by import name.
    private let importCandidates: [String: [Int]]

    public init(modules: [ModuleInfo], moduleOfFile: [Int], additionalModules: [Int: [Int]] = [:], uncompiledFiles: Set<Int> = []) {
        self.modules = modules
        self.moduleOfFile = moduleOfFile
        self.additionalModules = additionalModules
        self.uncompiledFiles = uncompiledFiles
        importCandidates = Dictionary(grouping: modules.indices, by: { modules[$0].importName })
    }

    /// Every module of `file`, primary first.
    public func modules(of file: Int) -> [Int] {
        guard moduleOfFile[file] >= 0 else { return [] }
        return [moduleOfFile[file]] + (additionalModules[file] ?? [])
    }

    /// The module an `import name` in `module` means: itself when it has that name, else the only
    /// module of that import name, else the one `module` declares a dependency on, else one from
    /// the same description.
    public func resolveImport(_ name: String, from module: Int) -> Int? {
        let candidates = importCandidates[name] ?? []
        guard candidates.count > 1 else { return candidates.first }
        let importer = modules[module]
        if importer.importName == name { return module }
        let others = candidates.filter { $0 != module }
        if let declared = others.first(where: { importer.declaredDependencies.contains(modules[$0].name) }) { return declared }
        return others.first { modules[$0].origin == importer.origin } ?? others.first ?? candidates.first
    }

    /// The same map over a subset of its files, renumbered: `files[i]` is the old number of new
    /// file `i`. The map is made for every discovered file; the scan drops files it cannot read
    /// (binary, not UTF-8, nested past the parser's bounds), and the model's files are the rest.
    public func restricted(to files: [Int]) -> ModuleMap {
        var additional: [Int: [Int]] = [:]
        var uncompiled = Set<Int>()
        for (new, old) in files.enumerated() {
            if let others = additionalModules[old] { additional[new] = others }
            if uncompiledFiles.contains(old) { uncompiled.insert(new) }
        }
        return ModuleMap(modules: modules, moduleOfFile: files.map { moduleOfFile[$0] }, additionalModules: additional,
                         uncompiledFiles: uncompiled)
    }

    /// True when a scanned module has this import name.
    public func declaresModule(importName: String) -> Bool { importCandidates[importName] != nil }

    /// - Parameter excluded: files that belong to no module (package manifests); they get -1.
    /// - Parameter named: modules facts files name (`firebreak facts --module`), by absolute path:
    ///   for files no configuration entry, package or project places, instead of the analysed root,
    ///   so that a merge gives what a run over the sources would wherever a project describes them.
    public static func build(
        files: [String], descriptions: [ProjectDescription], roots: [String], configuration: Configuration,
        workingDirectory: String, excluded: Set<Int> = [], named: [String: String] = [:]
    ) -> ModuleMap {
        var assigner = ModuleAssigner(descriptions: descriptions, roots: roots, configuration: configuration,
                                      workingDirectory: workingDirectory, named: named)
        // Matching a file against every target is the work, and reads only the targets: it runs on
        // every core; modules are then made in file order, so their numbering does not change.
        let matcher = assigner
        let matches = ParallelMap.map(files.count) { index -> ModuleAssigner.Match? in
            excluded.contains(index) ? nil : matcher.match(PathDisplay.absolute(files[index], workingDirectory: workingDirectory))
        }
        var assignment: [Int] = []
        var additional: [Int: [Int]] = [:]
        var uncompiled = Set<Int>()
        for (index, match) in matches.enumerated() {
            guard let match else {
                assignment.append(-1)
                continue
            }
            switch assigner.assign(match) {
            case .module(let module, let others):
                assignment.append(module)
                if !others.isEmpty { additional[index] = others }
            case .uncompiled:
                uncompiled.insert(index)
                assignment.append(-1)
            }
        }
        return ModuleMap(modules: assigner.modules, moduleOfFile: assignment, additionalModules: additional, uncompiledFiles: uncompiled)
    }

    /// Which of several targets compiling one file is its primary module: products before tests.
    static func rank(_ kind: BuildTarget.Kind) -> Int {
        switch kind {
        case .app, .watch: 0
        case .framework, .library: 1
        case .extension, .executable: 2
        case .tests: 4
        default: 3
        }
    }

    /// `relative` below `directory`, standardized (`./` and `..` resolved).
    public static func join(_ directory: String, _ relative: String) -> String {
        let trimmed = relative.hasPrefix("./") ? String(relative.dropFirst(2)) : relative
        return URL(fileURLWithPath: directory).appendingPathComponent(trimmed).standardizedFileURL.path
    }

    /// Whether `path` lies below `directory`, compared as bytes (no Unicode normalisation, no
    /// string built): called for every file against every target's folders.
    static func contains(_ directory: String, _ path: String) -> Bool {
        var directoryBytes = directory.utf8.makeIterator()
        var pathBytes = path.utf8.makeIterator()
        var last: UInt8 = 0
        while let byte = directoryBytes.next() {
            guard pathBytes.next() == byte else { return false }
            last = byte
        }
        if last == UInt8(ascii: "/") { return true }
        return pathBytes.next() == UInt8(ascii: "/")
    }

    /// The last path component of a root directory (`ClinicApp`), or the file's name without `.swift`.
    static func rootModuleName(_ root: String) -> String {
        let url = URL(fileURLWithPath: root).standardizedFileURL
        let name = url.lastPathComponent
        if name.hasSuffix(".swift") { return String(name.dropLast(6)) }
        return name.isEmpty || name == "/" ? "Root" : name
    }
}

/// Decides the module of each file, in order of precedence: `modules:` in the configuration, the
/// most specific package target, the Xcode or XcodeGen targets that compile it (the first is its
/// module, the others get copies), no module inside a project's folder, else the analysed folder.
private struct ModuleAssigner {
    enum Assignment {
        case module(Int, others: [Int])
        case uncompiled
    }

    private(set) var modules: [ModuleInfo] = []
    private var indexByKey: [String: Int] = [:]
    private var namesTaken = Set<String>()
    /// Root module by root path: its name is read through `URL`, which costs more than the rest of an assignment.
    private var rootModules: [String: Int] = [:]
    let configuration: Configuration
    let workingDirectory: String
    let packageTargets: [(ProjectDescription, BuildTarget)]
    let projectTargets: [(ProjectDescription, BuildTarget)]
    let packageIndex: TargetMembershipIndex
    let projectIndex: TargetMembershipIndex
    let projectFolders: [String]
    let targetNames: Set<String>
    /// Longest first, so a file belongs to the innermost root.
    let absoluteRoots: [String]
    let named: [String: String]

    init(descriptions: [ProjectDescription], roots: [String], configuration: Configuration, workingDirectory: String,
         named: [String: String]) {
        self.configuration = configuration
        self.named = named
        self.workingDirectory = workingDirectory
        packageTargets = descriptions.filter { $0.format == .package }
            .flatMap { description in description.targets.map { (description, $0) } }
        projectTargets = descriptions.filter { $0.format != .package }
            .flatMap { description in description.targets.map { (description, $0) } }
        packageIndex = TargetMembershipIndex(packageTargets.map(\.1.members))
        projectIndex = TargetMembershipIndex(projectTargets.map(\.1.members))
        projectFolders = descriptions.filter { $0.format != .package }
            .map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().standardizedFileURL.path }
        targetNames = Set(descriptions.flatMap { $0.targets.map(\.name) })
        absoluteRoots = roots.map { PathDisplay.absolute($0, workingDirectory: workingDirectory) }.sorted { $0.count > $1.count }
    }

    /// Where a file belongs, before any module is made for it.
    enum Match: Sendable {
        case configured(name: String)
        /// The best package target (an index into `packageTargets`).
        case packageTarget(Int)
        /// The best project target first, then the others that also compile the file (indices
        /// into `projectTargets`).
        case projectTargets([Int])
        case uncompiled
        case root(String)
    }

    func match(_ absolute: String) -> Match {
        // Taking a path apart into characters costs more than the rest of the match: only for `modules:`.
        if !configuration.modules.isEmpty {
            let relative = GlobPattern.components(of: PathDisplay.relative(absolute, to: configuration.rootDirectory))
            if let entry = configuration.modules.first(where: { $0.paths.contains { $0.matches(components: relative) } }) {
                return .configured(name: entry.name)
            }
        }
        // The first of the most specific, as `max(by:)` over the targets in order.
        if let best = packageIndex.matches(absolute).max(by: { $0.specificity < $1.specificity }) {
            return .packageTarget(best.target)
        }
        let projectMatches = projectIndex.matches(absolute).sorted { first, second in
            let (a, b) = (projectTargets[first.target].1, projectTargets[second.target].1)
            return (second.specificity, ModuleMap.rank(a.kind), a.name) < (first.specificity, ModuleMap.rank(b.kind), b.name)
        }
        if !projectMatches.isEmpty {
            return .projectTargets(projectMatches.map(\.target))
        }
        if projectFolders.contains(where: { ModuleMap.contains($0, absolute) }) { return .uncompiled }
        if let name = named[absolute] { return .configured(name: name) }
        return .root(absoluteRoots.first { ModuleMap.contains($0, absolute) || $0 == absolute } ?? workingDirectory)
    }

    mutating func assign(_ match: Match) -> Assignment {
        switch match {
        case .configured(let name):
            return .module(module(key: "configured\u{0}" + name) { ModuleInfo(name: name, source: .configured) }, others: [])
        case .packageTarget(let index):
            return .module(targetModule(packageTargets[index].1, of: packageTargets[index].0), others: [])
        case .projectTargets(let indices):
            let primary = targetModule(projectTargets[indices[0]].1, of: projectTargets[indices[0]].0)
            return .module(primary, others: indices.dropFirst().map { targetModule(projectTargets[$0].1, of: projectTargets[$0].0) })
        case .uncompiled:
            return .uncompiled
        case .root(let root):
            if let known = rootModules[root] { return .module(known, others: []) }
            let name = ModuleMap.rootModuleName(root)
            // A target of the same name keeps it: the folder's module is the one renamed.
            let unique = targetNames.contains(name) ? name + " (root)" : name
            let index = module(key: "root\u{0}" + name) { ModuleInfo(name: unique, importName: name, source: .root) }
            rootModules[root] = index
            return .module(index, others: [])
        }
    }

    private mutating func module(key: String, _ make: () -> ModuleInfo) -> Int {
        if let existing = indexByKey[key] { return existing }
        var info = make()
        if namesTaken.contains(info.name) { info.name += " (\(info.origin ?? info.source.rawValue))" }
        namesTaken.insert(info.name)
        modules.append(info)
        indexByKey[key] = modules.count - 1
        return modules.count - 1
    }

    private mutating func targetModule(_ target: BuildTarget, of description: ProjectDescription) -> Int {
        let origin = PathDisplay.relative(description.path, to: workingDirectory)
        return module(key: description.path + "\u{0}" + target.name) {
            let source: ModuleInfo.Source = switch description.format {
            case .package: .package
            case .xcodeProject: .xcodeProject
            case .xcodeGen: .xcodeGen
            }
            return ModuleInfo(
                name: target.name, importName: target.moduleName, source: source,
                origin: origin, kind: target.kind,
                declaredDependencies: target.dependencies, frameworks: target.frameworks)
        }
    }
}
