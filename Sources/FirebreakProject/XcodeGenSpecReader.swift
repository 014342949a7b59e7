import FirebreakScan
import FirebreakModel
import Foundation
import Yams

/// Reads the targets of an XcodeGen spec (`project.yml`): `targets` with their `type`, `sources`
/// (paths, `excludes`, `includes`) and `dependencies` (`target`, `framework`, `sdk`, `package`),
/// after `targetTemplates` and `include`d specs are merged the way XcodeGen merges them
/// (dictionaries key by key, arrays appended, the including spec winning).
///
/// Approximations: globs use firebreak's syntax (a pattern without `/` matches at any depth), and a
/// target of several platforms becomes `Name_iOS`, `Name_macOS`, … as XcodeGen names them.
public enum XcodeGenSpecReader {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Nil when the YAML file is not an XcodeGen spec (it has no `targets`).
    public static func read(specPath: String) throws -> ProjectDescription? {
        var consulted = Set<String>()
        return try read(specPath: specPath, consulted: &consulted)
    }

    /// - Parameter consulted: gains every file the spec's reading opened or looked for (its includes).
    public static func read(specPath: String, consulted: inout Set<String>) throws -> ProjectDescription? {
        var visited = Set<String>()
        defer { consulted.formUnion(visited) }
        let spec = try load(specPath, visited: &visited)
        guard let targets = spec["targets"] as? [String: Any] else { return nil }
        let directory = URL(fileURLWithPath: specPath).deletingLastPathComponent().standardizedFileURL.path
        let templates = spec["targetTemplates"] as? [String: Any] ?? [:]
        var result: [BuildTarget] = []
        for name in targets.keys.sorted() {
            guard var target = targets[name] as? [String: Any] else { continue }
            target = try applyTemplates(to: target, templates: templates, path: specPath)
            let platforms = (target["platform"] as? [Any])?.compactMap { $0 as? String } ?? []
            var built: [BuildTarget] = []
            if platforms.isEmpty {
                built.append(try buildTarget(name, target, directory: directory, platform: nil, path: specPath))
            } else {
                for platform in platforms {
                    built.append(try buildTarget("\(name)_\(platform)", target, directory: directory, platform: platform, path: specPath))
                }
            }
            let mode = swiftLanguageMode(of: target, spec: spec)
            let isolation = defaultIsolation(of: target, spec: spec)
            result += built.map { target in
                var target = target
                target.swiftLanguageMode = mode
                target.defaultIsolation = isolation
                return target
            }
        }
        return ProjectDescription(format: .xcodeGen, path: specPath, targets: result)
    }

    /// The spec with its `include`s merged under it.
    static func load(_ path: String, visited: inout Set<String>) throws -> [String: Any] {
        guard visited.insert(path).inserted else { return [:] }
        guard visited.count <= 64 else { throw Failure(path: path, reason: "more than 64 included specs") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw Failure(path: path, reason: "cannot be read as UTF-8 text")
        }
        let loaded: Any?
        do {
            try YAMLBounds.check(text, maximumBytes: 16 << 20)
            loaded = try Yams.load(yaml: text)
        } catch let exceeded as YAMLBounds.Exceeded {
            throw Failure(path: path, reason: "line \(exceeded.line): \(exceeded.description)")
        } catch {
            throw Failure(path: path, reason: "invalid YAML (\(error))")
        }
        guard let spec = loaded as? [String: Any] else { return [:] }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let includes: [Any] = (spec["include"] as? [Any]) ?? (spec["include"].map { [$0] } ?? [])
        var merged: [String: Any] = [:]
        for include in includes {
            let relative = (include as? String) ?? ((include as? [String: Any])?["path"] as? String)
            guard let relative else { continue }
            let included = directory.appendingPathComponent(relative).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: included) else {
                visited.insert(included)
                throw Failure(path: path, reason: "included spec \(relative) does not exist")
            }
            merged = merge(try load(included, visited: &visited), onto: merged)
        }
        var own = spec
        own["include"] = nil
        return merge(own, onto: merged)
    }

    /// XcodeGen's merge: nested dictionaries merge, arrays append, other values replace.
    static func merge(_ top: [String: Any], onto base: [String: Any]) -> [String: Any] {
        var merged = base
        for (key, value) in top {
            if let dictionary = value as? [String: Any], let existing = merged[key] as? [String: Any] {
                merged[key] = merge(dictionary, onto: existing)
            } else if let array = value as? [Any], let existing = merged[key] as? [Any] {
                merged[key] = existing + array
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    static func applyTemplates(to target: [String: Any], templates: [String: Any], path: String, depth: Int = 0) throws -> [String: Any] {
        guard let names = target["templates"] as? [Any], !names.isEmpty else { return target }
        guard depth < 16 else { throw Failure(path: path, reason: "target templates nest more than 16 deep") }
        var merged: [String: Any] = [:]
        for case let name as String in names {
            guard let template = templates[name] as? [String: Any] else {
                throw Failure(path: path, reason: "target template \(name) is not defined")
            }
            merged = merge(try applyTemplates(to: template, templates: templates, path: path, depth: depth + 1), onto: merged)
        }
        var own = target
        own["templates"] = nil
        return merge(own, onto: merged)
    }

    static func buildTarget(_ name: String, _ target: [String: Any], directory: String, platform: String?, path: String) throws -> BuildTarget {
        func expand(_ text: String) -> String {
            platform.map { text.replacingOccurrences(of: "${platform}", with: $0) } ?? text
        }
        let sources: [Any] = (target["sources"] as? [Any]) ?? (target["sources"].map { [$0] } ?? [])
        var files = Set<String>()
        var folders: [FolderMembership] = []
        for source in sources {
            let entry: [String: Any] = (source as? [String: Any]) ?? ["path": source]
            guard let relative = entry["path"] as? String else { continue }
            if let phase = entry["buildPhase"] as? String, phase != "sources" { continue }
            if entry["type"] as? String == "folder" { continue }
            let absolute = URL(fileURLWithPath: directory).appendingPathComponent(expand(relative)).standardizedFileURL.path
            if absolute.hasSuffix(".swift") {
                files.insert(absolute)
                continue
            }
            folders.append(FolderMembership(
                path: absolute, excludes: try globs(entry["excludes"], path: path, expand: expand),
                includes: try globs(entry["includes"], path: path, expand: expand)))
        }
        var dependencies: [String] = []
        var frameworks: [String] = []
        for case let dependency as [String: Any] in target["dependencies"] as? [Any] ?? [] {
            if let target = dependency["target"] as? String {
                dependencies.append(expand(target))
            } else if let package = dependency["package"] as? String {
                dependencies.append((dependency["product"] as? String) ?? package)
            } else if let framework = (dependency["framework"] ?? dependency["sdk"] ?? dependency["carthage"]) as? String {
                let last = URL(fileURLWithPath: expand(framework)).lastPathComponent
                frameworks.append(last.components(separatedBy: ".").first ?? last)
            }
        }
        let kind = (target["type"] as? String).map(BuildTarget.Kind.init(productType:)) ?? .other
        return BuildTarget(
            name: name, moduleName: moduleName(of: target, named: name), kind: kind,
            members: TargetMembers(files: files, folders: folders), dependencies: dependencies, frameworks: frameworks)
    }

    static func globs(_ value: Any?, path: String, expand: (String) -> String) throws -> [GlobPattern] {
        let texts = (value as? [Any])?.compactMap { $0 as? String } ?? []
        return try texts.map { text in
            do { return try GlobPattern(expand(text)) } catch { throw Failure(path: path, reason: "\(error)") }
        }
    }

    /// The lowest `SWIFT_VERSION` of the target's `settings` (flat, `base` or a configuration's),
    /// else of the spec's.
    static func swiftLanguageMode(of target: [String: Any], spec: [String: Any]) -> Int? {
        for case let settings as [String: Any] in [target["settings"], spec["settings"]] {
            let configurations = (settings["configs"] as? [String: Any] ?? [:]).values.compactMap { $0 as? [String: Any] }
            let levels = [settings, settings["base"] as? [String: Any] ?? [:]] + configurations
            if let lowest = levels.compactMap({ $0["SWIFT_VERSION"] }).compactMap(BuildTarget.languageMode(ofSwiftVersion:)).min() {
                return lowest
            }
        }
        return nil
    }

    /// `MainActor` when any level of the target's `settings` (else the spec's) isolates
    /// declarations to it by default.
    static func defaultIsolation(of target: [String: Any], spec: [String: Any]) -> String? {
        for case let settings as [String: Any] in [target["settings"], spec["settings"]] {
            let configurations = (settings["configs"] as? [String: Any] ?? [:]).values.compactMap { $0 as? [String: Any] }
            let levels = [settings, settings["base"] as? [String: Any] ?? [:]] + configurations
            if let isolation = levels.lazy.compactMap({ BuildTarget.isolation(ofDefaultActorIsolation: $0["SWIFT_DEFAULT_ACTOR_ISOLATION"]) }).first {
                return isolation
            }
        }
        return nil
    }

    /// `PRODUCT_MODULE_NAME` or `PRODUCT_NAME` from `settings` or `settings.base`, else `productName`,
    /// else the target's name.
    static func moduleName(of target: [String: Any], named name: String) -> String {
        let settings = target["settings"] as? [String: Any] ?? [:]
        let base = settings["base"] as? [String: Any] ?? [:]
        for key in ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"] {
            if let value = (base[key] ?? settings[key]) as? String, !value.contains("$") {
                return BuildTarget.moduleName(of: value)
            }
        }
        if let product = target["productName"] as? String { return BuildTarget.moduleName(of: product) }
        return BuildTarget.moduleName(of: name)
    }
}
