import Foundation

/// A Swift file found under the analysed paths.
public struct DiscoveredFile: Sendable, Hashable {
    /// Absolute, symlink-free path.
    public var absolutePath: String
    /// Relative to the working directory when inside it, without `./`; absolute otherwise.
    public var displayPath: String
}

/// Finds `.swift` files under the given paths, following directory symlinks once each
/// (so symlink loops end), and skipping build output and vendored code.
public enum SourceFileDiscovery {
    /// Directory names never descended into: build output, VCS metadata, vendored dependencies.
    public static let skippedDirectoryNames: Set<String> = [
        ".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules",
    ]

    public struct MissingPath: Error, Sendable, CustomStringConvertible {
        public let path: String
        public var description: String { "no such file or directory: \(path)" }
    }

    public struct Result: Sendable {
        public var files: [DiscoveredFile]
        public var diagnostics: [InputDiagnostic]
    }

    /// - Parameter include: decides from the absolute path whether a file takes part.
    public static func discover(
        paths: [String], workingDirectory: String, include: (String) -> Bool = { _ in true }
    ) throws -> Result {
        var files: [String: DiscoveredFile] = [:]
        var diagnostics: [InputDiagnostic] = []
        var visitedDirectories: Set<String> = []
        let fileManager = FileManager.default

        func display(_ absolute: String) -> String {
            PathDisplay.relative(absolute, to: workingDirectory)
        }

        func visit(_ path: String, explicit: Bool) {
            guard let real = PathDisplay.realPath(path) else {
                diagnostics.append(InputDiagnostic(path: display(path), message: "broken symbolic link, skipped"))
                return
            }
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: real, isDirectory: &isDirectory) else { return }
            if isDirectory.boolValue {
                guard visitedDirectories.insert(real).inserted else { return }
                let entries: [String]
                do {
                    entries = try fileManager.contentsOfDirectory(atPath: real)
                } catch {
                    diagnostics.append(InputDiagnostic(path: display(real), message: "directory cannot be read, skipped"))
                    return
                }
                for entry in entries.sorted() {
                    if !explicit || entry != "." {
                        if skippedDirectoryNames.contains(entry) || entry.hasPrefix(".") { continue }
                    }
                    visit(path + "/" + entry, explicit: false)
                }
            } else if real.hasSuffix(".swift") || explicit {
                guard real.hasSuffix(".swift") else {
                    diagnostics.append(InputDiagnostic(path: display(real), message: "not a .swift file, skipped"))
                    return
                }
                guard explicit || include(real) else { return }
                files[real] = DiscoveredFile(absolutePath: real, displayPath: display(real))
            }
        }

        for path in paths {
            let absolute = PathDisplay.absolute(path, workingDirectory: workingDirectory)
            guard fileManager.fileExists(atPath: absolute) else { throw MissingPath(path: path) }
            visit(absolute, explicit: true)
        }
        return Result(
            files: files.values.sorted { $0.displayPath < $1.displayPath },
            diagnostics: diagnostics.sorted()
        )
    }
}

/// Path arithmetic shared by discovery, configuration and reports.
public enum PathDisplay {
    public static func absolute(_ path: String, workingDirectory: String) -> String {
        let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` relative to `base` when it lies inside it (no `./`), otherwise unchanged.
    public static func relative(_ path: String, to base: String) -> String {
        let base = base.hasSuffix("/") ? String(base.dropLast()) : base
        if path == base { return "." }
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }
}
