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
    /// Descriptions of targets that exist and that no reader can read (a Tuist project, whose
    /// manifests are Swift that Tuist runs): which target compiles which file is unknown, so `fix`
    /// writes nothing unless the configuration's `modules:` says. Display paths, outermost first.
    public var unreadProjects: [String] = []

    public init(descriptions: [ProjectDescription], skipped: [InputDiagnostic], diagnostics: [InputDiagnostic],
                manifestFiles: Set<Int>, consultedFiles: [String]) {
        self.descriptions = descriptions
        self.skipped = skipped
        self.diagnostics = diagnostics
        self.manifestFiles = manifestFiles
        self.consultedFiles = consultedFiles
    }
}
