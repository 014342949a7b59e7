import FirebreakModel
import FirebreakScan
import Foundation

/// SwiftPM: every `Package.swift` among the discovered files, read from its syntax tree
/// (`PackageManifest`), never executed. Manifests belong to no module.
public struct PackageManifestFormat: ProjectFormatReader {
    public init() {}

    public func read(_ discovered: SourceFileDiscovery.Result, into reading: inout ProjectReading) {
        var folders = Set<String>()
        // `Package.swift` sorts before `Package@swift-…`: one manifest per package is read.
        for (index, file) in discovered.files.enumerated() where Self.isManifest(file.absolutePath) {
            reading.manifestFiles.insert(index)
            let folder = URL(fileURLWithPath: file.absolutePath).deletingLastPathComponent().path
            guard folders.insert(folder).inserted else { continue }
            guard let text = reading.manifests[file.absolutePath] ?? (try? String(contentsOfFile: file.absolutePath, encoding: .utf8)) else {
                reading.diagnostics.append(InputDiagnostic(path: file.displayPath, message: "package manifest cannot be read, its targets are unknown"))
                continue
            }
            reading.descriptions.append(Self.description(PackageManifest.read(source: text), path: file.absolutePath))
        }
    }

    /// `Package.swift` and version-specific `Package@swift-5.9.swift`.
    public static func isManifest(_ path: String) -> Bool {
        // Every discovered file asks: its name is read off the path's end, not through `URL`
        // (12,000 instructions a file). Discovered paths never end in `/`.
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? path[...]
        return name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    static func description(_ manifest: PackageManifest, path: String) -> ProjectDescription {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        let targets = manifest.targets.compactMap { target -> BuildTarget? in
            let kind: BuildTarget.Kind
            switch target.kind {
            case .regular: kind = .library
            case .executable: kind = .executable
            case .test: kind = .tests
            case .macro: kind = .macro
            case .plugin: kind = .plugin
            case .binary, .systemLibrary: return nil
            }
            return BuildTarget(
                name: target.name, moduleName: BuildTarget.moduleName(of: target.name), kind: kind,
                members: TargetMembers(folders: [FolderMembership(path: ModuleMap.join(directory, target.sourcesPath))]),
                dependencies: target.dependencies)
        }
        return ProjectDescription(format: .package, path: path, targets: targets)
    }
}
