import Foundation

/// Whether the code at a path builds in Swift 6 language mode, read from the nearest project
/// description above it: a package whose `swift-tools-version` is 6 or later and that sets no
/// Swift 5 mode, or an Xcode project or XcodeGen spec whose every `SWIFT_VERSION` is 6 or later.
/// Anything else, or nothing found, counts as Swift 5 mode: what `fix` writes that compiles only
/// in Swift 6 mode (an isolated default argument, SE-0411) is written only where this says so.
final class LanguageModes {
    private let sources: SourceFiles
    private var verdicts: [String: Bool] = [:]

    init(sources: SourceFiles) {
        self.sources = sources
    }

    func isSwift6(_ path: String) -> Bool {
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

    /// Nil when the directory holds no project description.
    private static func verdict(in directory: String) -> Bool? {
        if let package = try? String(contentsOfFile: directory + "/Package.swift", encoding: .utf8) {
            return packageIsSwift6(package)
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var versions: [Double] = []
        for project in entries.filter({ $0.hasSuffix(".xcodeproj") }) {
            guard let text = try? String(contentsOfFile: "\(directory)/\(project)/project.pbxproj", encoding: .utf8) else { continue }
            versions += swiftVersions(in: text, pattern: #"SWIFT_VERSION = "?([0-9.]+)"?;"#)
        }
        if entries.contains("project.yml"), let spec = try? String(contentsOfFile: directory + "/project.yml", encoding: .utf8) {
            versions += swiftVersions(in: spec, pattern: #"SWIFT_VERSION:\s*"?([0-9.]+)"?"#)
        }
        guard entries.contains(where: { $0.hasSuffix(".xcodeproj") }) || entries.contains("project.yml") else { return nil }
        return !versions.isEmpty && versions.allSatisfy { $0 >= 6 }
    }

    static func packageIsSwift6(_ manifest: String) -> Bool {
        guard let line = manifest.split(separator: "\n").first(where: { $0.contains("swift-tools-version") }),
              let version = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces).split(separator: ".").prefix(2).joined(separator: ".")) })
        else { return false }
        let swift5 = ["swiftLanguageMode(.v5)", "swiftLanguageModes: [.v5", "swiftLanguageVersions: [.v5", "swiftLanguageVersion(.v5)"]
        return version >= 6 && !swift5.contains { manifest.contains($0) }
    }

    private static func swiftVersions(in text: String, pattern: String) -> [Double] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Double(text[$0].split(separator: ".").prefix(2).joined(separator: ".")) }
        }
    }
}
