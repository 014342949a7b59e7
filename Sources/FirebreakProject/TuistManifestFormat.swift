import FirebreakModel
import FirebreakScan
import Foundation

/// Tuist: its manifests (`Project.swift`, `Workspace.swift`, the `Tuist/` folder's helpers and
/// templates) are Swift programs that Tuist runs, most of them through helper functions of the
/// project's own (`.makeModule(name:targets:)`): their targets cannot be read from the syntax.
/// The manifests are left out of the modules, as `Package.swift` is, and the project is recorded
/// as unread, so `fix` writes nothing where it cannot tell which target compiles a file. A
/// workspace that `tuist generate` wrote beside them is an Xcode workspace, read as one.
public struct TuistManifestFormat: ProjectFormatReader {
    public init() {}

    public func read(_ discovered: SourceFileDiscovery.Result, into reading: inout ProjectReading) {
        var projects: [String] = []
        for (index, file) in discovered.files.enumerated() where Self.mayBeManifest(file.absolutePath) {
            guard Self.importsProjectDescription(reading.manifests[file.absolutePath] ?? Self.head(of: file.absolutePath)) else { continue }
            reading.manifestFiles.insert(index)
            if file.absolutePath.hasSuffix("/Project.swift") || file.absolutePath.hasSuffix("/Workspace.swift") { projects.append(file.displayPath) }
        }
        // The outermost manifest first: the one that names the project.
        let outermostFirst = projects.sorted { ($0.utf8.count, $0) < ($1.utf8.count, $1) }
        guard let first = outermostFirst.first, reading.xcodeProjects.isEmpty else { return }
        reading.unreadProjects = outermostFirst
        reading.diagnostics.append(InputDiagnostic(path: first, message: """
            Tuist project not read (\(projects.count) manifest\(projects.count == 1 ? "" : "s")): its targets are \
            Swift that Tuist runs, so which target compiles each file is unknown; the files count as one module, and \
            fix writes nothing. Run `tuist generate` and analyse the workspace it writes, or describe the targets \
            under modules: in .firebreak.yml
            """))
    }

    /// Where Tuist looks for manifests and helpers; the text decides.
    static func mayBeManifest(_ path: String) -> Bool {
        path.hasSuffix("/Project.swift") || path.hasSuffix("/Workspace.swift") || path.hasSuffix("/Tuist.swift")
            || path.contains("/Tuist/")
    }

    /// `import ProjectDescription` (or `ProjectDescriptionHelpers`) as a line of the file's head.
    static func importsProjectDescription(_ text: String?) -> Bool {
        guard let text else { return false }
        return text.split(separator: "\n", omittingEmptySubsequences: true).contains { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            return words.count == 2 && words[0] == "import" && words[1].hasPrefix("ProjectDescription")
        }
    }

    /// The first 4 KB: imports come first.
    private static func head(of path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
