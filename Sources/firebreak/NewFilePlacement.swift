import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation

/// Whether a new file would be compiled by the same target as an existing one, by the rules the
/// module map reads a project with: inside a package target's sources, an Xcode project's
/// synchronized folder, an XcodeGen source path, a configured module, or an analysed folder without
/// a description. A classic Xcode group lists its files, so a file new to it is compiled by no target;
/// a file a multiplatform target filters to some platforms has no sibling a new file could match.
/// Every target counts: a folder an app shares with its widget would hand the widget a file that
/// names what only the app declares.
struct NewFilePlacement {
    let prepared: Pipeline.Prepared
    let configuration: Configuration
    let paths: [String]
    let workingDirectory: String
    /// Files a multiplatform target compiles for some platforms only, by absolute path.
    let platformFiltered: Set<String>

    init(prepared: Pipeline.Prepared, configuration: Configuration, paths: [String], workingDirectory: String) {
        self.prepared = prepared
        self.configuration = configuration
        self.paths = paths
        self.workingDirectory = workingDirectory
        self.platformFiltered = Set(ProjectDescription.platformFilters(of: prepared.structure.descriptions).keys)
    }

    /// By analysed file, the names of the targets that compile it: read once, since every planned
    /// dependency asks of two files.
    var targetsByFile: [String: Set<String>] {
        let map = prepared.moduleMap
        return Dictionary(prepared.model.files.indices.map { file in
            (prepared.model.files[file].path, Set(map.modules(of: file).map { map.modules[$0].name }))
        }, uniquingKeysWith: { first, _ in first })
    }

    /// By target name, the language mode its description sets; a name two descriptions use has
    /// none (it would be a guess which one compiles the file).
    var languageModesByTarget: [String: Int?] {
        let targets = prepared.structure.descriptions.flatMap(\.targets)
        return Dictionary(targets.map { ($0.name, $0.swiftLanguageMode) }, uniquingKeysWith: { _, _ in nil })
    }

    /// By target name, the actor its declarations are isolated to by default; a name two
    /// descriptions use has none.
    var defaultIsolationsByTarget: [String: String?] {
        let targets = prepared.structure.descriptions.flatMap(\.targets)
        return Dictionary(targets.map { ($0.name, $0.defaultIsolation) }, uniquingKeysWith: { _, _ in nil })
    }

    func compiledLike(_ newFile: String, _ existing: String) -> Bool {
        let files = [newFile, existing].map { PathDisplay.absolute($0, workingDirectory: workingDirectory) }
        // A file compiled for some platforms only: a new file beside it would be compiled for all.
        if platformFiltered.contains(files[1]) { return false }
        let map = ModuleMap.build(files: files, descriptions: prepared.structure.descriptions, roots: paths,
                                  configuration: configuration, workingDirectory: workingDirectory)
        guard map.moduleOfFile[0] >= 0, map.moduleOfFile[1] >= 0, !map.uncompiledFiles.contains(0) else { return false }
        let targets = [0, 1].map { file in Set(map.modules(of: file).map { map.modules[$0].name }) }
        return targets[0] == targets[1]
    }
}
