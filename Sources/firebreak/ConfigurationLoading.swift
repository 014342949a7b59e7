import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation

/// `--config FILE`, else the nearest `.firebreak.yml` from the first path upward, else the defaults.
enum ConfigurationLoading {
    /// - Parameter boundary: the search for `.firebreak.yml` stops at this directory.
    static func load(explicit: String?, paths: [String], workingDirectory: String, boundary: String? = nil) throws -> Configuration {
        let file: String?
        if let explicit {
            let absolute = PathDisplay.absolute(explicit, workingDirectory: workingDirectory)
            guard FileManager.default.fileExists(atPath: absolute) else {
                throw InputError(description: "configuration file not found: \(explicit)")
            }
            file = absolute
        } else {
            let first = PathDisplay.absolute(paths.first ?? ".", workingDirectory: workingDirectory)
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory)
            let start = exists && isDirectory.boolValue ? first : URL(fileURLWithPath: first).deletingLastPathComponent().path
            file = ConfigurationLoader.locate(startingAt: start, boundary: boundary)
        }
        guard let file else { return Configuration(rootDirectory: workingDirectory) }
        do {
            return try ConfigurationLoader.load(
                file: file, displayName: PathDisplay.relative(file, to: workingDirectory), ruleIDs: RuleRegistry.ids)
        } catch let error as ConfigurationError {
            throw InputError(description: error.description)
        }
    }
}
