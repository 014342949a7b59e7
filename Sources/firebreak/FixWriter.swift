import FirebreakFix
import Foundation

/// Writes a fix: every new text goes to a temporary file beside its target first, then each is
/// renamed over its target, so no file is ever seen half-written and a failed write changes nothing.
enum FixWriter {
    static func write(_ changes: [FixPlan.FileChange], workingDirectory: String) throws {
        var staged: [(temporary: String, target: String)] = []
        defer { for (temporary, _) in staged { unlink(temporary) } }
        for change in changes {
            let target = change.path.hasPrefix("/") ? change.path : (workingDirectory as NSString).appendingPathComponent(change.path)
            if change.old == nil, FileManager.default.fileExists(atPath: target) {
                throw InputError(description: "cannot write \(change.path): it appeared while fix ran; nothing was changed")
            }
            if let old = change.old, (try? String(contentsOfFile: target, encoding: .utf8)) != old {
                throw InputError(description: "\(change.path) changed while fix ran; nothing was changed")
            }
            let temporary = (target as NSString).deletingLastPathComponent + "/.firebreak-fix-\(getpid())-\(staged.count)"
            do {
                try Data(change.new.utf8).write(to: URL(fileURLWithPath: temporary))
            } catch {
                throw InputError(description: "cannot write \(change.path): \(error.localizedDescription); nothing was changed")
            }
            staged.append((temporary, target))
            if change.old != nil {
                var status = stat()
                if stat(target, &status) == 0 { chmod(temporary, status.st_mode & 0o7777) }
            }
        }
        for (index, (temporary, target)) in staged.enumerated() where rename(temporary, target) != 0 {
            let reason = String(cString: strerror(errno))
            throw InputError(description: "cannot write \(target): \(reason); \(index) of \(staged.count) files were written")
        }
        staged.removeAll()
    }
}
