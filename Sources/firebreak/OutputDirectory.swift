import Foundation

/// `--output-dir`: files are written into a staging folder beside the target and moved in only
/// once all of them are written, so a full disk or an error leaves the target as it was (or
/// absent), never half-written and without its `index.html`.
struct OutputDirectory {
    let path: String
    private let staging: String

    /// Checks the target (a folder or nothing; its parent is created) and makes the staging folder.
    init(_ path: String) throws {
        guard !path.isEmpty else { throw InputError(description: "--output-dir is empty") }
        self.path = path
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw InputError(description: "cannot write into \(path): it exists and is not a directory")
        }
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent().path
        staging = parent + "/.\(url.lastPathComponent).firebreak-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw InputError(description: "cannot create \(path): \(ErrorText.reason(error))")
        }
    }

    func write(_ data: Data, named name: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: staging + "/" + name))
        } catch {
            discard()
            throw InputError(description: "cannot write \(path)/\(name): \(ErrorText.reason(error)); \(path) is unchanged")
        }
    }

    /// Moves the staged files in: the whole folder when the target does not exist, else each file
    /// (renames within one file system need no space, so they do not fail where writing did).
    func commit() throws {
        defer { discard() }
        if rename(staging, path) == 0 { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []
        for name in names.sorted() where rename(staging + "/" + name, path + "/" + name) != 0 {
            throw InputError(description: "cannot move \(name) into \(path): \(String(cString: strerror(errno)))")
        }
    }

    func discard() {
        try? FileManager.default.removeItem(atPath: staging)
    }
}
