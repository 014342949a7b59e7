import FirebreakAnalysis
import FirebreakFix
import FirebreakModel
import FirebreakScan

/// A multiplatform Xcode target compiles some files for one platform only (HDrezka's `macOS/`
/// files are filtered to `macos`). What a fix adds to a file must exist on every
/// platform the file is compiled for: an `NSWorkspace` adapter in a new file (compiled for all), an
/// iOS scene setting it, or a container in a macOS-only file that an iOS file names would not
/// build, and firebreak cannot build the other platforms here.
extension FixVerification {
    func platformMismatches(_ plan: FixPlan, before: Pipeline.Prepared, _ after: Pipeline.Prepared) -> [Failure] {
        let filters = ProjectDescription.platformFilters(of: before.structure.descriptions)
        guard !filters.isEmpty else { return [] }
        let platforms = { (path: String) in filters[PathDisplay.absolute(path, workingDirectory: request.workingDirectory)] }
        let edited = Set(plan.fixed.flatMap(\.files))
        let had = Self.namesAndImports(before, of: edited), has = Self.namesAndImports(after, of: edited)
        var failures: [Failure] = []
        for fixed in plan.fixed.sorted(by: { $0.type < $1.type }) {
            if let failure = declarationsForOnePlatform(fixed, before: before, after, platforms: platforms) {
                failures.append(failure)
                continue
            }
            for path in fixed.files.sorted() {
                let here = platforms(path)
                for name in (has[path] ?? []).subtracting(had[path] ?? []).sorted() {
                    guard let only = Self.availability(of: name, after, platforms: platforms), !(here?.isSubset(of: only) ?? false) else { continue }
                    let compiled = here.map { $0.sorted().joined(separator: ", ") } ?? "every platform"
                    failures.append(Failure(owners: [fixed.type],
                                            check: "\(path), compiled for \(compiled), would name \(name), which only \(only.sorted().joined(separator: ", ")) has",
                                            site: path))
                    break
                }
            }
        }
        return failures
    }

    /// A file compiled for some platforms only that the fix gives declarations of its own (the
    /// text of a new file goes into its host there), while it edits a file compiled for others:
    /// what the other file names (a key path, a container) may exist on one platform only.
    private func declarationsForOnePlatform(_ fixed: FixPlan.FixedType, before: Pipeline.Prepared, _ after: Pipeline.Prepared,
                                            platforms: (String) -> Set<String>?) -> Failure? {
        func topLevel(_ prepared: Pipeline.Prepared, _ path: String) -> Int {
            prepared.model.files.first { $0.path == path }?.declarations.filter { $0.parent == nil }.count ?? 0
        }
        let files = fixed.files.sorted()
        guard let host = files.first(where: { platforms($0) != nil && topLevel(after, $0) > topLevel(before, $0) }),
              let other = files.first(where: { !(platforms($0)?.isSubset(of: platforms(host)!) ?? false) }) else { return nil }
        let only = platforms(host)!.sorted().joined(separator: ", ")
        return Failure(owners: [fixed.type], check: "its declarations would go into \(host), compiled for \(only) only, and \(other) is compiled for other platforms",
                       site: host)
    }

    /// The platforms a name exists on, nil for every one: a scanned type's declaring files' filters,
    /// a platform service's or an imported framework's platforms.
    private static func availability(of name: String, _ after: Pipeline.Prepared, platforms: (String) -> Set<String>?) -> Set<String>? {
        if name.hasPrefix("import ") { return frameworkPlatforms[String(name.dropFirst("import ".count))] }
        if let declared = after.model.symbols.resolve(name) {
            let filters = declared.declarations.map { platforms(after.model.files[$0.file].path) }
            return filters.contains { $0 == nil } ? nil : filters.reduce(into: Set<String>()) { $0.formUnion($1 ?? []) }
        }
        return Fixer.frameworkOfPlatformService(name).flatMap { frameworkPlatforms[$0] }
    }

    /// Xcode's platform filter names of the frameworks only some platforms have.
    private static let frameworkPlatforms: [String: Set<String>] = [
        "AppKit": ["macos"], "UIKit": ["ios", "maccatalyst", "tvos", "xros"], "WatchKit": ["watchos"],
    ]

    /// By edited file, the type names it references and its imports (`import AppKit`).
    private static func namesAndImports(_ prepared: Pipeline.Prepared, of paths: Set<String>) -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        for file in prepared.model.files where paths.contains(file.path) {
            names[file.path] = Set(file.references.map { $0.name.lastNameComponent } + file.imports.compactMap(\.path.first).map { "import " + $0 })
        }
        return names
    }
}
