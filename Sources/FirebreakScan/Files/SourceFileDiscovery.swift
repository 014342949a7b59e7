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

    /// A path given to analyse that leads nowhere: missing, a dangling link, or a loop of links.
    public struct MissingPath: Error, Sendable, CustomStringConvertible {
        public let path: String
        public var reason = "no such file or directory"
        public var description: String { "\(reason): \(path)" }

        static func check(_ path: String, absolute: String) throws {
            var status = stat()
            guard stat(PathBytes.cString(absolute), &status) != 0 else { return }
            let failure = errno
            if failure == ELOOP { throw MissingPath(path: path, reason: "symbolic links loop") }
            if lstat(PathBytes.cString(absolute), &status) == 0 { throw MissingPath(path: path, reason: "broken symbolic link") }
            throw MissingPath(path: path, reason: failure == EACCES ? "permission denied" : "no such file or directory")
        }
    }

    public struct Result: Sendable {
        public var files: [DiscoveredFile]
        /// Absolute paths of `*.xcodeproj` and `*.xcworkspace` bundles and XcodeGen `project.yml`
        /// files: what describes the targets when no `Package.swift` does.
        public var projectDescriptions: [String] = []
        public var diagnostics: [InputDiagnostic]
    }

    /// - Parameter include: decides from the absolute path whether a file takes part.
    public static func discover(
        paths: [String], workingDirectory: String, include: (String) -> Bool = { _ in true }
    ) throws -> Result {
        try withoutActuallyEscaping(include) { include in
            var walk = DiscoveryWalk(workingDirectory: workingDirectory, include: include)
            for path in paths {
                let absolute = PathDisplay.absolute(path, workingDirectory: workingDirectory)
                try MissingPath.check(path, absolute: absolute)
                walk.visit(absolute, explicit: true)
            }
            // The walk, and the closure it holds, end here.
            return Result(
                files: walk.files.values.sorted { $0.displayPath.utf8Precedes($1.displayPath) },
                projectDescriptions: walk.projectDescriptions.sorted(),
                diagnostics: walk.diagnostics.sorted()
            )
        }
    }
}

/// One walk over the paths given: Swift files, project descriptions, and what was skipped.
private struct DiscoveryWalk {
    let workingDirectory: String
    let include: (String) -> Bool
    var files: [PathKey: DiscoveredFile] = [:]
    var projectDescriptions: Set<String> = []
    var diagnostics: [InputDiagnostic] = []
    var visitedDirectories: Set<String> = []

    init(workingDirectory: String, include: @escaping (String) -> Bool) {
        self.workingDirectory = workingDirectory
        self.include = include
    }

    func display(_ absolute: String) -> String {
        PathBytes.escaped(PathDisplay.relative(absolute, to: workingDirectory))
    }

    mutating func visit(_ path: String, explicit: Bool) {
        guard let real = PathDisplay.realPath(path) else {
            diagnostics.append(InputDiagnostic(path: display(path), message: "broken symbolic link, skipped"))
            return
        }
        var status = stat()
        guard stat(PathBytes.cString(real), &status) == 0 else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            visitDirectory(real, explicit: explicit)
        } else {
            visitFile(real, explicit: explicit)
        }
    }

    /// `real` is already free of symlinks, so entries that are plain files or directories
    /// need no `realpath` or `stat` of their own: `readdir` says what they are.
    mutating func visitDirectory(_ real: String, explicit: Bool) {
        guard visitedDirectories.insert(real).inserted else { return }
        guard let entries = DirectoryEntries.read(real) else {
            diagnostics.append(InputDiagnostic(path: display(real), message: "directory cannot be read, skipped"))
            return
        }
        for entry in entries {
            if !explicit || entry.name != "." {
                if SourceFileDiscovery.skippedDirectoryNames.contains(entry.name) || entry.name.hasPrefix(".") { continue }
            }
            let child = real + "/" + entry.name
            if entry.name.hasSuffix(".xcodeproj") || entry.name.hasSuffix(".xcworkspace") {
                // Bundles hold no sources; what they describe is read by the module map.
                projectDescriptions.insert(child)
                continue
            }
            if entry.name == "project.yml", entry.kind != .directory {
                projectDescriptions.insert(child)
            }
            switch entry.kind {
            case .directory: visitDirectory(child, explicit: false)
            case .file: visitFile(child, explicit: false)
            case .other: visit(child, explicit: false)
            }
        }
    }

    mutating func visitFile(_ real: String, explicit: Bool) {
        guard real.hasSuffix(".swift") || explicit else { return }
        guard real.hasSuffix(".swift") else {
            diagnostics.append(InputDiagnostic(path: display(real), message: "not a .swift file, skipped"))
            return
        }
        guard explicit || include(real) else { return }
        files[PathKey(real)] = DiscoveredFile(absolutePath: real, displayPath: display(real))
    }
}

/// The entries of one directory, sorted by name, with their kinds as `readdir` reports them.
enum DirectoryEntries {
    enum Kind { case file, directory, other }

    static func read(_ path: String) -> [(name: String, kind: Kind)]? {
        guard let directory = opendir(PathBytes.cString(path)) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, kind: Kind)] = []
        while let entry = readdir(directory) {
            // A name that is not UTF-8 keeps its bytes (PathBytes), so the file can be opened.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                PathBytes.string(fromCString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            default: kind = .other // symlinks, and file systems that do not fill d_type
            }
            entries.append((name, kind))
        }
        return entries.sorted { $0.name.utf8Precedes($1.name) }
    }
}

/// Path arithmetic shared by discovery, configuration and reports.
public enum PathDisplay {
    public static func absolute(_ path: String, workingDirectory: String) -> String {
        let joined = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        // Discovered paths are almost always standard already; URL standardisation percent-encodes
        // and decodes the whole path, which cost more than matching the file to its target.
        if isStandard(joined) { return joined }
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    /// An absolute path with no empty, `.` or `..` component and no trailing `/`: what
    /// `standardizedFileURL.path` returns unchanged.
    static func isStandard(_ path: String) -> Bool {
        var componentLength = 0
        var dots = 0
        var first = true
        for byte in path.utf8 {
            if first {
                guard byte == UInt8(ascii: "/") else { return false }
                first = false
                continue
            }
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || componentLength == dots && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return componentLength > 0 && !(componentLength == dots && dots <= 2)
    }

    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(PathBytes.cString(path), nil) else { return nil }
        defer { free(resolved) }
        return PathBytes.string(fromCString: resolved)
    }

    /// `path` relative to `base` when it lies inside it (no `./`), otherwise unchanged.
    public static func relative(_ path: String, to base: String) -> String {
        let base = base.hasSuffix("/") ? String(base.dropLast()) : base
        if path == base { return "." }
        if path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return path
    }
}
