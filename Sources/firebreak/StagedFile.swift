import FirebreakScan
import Foundation

/// A fix's new text for one file, written whole to a temporary file beside it and then renamed over
/// it (or linked to its name, for a new file).
///
/// Everything happens relative to the target's folder, opened once and checked against the folder
/// `FixTarget` resolved, so a link swapped in mid-run cannot redirect a write. The temporary file
/// has an unpredictable name and is created exclusively without following links (`mkstemp`'s
/// guarantees); it is registered with `Cleanup`, so an interrupt removes it.
final class StagedFile {
    let target: FixTarget
    private let folder: Int32
    private var temporaryName: String?
    /// The replaced file's identity, checked again just before the rename.
    private var original: FileIdentity?

    init(_ target: FixTarget) throws {
        self.target = target
        folder = open(target.directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { throw Self.failure(target, "cannot open its folder: \(Self.reason())") }
        do {
            var status = stat()
            guard fstat(folder, &status) == 0, FileIdentity(status) == target.directoryIdentity else {
                throw Self.failure(target, "its folder was replaced while fix ran")
            }
            let mode = try checkCurrentContent()
            try stage(mode: mode)
        } catch {
            discard()
            throw error
        }
    }

    deinit {
        close(folder)
    }

    /// The text on disk is still what the fix was planned on (or, for a new file, still no file):
    /// returns the mode the new file takes.
    private func checkCurrentContent() throws -> mode_t {
        guard let old = target.change.oldBytes else {
            var status = stat()
            guard fstatat(folder, target.name, &status, AT_SYMLINK_NOFOLLOW) != 0, errno == ENOENT else {
                throw Self.failure(target, "it appeared while fix ran")
            }
            let mask = umask(0)
            umask(mask)
            return 0o666 & ~mask
        }
        let descriptor = openat(folder, target.name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(target, "cannot read it: \(Self.reason())") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Self.failure(target, "not a regular file")
        }
        guard FileBytes.read(descriptor: descriptor) == old else { throw Self.failure(target, "it changed while fix ran") }
        original = FileIdentity(status)
        return status.st_mode & 0o7777
    }

    private func stage(mode: mode_t) throws {
        var descriptor: Int32 = -1
        for _ in 0..<16 where descriptor < 0 {
            let name = ".\(target.name).firebreak-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            // Created and registered as one step: an interrupt between the two left the file behind.
            let error: Int32
            (descriptor, error) = Cleanup.shared.deferringSignals {
                let created = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                let error = errno
                if created >= 0 { Cleanup.shared.register(target.directory + "/" + name) }
                return (created, error)
            }
            if descriptor >= 0 {
                temporaryName = name
            } else if error != EEXIST {
                errno = error
                break
            }
        }
        guard descriptor >= 0 else { throw Self.failure(target, "cannot create a temporary file beside it: \(Self.reason())") }
        defer { close(descriptor) }
        let bytes = target.change.newBytes
        guard fchmod(descriptor, mode) == 0, Self.writeAll(bytes, to: descriptor), fsync(descriptor) == 0 else {
            throw Self.failure(target, Self.reason())
        }
    }

    /// Puts the new text in place. For a replaced file, the name must still be the file that was
    /// read; a new file's name must still be free (a hard link never replaces what is there).
    func commit() throws {
        guard let temporaryName else { return }
        if let original {
            var status = stat()
            guard fstatat(folder, target.name, &status, AT_SYMLINK_NOFOLLOW) == 0, FileIdentity(status) == original else {
                throw Self.failure(target, "it was replaced while fix ran")
            }
            guard renameat(folder, temporaryName, folder, target.name) == 0 else { throw Self.failure(target, Self.reason()) }
        } else if linkat(folder, temporaryName, folder, target.name, 0) == 0 {
            unlinkat(folder, temporaryName, 0)
        } else {
            guard errno == EPERM || errno == EOPNOTSUPP || errno == EXDEV || errno == EMLINK else {
                throw Self.failure(target, errno == EEXIST ? "it appeared while fix ran" : Self.reason())
            }
            // No hard links on this file system: the name was checked free just now.
            var status = stat()
            guard fstatat(folder, target.name, &status, AT_SYMLINK_NOFOLLOW) != 0, errno == ENOENT,
                  renameat(folder, temporaryName, folder, target.name) == 0 else {
                throw Self.failure(target, "it appeared while fix ran")
            }
        }
        Cleanup.shared.unregister(target.directory + "/" + temporaryName)
        self.temporaryName = nil
    }

    /// Removes the temporary file, if it is still there.
    func discard() {
        guard let temporaryName else { return }
        unlinkat(folder, temporaryName, 0)
        Cleanup.shared.unregister(target.directory + "/" + temporaryName)
        self.temporaryName = nil
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    private static func failure(_ target: FixTarget, _ reason: String) -> InputError {
        InputError(description: "cannot write \(PathBytes.escaped(target.change.path)): \(reason); nothing was changed")
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }
}
