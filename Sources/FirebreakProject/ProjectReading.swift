import FirebreakModel
import FirebreakScan
import Foundation

/// What the readers of `ProjectReaders.all` have read so far, and what they need to share: each
/// adds its descriptions, and says what it could not read and which files it consulted.
public struct ProjectReading: Sendable {
    public let workingDirectory: String
    /// The text of manifests that came in facts files, by absolute path; other manifests are read
    /// from disk.
    public let manifests: [String: String]
    public var descriptions: [ProjectDescription] = []
    public var skipped: [InputDiagnostic] = []
    public var diagnostics: [InputDiagnostic] = []
    public var manifestFiles = Set<Int>()
    public var consulted = Set<String>()
    /// Xcode projects read, by absolute path of the `.xcodeproj`.
    public var xcodeProjects = Set<String>()
    /// Display paths of projects found and not read, outermost first (`ProjectStructure.unreadProjects`).
    public var unreadProjects: [String] = []

    public init(workingDirectory: String, manifests: [String: String]) {
        self.workingDirectory = workingDirectory
        self.manifests = manifests
    }

    /// A path as diagnostics show it: relative to the working directory.
    public func display(_ path: String) -> String { PathDisplay.relative(path, to: workingDirectory) }

    public var structure: ProjectStructure {
        var structure = ProjectStructure(
            descriptions: descriptions, skipped: skipped.sorted(), diagnostics: diagnostics.sorted(), manifestFiles: manifestFiles,
            consultedFiles: consulted.sorted())
        structure.unreadProjects = unreadProjects
        return structure
    }
}

extension ProjectStructure {
    /// Every description of targets found among the analysed paths, read by every format of
    /// `ProjectReaders.all` in turn.
    ///
    /// - Parameter manifests: the text of manifests that came in facts files, by absolute path.
    public static func load(_ discovery: SourceFileDiscovery.Result, workingDirectory: String,
                            manifests: [String: String] = [:]) -> ProjectStructure {
        var reading = ProjectReading(workingDirectory: workingDirectory, manifests: manifests)
        for reader in ProjectReaders.all { reader.read(discovery, into: &reading) }
        return reading.structure
    }
}
