import FirebreakScan
import Foundation

/// Every description of targets found among the analysed paths: `Package.swift` manifests,
/// Xcode projects (and the projects workspaces name), XcodeGen specs.
///
/// An XcodeGen spec beside an Xcode project is the project's source: the project, which is what
/// Xcode builds, is read and the spec is noted as skipped.
public struct ProjectStructure: Sendable {
    public var descriptions: [ProjectDescription]
    /// Descriptions found and not read, with the reason.
    public var skipped: [InputDiagnostic]
    /// Descriptions that could not be read.
    public var diagnostics: [InputDiagnostic]
    /// Indexes of discovered files that are package manifests: they belong to no module.
    public var manifestFiles: Set<Int>
    /// Absolute paths of the files other than discovered Swift files that were read or looked for
    /// (project files, workspaces, specs and their includes): with the Swift files, all a run's
    /// targets depend on, so a cached result is used again only while these are unchanged.
    public var consultedFiles: [String] = []

    /// - Parameter manifests: the text of manifests that came in facts files, by absolute path;
    ///   other manifests are read from disk.
    public static func load(_ discovery: SourceFileDiscovery.Result, workingDirectory: String,
                            manifests: [String: String] = [:]) -> ProjectStructure {
        var descriptions: [ProjectDescription] = []
        var skipped: [InputDiagnostic] = []
        var diagnostics: [InputDiagnostic] = []
        var manifestFiles = Set<Int>()
        var consulted = Set<String>()
        func display(_ path: String) -> String { PathDisplay.relative(path, to: workingDirectory) }

        var manifestFolders = Set<String>()
        // `Package.swift` sorts before `Package@swift-…`: one manifest per package is read.
        for (index, file) in discovery.files.enumerated() where isManifest(file.absolutePath) {
            manifestFiles.insert(index)
            let folder = URL(fileURLWithPath: file.absolutePath).deletingLastPathComponent().path
            guard manifestFolders.insert(folder).inserted else { continue }
            guard let text = manifests[file.absolutePath] ?? (try? String(contentsOfFile: file.absolutePath, encoding: .utf8)) else {
                diagnostics.append(InputDiagnostic(path: file.displayPath, message: "package manifest cannot be read, its targets are unknown"))
                continue
            }
            descriptions.append(packageDescription(PackageManifest.read(source: text), path: file.absolutePath))
        }

        var projects = discovery.projectDescriptions.filter { $0.hasSuffix(".xcodeproj") }
        for workspace in discovery.projectDescriptions where workspace.hasSuffix(".xcworkspace") {
            consulted.insert(workspace + "/contents.xcworkspacedata")
            let named = XcodeWorkspaceReader.projects(workspacePath: workspace)
            consulted.formUnion(named.map { $0 + "/project.pbxproj" })
            projects += named.filter { FileManager.default.fileExists(atPath: $0 + "/project.pbxproj") }
        }
        var seen = Set<String>()
        for project in projects where seen.insert(project).inserted {
            consulted.insert(project + "/project.pbxproj")
            guard FileManager.default.fileExists(atPath: project + "/project.pbxproj") else { continue }
            do {
                descriptions.append(try XcodeProjectReader.read(projectPath: project))
            } catch {
                diagnostics.append(InputDiagnostic(path: display(project), message: "Xcode project not read: \(reason(error))"))
            }
        }

        let projectFolders = Set(seen.map { URL(fileURLWithPath: $0).deletingLastPathComponent().standardizedFileURL.path })
        for spec in discovery.projectDescriptions where spec.hasSuffix("/project.yml") {
            let folder = URL(fileURLWithPath: spec).deletingLastPathComponent().standardizedFileURL.path
            if projectFolders.contains(folder) {
                let generated = seen.filter { URL(fileURLWithPath: $0).deletingLastPathComponent().standardizedFileURL.path == folder }
                    .map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
                skipped.append(InputDiagnostic(
                    path: display(spec), message: "XcodeGen spec not read: \(generated.joined(separator: ", ")) beside it is what Xcode builds"))
                continue
            }
            do {
                if let description = try XcodeGenSpecReader.read(specPath: spec, consulted: &consulted) { descriptions.append(description) }
            } catch {
                diagnostics.append(InputDiagnostic(path: display(spec), message: "XcodeGen spec not read: \(reason(error))"))
            }
        }
        return ProjectStructure(
            descriptions: descriptions, skipped: skipped.sorted(), diagnostics: diagnostics.sorted(), manifestFiles: manifestFiles,
            consultedFiles: consulted.sorted())
    }

    static func reason(_ error: Error) -> String {
        switch error {
        case let failure as XcodeProjectReader.Failure: return failure.reason
        case let failure as XcodeGenSpecReader.Failure: return failure.reason
        default: return "\(error)"
        }
    }

    /// `Package.swift` and version-specific `Package@swift-5.9.swift`.
    public static func isManifest(_ path: String) -> Bool {
        // Every discovered file asks: its name is read off the path's end, not through `URL`
        // (12,000 instructions a file). Discovered paths never end in `/`.
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? path[...]
        return name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    static func packageDescription(_ manifest: PackageManifest, path: String) -> ProjectDescription {
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
