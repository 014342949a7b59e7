import FirebreakReport
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
            throw InputError(description: "cannot write \(path): \(ErrorText.reason(error))")
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
            throw InputError(description: "cannot write to standard output: \(ErrorText.reason(error))")
        }
    }

    /// Streams a report: to a temporary file beside `path`, renamed over it once complete (a
    /// failure removes it), or, without a path, collected and written to standard output.
    static func stream(to path: String?, _ produce: (any ByteSink) throws -> Void) throws {
        guard let path else {
            let sink = DataSink()
            try produce(sink)
            try standardOutput(sink.data)
            return
        }
        try checkReplaceable(path)
        let sink = try TemporaryFileSink(beside: path)
        do {
            try produce(sink)
            try sink.commit(to: path)
        } catch let error as ByteSinkError {
            sink.discard()
            throw InputError(description: "cannot write \(path): \(error.description)")
        } catch {
            sink.discard()
            throw error
        }
    }
}

/// A temporary file in the destination's folder, so that the final rename is atomic.
private final class TemporaryFileSink: ByteSink {
    private let descriptor: Int32
    private let temporaryPath: String
    private var closed = false

    init(beside path: String) throws {
        var template = Array((path + ".firebreak-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw InputError(description: "cannot write \(path): \(Self.reason())")
        }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file private; a report is as readable as any file the user creates.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
    }

    private static func reason() -> String {
        strerror(errno).map { String(validatingCString: $0) ?? "error \(errno)" } ?? "error \(errno)"
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw ByteSinkError(Self.reason())
            }
            offset += written
        }
    }

    func restart() throws {
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw ByteSinkError(Self.reason())
        }
    }

    func commit(to path: String) throws {
        closed = true
        guard close(descriptor) == 0 else { throw ByteSinkError(Self.reason()) }
        guard rename(temporaryPath, path) == 0 else { throw ByteSinkError(Self.reason()) }
    }

    func discard() {
        if !closed { close(descriptor) }
        closed = true
        unlink(temporaryPath)
    }
}
