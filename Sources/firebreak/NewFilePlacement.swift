import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation

/// Whether a new file would be compiled by the same target as an existing one, by the rules the
/// module map reads a project with: inside a package target's sources, an Xcode project's
/// synchronized folder, an XcodeGen source path, a configured module, or an analysed folder without
/// a description. A classic Xcode group lists its files, so a file new to it is compiled by no target.
struct NewFilePlacement {
    let prepared: Pipeline.Prepared
    let configuration: Configuration
    let paths: [String]
    let workingDirectory: String

    /// The targets that compile an analysed file, by name.
    func targets(of existing: String) -> Set<String> {
        guard let file = prepared.model.files.firstIndex(where: { $0.path == existing }) else { return [] }
        return Set(prepared.moduleMap.modules(of: file).map { prepared.moduleMap.modules[$0].name })
    }

    func compiledLike(_ newFile: String, _ existing: String) -> Bool {
        let files = [newFile, existing].map { PathDisplay.absolute($0, workingDirectory: workingDirectory) }
        let map = ModuleMap.build(files: files, descriptions: prepared.structure.descriptions, roots: paths,
                                  configuration: configuration, workingDirectory: workingDirectory)
        guard map.moduleOfFile[0] >= 0, map.moduleOfFile[1] >= 0, !map.uncompiledFiles.contains(0) else { return false }
        return map.modules[map.moduleOfFile[0]].name == map.modules[map.moduleOfFile[1]].name
    }
}
