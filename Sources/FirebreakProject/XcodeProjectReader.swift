import FirebreakModel
import Foundation

/// Reads the targets of an Xcode project from its `project.pbxproj`, parsed by Foundation's
/// `PropertyListSerialization` (the OpenStep format Xcode writes).
///
/// A target compiles the Swift files of its sources phase, and every Swift file below its
/// synchronized folders (Xcode 16) less its exceptions. A folder's exception set names files that
/// the folder's own targets leave out, and that any other target it names compiles.
public enum XcodeProjectReader {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// - Parameter projectPath: the `.xcodeproj` bundle.
    public static func read(projectPath: String) throws -> ProjectDescription {
        let file = projectPath + "/project.pbxproj"
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Failure(path: file, reason: "cannot be read")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw Failure(path: file, reason: "not a property list (\(error.localizedDescription))")
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any],
              let rootID = root["rootObject"] as? String, let project = objects[rootID] as? [String: Any] else {
            throw Failure(path: file, reason: "no project object")
        }
        let graph = ObjectGraph(objects: objects, projectDirectory: projectDirectory(of: projectPath, project))
        let projectSettings = graph.settingsByConfiguration(list: project["buildConfigurationList"] as? String)
        let targets = (project["targets"] as? [String] ?? []).compactMap { id -> BuildTarget? in
            guard var target = graph.target(id) else { return nil }
            target.swiftLanguageMode = graph.swiftLanguageMode(of: id, projectSettings: projectSettings)
            target.defaultIsolation = graph.defaultIsolation(of: id, projectSettings: projectSettings)
            return target
        }
        return ProjectDescription(format: .xcodeProject, path: projectPath, targets: graph.addingExceptionMembers(targets))
    }

    static func projectDirectory(of projectPath: String, _ project: [String: Any]) -> String {
        let bundleParent = URL(fileURLWithPath: projectPath).deletingLastPathComponent()
        guard let relative = project["projectDirPath"] as? String, !relative.isEmpty else {
            return bundleParent.standardizedFileURL.path
        }
        if relative.hasPrefix("/") { return URL(fileURLWithPath: relative).standardizedFileURL.path }
        return bundleParent.appendingPathComponent(relative).standardizedFileURL.path
    }
}

/// The `objects` dictionary of a project, with the lookups targets need.
private struct ObjectGraph {
    /// Each object cast once: the property list holds `[AnyHashable: Any]`, and casting an object
    /// to `[String: Any]` casts every key, which each lookup did again (114 M of the 676 M
    /// instructions that reading Element X's 900 KB `project.pbxproj` took).
    let objects: [String: [String: Any]]
    let projectDirectory: String
    /// Child → parent group, for resolving `<group>`-relative paths.
    let parent: [String: String]
    /// Paths found so far: every file of a group asked for the group's path again, through
    /// Foundation's path standardisation at each level.
    private let known = KnownPaths()

    private final class KnownPaths {
        var paths: [String: String] = [:]
    }

    init(objects: [String: Any], projectDirectory: String) {
        var typed: [String: [String: Any]] = [:]
        typed.reserveCapacity(objects.count)
        var parent: [String: String] = [:]
        for (id, object) in objects {
            guard let object = object as? [String: Any] else { continue }
            typed[id] = object
            guard let children = object["children"] as? [String] else { continue }
            for child in children { parent[child] = id }
        }
        self.objects = typed
        self.projectDirectory = projectDirectory
        self.parent = parent
    }

    func object(_ id: String) -> [String: Any]? { objects[id] }

    func isa(_ id: String) -> String? { object(id)?["isa"] as? String }

    /// The absolute path of a file reference or group, nil for SDK, build-product and other trees.
    /// Remembered once found: a path found is the same from any depth (only a cycle or a chain past
    /// the depth bound finds none).
    func path(of id: String, depth: Int = 0) -> String? {
        if let path = known.paths[id] { return path }
        let path = resolvedPath(of: id, depth: depth)
        if let path { known.paths[id] = path }
        return path
    }

    private func resolvedPath(of id: String, depth: Int) -> String? {
        guard depth < 256, let object = object(id) else { return nil }
        let own = object["path"] as? String
        let base: String
        switch object["sourceTree"] as? String ?? "<group>" {
        case "<group>":
            if let parentID = parent[id] {
                guard let parentPath = path(of: parentID, depth: depth + 1) else { return nil }
                base = parentPath
            } else {
                base = projectDirectory
            }
        case "SOURCE_ROOT": base = projectDirectory
        case "<absolute>": base = "/"
        default: return nil
        }
        guard let own, !own.isEmpty else { return base }
        if own.hasPrefix("/") { return URL(fileURLWithPath: own).standardizedFileURL.path }
        return Self.join(base, own)
    }

    func target(_ id: String) -> BuildTarget? {
        guard let target = object(id), target["isa"] as? String == "PBXNativeTarget",
              let name = target["name"] as? String else { return nil }
        var files = Set<String>()
        var platformFilters: [String: Set<String>] = [:]
        var frameworks: [String] = []
        var packageProducts: [String] = []
        for phaseID in target["buildPhases"] as? [String] ?? [] {
            switch isa(phaseID) {
            case "PBXSourcesBuildPhase":
                for buildFile in object(phaseID)?["files"] as? [String] ?? [] {
                    guard let build = object(buildFile), let reference = build["fileRef"] as? String,
                          let path = path(of: reference), path.hasSuffix(".swift") else { continue }
                    files.insert(path)
                    if let filters = Self.platformFilters(of: build) { platformFilters[path] = filters }
                }
            case "PBXFrameworksBuildPhase":
                for buildFile in object(phaseID)?["files"] as? [String] ?? [] {
                    guard let build = object(buildFile) else { continue }
                    if let product = build["productRef"] as? String, let name = productName(product) {
                        packageProducts.append(name)
                    } else if let reference = build["fileRef"] as? String, let name = frameworkName(reference) {
                        frameworks.append(name)
                    }
                }
            default: continue
            }
        }
        packageProducts += (target["packageProductDependencies"] as? [String] ?? []).compactMap(productName)
        let dependencies = (target["dependencies"] as? [String] ?? []).compactMap(dependencyName)
        let folders = (target["fileSystemSynchronizedGroups"] as? [String] ?? []).compactMap { groupID -> FolderMembership? in
            guard let folder = path(of: groupID) else { return nil }
            platformFilters.merge(synchronizedPlatformFilters(of: groupID, for: id, folder: folder)) { first, _ in first }
            return FolderMembership(path: folder, excludedPaths: exceptions(of: groupID, for: id, folder: folder))
        }
        let kind = (target["productType"] as? String).map(BuildTarget.Kind.init(productType:)) ?? .other
        return BuildTarget(
            name: name, moduleName: moduleName(of: target, named: name), kind: kind,
            members: TargetMembers(files: files, folders: folders, platformFilters: platformFilters),
            dependencies: Self.unique(dependencies + packageProducts), frameworks: Self.unique(frameworks))
    }

    /// A build file's `platformFilter = ios` or `platformFilters = (ios, macos)`.
    static func platformFilters(of buildFile: [String: Any]) -> Set<String>? {
        if let filters = buildFile["platformFilters"] as? [String], !filters.isEmpty { return Set(filters) }
        return (buildFile["platformFilter"] as? String).map { [$0] }
    }

    /// The files of a synchronized folder that target `targetID` compiles for some platforms only
    /// (`platformFiltersByRelativePath` of its exception set), by absolute path.
    func synchronizedPlatformFilters(of groupID: String, for targetID: String, folder: String) -> [String: Set<String>] {
        var filters: [String: Set<String>] = [:]
        for exceptionID in object(groupID)?["exceptions"] as? [String] ?? [] {
            guard let exception = object(exceptionID), exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                  exception["target"] as? String == targetID,
                  let byPath = exception["platformFiltersByRelativePath"] as? [String: Any] else { continue }
            for (relative, value) in byPath where relative.hasSuffix(".swift") {
                guard let platforms = value as? [String], !platforms.isEmpty else { continue }
                filters[Self.join(folder, relative)] = Set(platforms)
            }
        }
        return filters
    }

    func productName(_ id: String) -> String? {
        guard let name = object(id)?["productName"] as? String else { return nil }
        return name.hasPrefix("plugin:") ? nil : name
    }

    /// `UIKit.framework` → `UIKit`; libraries and other references are not frameworks.
    func frameworkName(_ id: String) -> String? {
        guard let reference = object(id) else { return nil }
        let file = (reference["name"] as? String) ?? (reference["path"] as? String) ?? ""
        let last = URL(fileURLWithPath: file).lastPathComponent
        for suffix in [".framework", ".xcframework"] where last.hasSuffix(suffix) {
            return String(last.dropLast(suffix.count))
        }
        return nil
    }

    func dependencyName(_ id: String) -> String? {
        guard let dependency = object(id) else { return nil }
        if let target = dependency["target"] as? String, let name = object(target)?["name"] as? String { return name }
        if let proxy = dependency["targetProxy"] as? String, let name = object(proxy)?["remoteInfo"] as? String { return name }
        if let product = dependency["productRef"] as? String { return productName(product) }
        return dependency["name"] as? String
    }

    /// Files of a synchronized folder that target `targetID` leaves out.
    func exceptions(of groupID: String, for targetID: String, folder: String) -> Set<String> {
        var excluded = Set<String>()
        for exceptionID in object(groupID)?["exceptions"] as? [String] ?? [] {
            guard let exception = object(exceptionID) else { continue }
            // Joined only for the sets that apply: a folder shared by many targets has a set per
            // target, and each path goes through Foundation's standardisation.
            func listed() -> [String] { (exception["membershipExceptions"] as? [String] ?? []).map { Self.join(folder, $0) } }
            switch exception["isa"] as? String {
            case "PBXFileSystemSynchronizedBuildFileExceptionSet" where exception["target"] as? String == targetID:
                excluded.formUnion(listed())
            case "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet":
                // Files moved into another of this target's phases (copy files, headers): not compiled,
                // unless the phase is a sources phase.
                let phase = exception["buildPhase"] as? String
                let owner = (object(targetID)?["buildPhases"] as? [String] ?? []).contains { $0 == phase }
                if owner, let phase, isa(phase) != "PBXSourcesBuildPhase" { excluded.formUnion(listed()) }
            default: continue
            }
        }
        return excluded
    }

    /// Exception sets that name a target which does not own the folder add those files to it.
    func addingExceptionMembers(_ targets: [BuildTarget]) -> [BuildTarget] {
        var targetIDs: [String: String] = [:]
        for (id, target) in objects {
            guard target["isa"] as? String == "PBXNativeTarget",
                  let name = target["name"] as? String else { continue }
            targetIDs[id] = name
        }
        var added: [String: Set<String>] = [:]
        for (id, group) in objects {
            guard group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup",
                  let folder = path(of: id) else { continue }
            for exceptionID in group["exceptions"] as? [String] ?? [] {
                guard let exception = self.object(exceptionID),
                      exception["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let targetID = exception["target"] as? String, let name = targetIDs[targetID] else { continue }
                let owned = self.object(targetID)?["fileSystemSynchronizedGroups"] as? [String] ?? []
                guard !owned.contains(id) else { continue }
                for entry in exception["membershipExceptions"] as? [String] ?? [] where entry.hasSuffix(".swift") {
                    added[name, default: []].insert(Self.join(folder, entry))
                }
            }
        }
        return targets.map { target in
            var target = target
            target.members.files.formUnion(added[target.name] ?? [])
            return target
        }
    }

    /// Each configuration of a configuration list (`Debug`, `Release`) with its build settings.
    func settingsByConfiguration(list: String?) -> [String: [String: Any]] {
        let configurations = list.flatMap { object($0)?["buildConfigurations"] as? [String] } ?? []
        var settings: [String: [String: Any]] = [:]
        for id in configurations {
            guard let configuration = object(id), let name = configuration["name"] as? String else { continue }
            settings[name] = configuration["buildSettings"] as? [String: Any] ?? [:]
        }
        return settings
    }

    /// The lowest language mode of the target's configurations, each reading `SWIFT_VERSION` from
    /// the target's settings, else from the project's configuration of the same name.
    func swiftLanguageMode(of targetID: String, projectSettings: [String: [String: Any]]) -> Int? {
        let own = settingsByConfiguration(list: object(targetID)?["buildConfigurationList"] as? String)
        let modes = own.compactMap { name, settings in
            (settings["SWIFT_VERSION"] ?? projectSettings[name]?["SWIFT_VERSION"]).flatMap(BuildTarget.languageMode(ofSwiftVersion:))
        }
        // A configuration that sets none would build in the compiler's default: unknown.
        return modes.count == own.count ? modes.min() : nil
    }

    /// `MainActor` when a configuration of the target (or the project's of the same name)
    /// isolates declarations to it by default.
    func defaultIsolation(of targetID: String, projectSettings: [String: [String: Any]]) -> String? {
        settingsByConfiguration(list: object(targetID)?["buildConfigurationList"] as? String).lazy.compactMap { name, settings in
            BuildTarget.isolation(ofDefaultActorIsolation: settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] ?? projectSettings[name]?["SWIFT_DEFAULT_ACTOR_ISOLATION"])
        }.first
    }

    /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, from the first configuration that sets it;
    /// `$(TARGET_NAME)` expands, any other variable falls back to the target's name.
    func moduleName(of target: [String: Any], named name: String) -> String {
        let configurations = (target["buildConfigurationList"] as? String).flatMap { object($0)?["buildConfigurations"] as? [String] } ?? []
        let settings = configurations.compactMap { object($0)?["buildSettings"] as? [String: Any] }
        for key in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
            guard let value = settings.lazy.compactMap({ $0[key] as? String }).first else { continue }
            let expanded = value.replacingOccurrences(of: ":c99extidentifier", with: "")
                .replacingOccurrences(of: "$(TARGET_NAME)", with: name)
                .replacingOccurrences(of: "${TARGET_NAME}", with: name)
            if expanded.contains("$") { continue }
            return BuildTarget.moduleName(of: expanded)
        }
        return BuildTarget.moduleName(of: name)
    }

    static func join(_ folder: String, _ entry: String) -> String {
        let relative = entry.hasPrefix("/") ? String(entry.dropFirst()) : entry
        // What standardising would leave as it is, joined as text: exception lists name thousands
        // of files, and Foundation's path standardisation cost tens of thousands of instructions each.
        if !relative.isEmpty, !folder.isEmpty, !folder.hasSuffix("/"), !relative.hasSuffix("/"), !relative.hasPrefix("."),
           !relative.contains("//"), !relative.contains("/."), !folder.contains("/."), !folder.contains("//") {
            return folder + "/" + relative
        }
        return URL(fileURLWithPath: folder).appendingPathComponent(relative).standardizedFileURL.path
    }

    static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
