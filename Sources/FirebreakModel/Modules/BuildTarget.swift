import FirebreakScan
import Foundation

/// One target of a project description (`Package.swift`, `*.xcodeproj`, XcodeGen `project.yml`):
/// the files it compiles, the module it produces and what it depends on.
public struct BuildTarget: Sendable, Hashable {
    /// What the target builds, from Xcode's product type, XcodeGen's `type` or SwiftPM's target kind.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case app, framework, library, `extension`, watch, tests, executable, macro, plugin, other

        /// Test bundles and SwiftPM test targets: their files are test code.
        public var isTestCode: Bool { self == .tests }

        /// From Xcode's `productType` (`com.apple.product-type.application`, `….app-extension`, …)
        /// or XcodeGen's short form (`application`, `bundle.unit-test`, …).
        public init(productType: String) {
            let type = productType.hasPrefix("com.apple.product-type.")
                ? String(productType.dropFirst("com.apple.product-type.".count)) : productType
            switch type {
            case _ where type.hasPrefix("application.watchapp"), _ where type.hasPrefix("watchkit"): self = .watch
            case _ where type.hasPrefix("application"): self = .app
            case "framework", "framework.static", "xcframework": self = .framework
            case _ where type.hasPrefix("library"): self = .library
            case _ where type.hasPrefix("bundle.unit-test"), _ where type.hasPrefix("bundle.ui-testing"): self = .tests
            case _ where type.contains("extension"), "xpc-service": self = .extension
            case "tool", "commandline-tool", "commandline.tool": self = .executable
            default: self = .other
            }
        }
    }

    /// The target's name, unique within its description (`Shared-iOS`).
    public var name: String
    /// The Swift module it produces, what `import` names (`Shared`).
    public var moduleName: String
    public var kind: Kind
    public var members: TargetMembers
    /// Targets of the same description and package products this target depends on, by name.
    public var dependencies: [String]
    /// SDK and binary frameworks it links (`UIKit`, `CoreKiwix`).
    public var frameworks: [String]
    /// The Swift language mode its code builds in (5, 6), the lowest of its configurations' as its
    /// description sets `SWIFT_VERSION`; nil when the description does not say (a package, or a
    /// setting in an `.xcconfig`).
    public var swiftLanguageMode: Int?
    /// The actor its declarations are isolated to when they say none (`MainActor`, from
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION`, Xcode 26's default for new apps); nil for nonisolated or
    /// when the description does not say.
    public var defaultIsolation: String?

    public init(name: String, moduleName: String? = nil, kind: Kind, members: TargetMembers,
                dependencies: [String] = [], frameworks: [String] = [], swiftLanguageMode: Int? = nil) {
        self.name = name
        self.moduleName = moduleName ?? Self.moduleName(of: name)
        self.kind = kind
        self.members = members
        self.dependencies = dependencies
        self.frameworks = frameworks
        self.swiftLanguageMode = swiftLanguageMode
    }

    /// The language mode a `SWIFT_VERSION` value names: `6.0` and `6` are 6, `5.9` is 5.
    public static func languageMode(ofSwiftVersion value: Any) -> Int? {
        let text = "\(value)".trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        return text.split(separator: ".").first.flatMap { Int($0) }
    }

    /// `MainActor` when a `SWIFT_DEFAULT_ACTOR_ISOLATION` value names it, else nil.
    public static func isolation(ofDefaultActorIsolation value: Any?) -> String? {
        value.map { "\($0)".trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) } == "MainActor" ? "MainActor" : nil
    }

    /// Xcode's rule for a module name from a product name: characters that cannot appear in an
    /// identifier become `_`, and a leading digit gets one in front.
    public static func moduleName(of productName: String) -> String {
        var name = String(productName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if name.first?.isNumber == true { name = "_" + name }
        return name.isEmpty ? "_" : name
    }
}

/// The Swift files a target compiles: listed one by one, or every file below a folder.
public struct TargetMembers: Sendable, Hashable {
    /// Absolute, standardized paths.
    public var files: Set<String>
    public var folders: [FolderMembership]
    /// Files the target compiles for some of its platforms only (Xcode's platform filters: `ios`,
    /// `macos`), by absolute path. A file new to the folder has none, so it is compiled for all.
    public var platformFilters: [String: Set<String>]

    public init(files: Set<String> = [], folders: [FolderMembership] = [], platformFilters: [String: Set<String>] = [:]) {
        self.files = files
        self.folders = folders
        self.platformFilters = platformFilters
    }

    public func contains(_ path: String) -> Bool {
        files.contains(path) || folders.contains { $0.contains(path) }
    }

    /// How specific the membership of `path` is: a listed file beats any folder, a deeper folder a
    /// shallower one. Nil when `path` is not a member.
    public func specificity(of path: String) -> Int? {
        if files.contains(path) { return Int.max }
        return folders.filter { $0.contains(path) }.map(\.path.count).max()
    }
}

/// Every file below `path`, less exclusions: Xcode 16 synchronized folders with their exception
/// sets, XcodeGen sources with `includes`/`excludes`, SwiftPM target directories.
public struct FolderMembership: Sendable, Hashable {
    /// Absolute, standardized.
    public var path: String
    /// Absolute paths of files or folders left out.
    public var excludedPaths: Set<String>
    /// Globs relative to `path`: matching files are left out.
    public var excludes: [GlobPattern]
    /// Globs relative to `path`: when present, only matching files take part.
    public var includes: [GlobPattern]

    public init(path: String, excludedPaths: Set<String> = [], excludes: [GlobPattern] = [], includes: [GlobPattern] = []) {
        self.path = path
        self.excludedPaths = excludedPaths
        self.excludes = excludes
        self.includes = includes
    }

    public func contains(_ file: String) -> Bool {
        guard file == path || ModuleMap.contains(path, file) else { return false }
        if excludedPaths.contains(file) || excludedPaths.contains(where: { ModuleMap.contains($0, file) }) { return false }
        guard !excludes.isEmpty || !includes.isEmpty else { return true }
        let relative = GlobPattern.components(of: PathDisplay.relative(file, to: path))
        if excludes.contains(where: { $0.matches(components: relative) }) { return false }
        return includes.isEmpty || includes.contains { $0.matches(components: relative) }
    }
}

/// A file that describes targets, and what it describes.
public struct ProjectDescription: Sendable, Hashable {
    public enum Format: String, Sendable, Codable {
        case package = "Package.swift"
        case xcodeProject = "Xcode project"
        case xcodeGen = "XcodeGen spec"
    }

    public var format: Format
    /// The description's file: `…/Package.swift`, `…/App.xcodeproj` or `…/project.yml`.
    public var path: String
    public var targets: [BuildTarget]

    public init(format: Format, path: String, targets: [BuildTarget]) {
        self.format = format
        self.path = path
        self.targets = targets
    }

    /// Every platform-filtered file of the descriptions' targets, by absolute path: the platforms
    /// of all the targets that filter it.
    public static func platformFilters(of descriptions: [ProjectDescription]) -> [String: Set<String>] {
        var filters: [String: Set<String>] = [:]
        for target in descriptions.flatMap(\.targets) {
            filters.merge(target.members.platformFilters) { first, second in first.union(second) }
        }
        return filters
    }
}
