import Foundation

/// Where a report goes: the `--output` file, written atomically, or standard output. A write that
/// fails (a full disk, `/dev/full`, a closed descriptor) is exit 2 with the reason, never a crash.
enum OutputFile {
    /// Writes through a temporary file and a rename, so readers never see a partial report. Only
    /// a regular file the user may write is replaced: a directory, a device, a symbolic link or a
    /// read-only file is refused, as is a path whose folder does not exist.
    static func write(_ data: Data, to path: String) throws {
        try checkReplaceable(path)
        let url = URL(fileURLWithPath: path)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw InputError(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    static func checkReplaceable(_ path: String) throws {
        guard !path.isEmpty else { throw InputError(description: "an output path is empty") }
        var status = stat()
        if lstat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                // By mode, not access(2): root may write anything, but replacing would drop the mode.
                guard status.st_mode & S_IWUSR != 0, access(path, W_OK) == 0 else {
                    throw InputError(description: "cannot write \(path): the file is read-only")
                }
            case S_IFDIR: throw InputError(description: "cannot write \(path): it is a directory; name a file")
            case S_IFLNK: throw InputError(description: "cannot write \(path): it is a symbolic link; name the file it points to")
            default: throw InputError(description: "cannot write \(path): not a regular file")
            }
            return
        }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "cannot write \(path): no such directory \(parent)")
        }
    }

    /// To `path` when given, else to standard output.
    static func emit(_ data: Data, to path: String?) throws {
        if let path { try write(data, to: path) } else { try standardOutput(data) }
    }

    static func standardOutput(_ data: Data) throws {
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            throw InputError(description: "cannot write to standard output: \(error.localizedDescription)")
        }
    }
}
