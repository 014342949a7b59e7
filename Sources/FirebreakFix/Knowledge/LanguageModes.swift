import Foundation

/// Whether the code at a path builds in Swift 6 language mode: read from the Xcode or XcodeGen
/// targets that compile it (`SWIFT_VERSION` of every configuration 6 or later, a target's own
/// setting or else the project's), else from the nearest package above it (`swift-tools-version`
/// 6 or later and no Swift 5 mode set). Anything else, or nothing found, counts as Swift 5 mode:
/// what `fix` writes that compiles only in Swift 6 mode (an isolated default argument, SE-0411)
/// is written only where this says so. A project with a Swift 5 watch target and a Swift 6 app
/// (SwiftUI-SotkaApp) answers for each target.
final class LanguageModes {
    private let sources: SourceFiles
    /// The language modes of the targets that compile a path, nil for a target whose description
    /// does not say (a package's: its manifest answers).
    private let targetModes: (String) -> [Int?]
    /// The default actor isolation of the targets that compile a path (`MainActor` or nil).
    private let targetIsolations: (String) -> [String?]
    private var verdicts: [String: Bool] = [:]

    init(sources: SourceFiles, targetModes: @escaping (String) -> [Int?] = { _ in [] },
         targetIsolations: @escaping (String) -> [String?] = { _ in [] }) {
        self.sources = sources
        self.targetModes = targetModes
        self.targetIsolations = targetIsolations
    }

    /// Whether the code at a path is isolated to the main actor unless it says otherwise: every
    /// target that compiles it sets `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`, or else (a
    /// package's targets do not say) the nearest package manifest above it sets
    /// `.defaultIsolation(MainActor.self)` (for any of its targets: `nonisolated`, which is what
    /// this decides, changes nothing in a target that is nonisolated already).
    func isMainActorByDefault(_ path: String) -> Bool {
        let targets = targetIsolations(path)
        if !targets.isEmpty, targets.allSatisfy({ $0 == "MainActor" }) { return true }
        let root = (sources.absolute(".") as NSString).standardizingPath
        var directory = ((sources.absolute(path) as NSString).deletingLastPathComponent as NSString).standardizingPath
        while true {
            if let manifest = try? String(contentsOfFile: directory + "/Package.swift", encoding: .utf8) {
                return manifest.contains("defaultIsolation(MainActor.self)")
            }
            let parent = (directory as NSString).deletingLastPathComponent
            if directory == root || parent == directory || !directory.hasPrefix(root) { return false }
            directory = parent
        }
    }

    func isSwift6(_ path: String) -> Bool {
        let targets = targetModes(path)
        if !targets.isEmpty, targets.allSatisfy({ $0 != nil }) { return targets.allSatisfy { ($0 ?? 5) >= 6 } }
        let root = (sources.absolute(".") as NSString).standardizingPath
        var directory = ((sources.absolute(path) as NSString).deletingLastPathComponent as NSString).standardizingPath
        var visited: [String] = []
        while true {
            if let known = verdicts[directory] ?? Self.verdict(in: directory) {
                for seen in visited + [directory] { verdicts[seen] = known }
                return known
            }
            visited.append(directory)
            let parent = (directory as NSString).deletingLastPathComponent
            if directory == root || parent == directory || !directory.hasPrefix(root) { return false }
            directory = parent
        }
    }

    /// Nil when the directory holds no project description; false for an Xcode project or
    /// XcodeGen spec, whose targets answer for the files they compile.
    private static func verdict(in directory: String) -> Bool? {
        if let package = try? String(contentsOfFile: directory + "/Package.swift", encoding: .utf8) {
            return packageIsSwift6(package)
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.contains(where: { $0.hasSuffix(".xcodeproj") }) || entries.contains("project.yml") ? false : nil
    }

    static func packageIsSwift6(_ manifest: String) -> Bool {
        guard let line = manifest.split(separator: "\n").first(where: { $0.contains("swift-tools-version") }),
              let version = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces).split(separator: ".").prefix(2).joined(separator: ".")) })
        else { return false }
        let swift5 = ["swiftLanguageMode(.v5)", "swiftLanguageModes: [.v5", "swiftLanguageVersions: [.v5", "swiftLanguageVersion(.v5)"]
        return version >= 6 && !swift5.contains { manifest.contains($0) }
    }
}
