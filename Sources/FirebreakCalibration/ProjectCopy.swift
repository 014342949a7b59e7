import Foundation

/// A scratch copy of a project to build in, never written back: every file but build output and
/// version-control metadata, symbolic links kept as links.
public enum ProjectCopy {
    /// Folders not copied: what a build writes, and what it does not read.
    static let skipped: Set<String> = [".build", ".git", ".swiftpm", "DerivedData", ".hg", ".svn"]

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Copies `source` into `destination`, which must not exist yet.
    public static func copy(_ source: URL, to destination: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: false)
        let root = source.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walker = manager.enumerator(at: URL(fileURLWithPath: root),
                                              includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey]) else {
            throw Failure(description: "cannot read \(source.path)")
        }
        for case let url as URL in walker {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(root + "/") else { continue }
            let relative = String(path.dropFirst(root.count + 1))
            let values = try url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            let target = destination.appendingPathComponent(relative)
            if values.isSymbolicLink == true {
                try manager.createSymbolicLink(atPath: target.path, withDestinationPath: manager.destinationOfSymbolicLink(atPath: path))
            } else if values.isDirectory == true {
                if skipped.contains(url.lastPathComponent) {
                    walker.skipDescendants()
                    continue
                }
                try manager.createDirectory(at: target, withIntermediateDirectories: true)
            } else {
                try manager.copyItem(atPath: path, toPath: target.path)
            }
        }
    }
}
