import FirebreakScan
import Foundation

/// Every description of targets found among the analysed paths: `Package.swift` manifests,
/// Xcode projects (and the projects workspaces name), XcodeGen specs. FirebreakProject's readers
/// make it (`ProjectStructure.load`); this is the value they leave.
public struct ProjectStructure: Sendable {
    public var descriptions: [ProjectDescription]
    /// Descriptions found and not read, with the reason.
    public var skipped: [InputDiagnostic]
    /// Descriptions that could not be read.
    public var diagnostics: [InputDiagnostic]
    /// Indexes of discovered files that are package manifests: they belong to no module.
    public var manifestFiles: Set<Int>
    /// Absolute paths of the files other than discovered Swift files that were read or looked for
    /// (project files, workspaces, specs and their includes): with the Swift files, all a run's
    /// targets depend on, so a cached result is used again only while these are unchanged.
    public var consultedFiles: [String] = []

    public init(descriptions: [ProjectDescription], skipped: [InputDiagnostic], diagnostics: [InputDiagnostic],
                manifestFiles: Set<Int>, consultedFiles: [String]) {
        self.descriptions = descriptions
        self.skipped = skipped
        self.diagnostics = diagnostics
        self.manifestFiles = manifestFiles
        self.consultedFiles = consultedFiles
    }
}
