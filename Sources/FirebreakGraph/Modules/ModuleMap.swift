import FirebreakScan
import Foundation

/// A compilation unit: a SwiftPM target, a configured folder, or an analysed root.
public struct ModuleInfo: Sendable, Hashable {
    public enum Source: String, Sendable, Codable {
        /// A target read from a `Package.swift`.
        case package
        /// A `modules:` entry in the configuration.
        case configured
        /// An analysed path without a manifest: the whole tree is one module.
        case root
    }

    public var name: String
    public var source: Source
    /// Target dependencies from the manifest, as written (targets and products).
    public var declaredDependencies: [String]
}

/// A manifest found among the analysed files, with the directory it describes.
public struct ManifestLocation: Sendable, Hashable {
    public var directory: String
    public var manifest: PackageManifest

    public init(directory: String, manifest: PackageManifest) {
        self.directory = directory
        self.manifest = manifest
    }
}

/// Which module each file belongs to.
///
/// Order: a configured `modules:` entry, then the target of the nearest `Package.swift` whose
/// sources directory holds the file, then the analysed root the file was found under.
public struct ModuleMap: Sendable {
    public let modules: [ModuleInfo]
    /// `moduleOfFile[file]` indexes `modules`.
    public let moduleOfFile: [Int]

    public init(modules: [ModuleInfo], moduleOfFile: [Int]) {
        self.modules = modules
        self.moduleOfFile = moduleOfFile
    }

    /// - Parameter excluded: files that belong to no module (package manifests); they get -1.
    public static func build(
        files: [FileFacts], manifests: [ManifestLocation], roots: [String], configuration: Configuration,
        workingDirectory: String, excluded: Set<Int> = []
    ) -> ModuleMap {
        var modules: [ModuleInfo] = []
        var indexByName: [String: Int] = [:]
        func module(_ name: String, _ source: ModuleInfo.Source, _ dependencies: [String] = []) -> Int {
            if let existing = indexByName[name] { return existing }
            modules.append(ModuleInfo(name: name, source: source, declaredDependencies: dependencies))
            indexByName[name] = modules.count - 1
            return modules.count - 1
        }

        let targets: [(directory: String, target: PackageManifest.Target)] = manifests
            .sorted { $0.directory.count > $1.directory.count }
            .flatMap { location in
                location.manifest.targets
                    .filter { $0.kind != .binary && $0.kind != .systemLibrary }
                    .map { (Self.join(location.directory, $0.sourcesPath), $0) }
                    .sorted { $0.0.count > $1.0.count }
            }
        let absoluteRoots = roots.map { PathDisplay.absolute($0, workingDirectory: workingDirectory) }
            .sorted { $0.count > $1.count }

        let assignment = files.enumerated().map { index, file -> Int in
            if excluded.contains(index) { return -1 }
            let absolute = PathDisplay.absolute(file.path, workingDirectory: workingDirectory)
            let relative = PathDisplay.relative(absolute, to: configuration.rootDirectory)
            if let entry = configuration.modules.first(where: { $0.paths.contains { $0.matches(relative) } }) {
                return module(entry.name, .configured)
            }
            if let match = targets.first(where: { Self.contains($0.directory, absolute) }) {
                return module(match.target.name, .package, match.target.dependencies)
            }
            let root = absoluteRoots.first { Self.contains($0, absolute) || $0 == absolute } ?? workingDirectory
            return module(Self.rootModuleName(root), .root)
        }
        return ModuleMap(modules: modules, moduleOfFile: assignment)
    }

    static func join(_ directory: String, _ relative: String) -> String {
        let trimmed = relative.hasPrefix("./") ? String(relative.dropFirst(2)) : relative
        return URL(fileURLWithPath: directory).appendingPathComponent(trimmed).standardizedFileURL.path
    }

    static func contains(_ directory: String, _ path: String) -> Bool {
        path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// The last path component of a root directory (`ClinicApp`), or the file's name without `.swift`.
    static func rootModuleName(_ root: String) -> String {
        let url = URL(fileURLWithPath: root).standardizedFileURL
        let name = url.lastPathComponent
        if name.hasSuffix(".swift") { return String(name.dropLast(6)) }
        return name.isEmpty || name == "/" ? "Root" : name
    }
}
