import FirebreakFix
import FirebreakScan
import Foundation

/// Where one change of a fix lands on disk: a real folder inside the project and a name in it.
///
/// A path that resolves outside every analysed root (a symbolic link to a file elsewhere, a folder
/// that links out) is refused before anything is written. A source reached through a link inside
/// the project is written where the link points, so the link stays a link.
struct FixTarget {
    let change: FixPlan.FileChange
    /// The real folder (no symbolic link in it) and the file's name there.
    let directory: String
    let name: String
    /// The folder's identity when it was resolved: the writer opens it again and checks it.
    let directoryIdentity: FileIdentity

    /// The analysed roots as real folders: a file given on the command line stands for its folder.
    static func roots(of paths: [String], workingDirectory: String) -> [String] {
        paths.compactMap { path in
            let absolute = PathDisplay.absolute(path, workingDirectory: workingDirectory)
            guard let real = PathDisplay.realPath(absolute) else { return nil }
            var status = stat()
            guard stat(real, &status) == 0 else { return nil }
            return status.st_mode & S_IFMT == S_IFDIR ? real : (real as NSString).deletingLastPathComponent
        }
    }

    /// Every change resolved and checked, or the first one refused with its reason.
    static func resolve(_ changes: [FixPlan.FileChange], roots: [String], workingDirectory: String) throws -> [FixTarget] {
        let targets = try changes.map { try resolve($0, roots: roots, workingDirectory: workingDirectory) }
        var seen: [String: String] = [:]
        for target in targets {
            let key = target.directory + "/" + target.name
            if let other = seen.updateValue(target.change.path, forKey: key) {
                throw InputError(description: "\(other) and \(target.change.path) are the same file; nothing was changed")
            }
        }
        return targets
    }

    private static func resolve(_ change: FixPlan.FileChange, roots: [String], workingDirectory: String) throws -> FixTarget {
        let shown = PathBytes.escaped(change.path)
        func refuse(_ reason: String) -> InputError {
            InputError(description: "cannot write \(shown): \(reason); nothing was changed")
        }
        let absolute = PathDisplay.absolute(change.path, workingDirectory: workingDirectory)
        let name = (absolute as NSString).lastPathComponent
        guard !name.isEmpty, name != ".", name != ".." else { throw refuse("not a file name") }
        var status = stat()
        let exists = lstat(absolute, &status) == 0
        let real: String
        if change.old == nil {
            guard !exists else { throw refuse("a file of that name exists already") }
            guard let folder = PathDisplay.realPath((absolute as NSString).deletingLastPathComponent) else {
                throw refuse("its folder does not exist")
            }
            real = folder + "/" + name
        } else {
            guard exists else { throw refuse("it was removed while fix ran") }
            guard let resolved = PathDisplay.realPath(absolute), stat(resolved, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw refuse("not a regular file")
            }
            real = resolved
        }
        guard roots.contains(where: { real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
            throw refuse("it resolves to \(PathBytes.escaped(real)), outside the analysed folders \(roots.map(PathBytes.escaped).joined(separator: ", "))")
        }
        let directory = (real as NSString).deletingLastPathComponent
        guard let identity = FileIdentity(path: directory) else { throw refuse("its folder cannot be read") }
        return FixTarget(change: change, directory: directory, name: (real as NSString).lastPathComponent, directoryIdentity: identity)
    }
}

/// A file's device and inode: what stays the same while its name may be swapped for another file.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}
