import Foundation

/// Where a report goes: the `--output` file, written atomically, or standard output. A write that
/// fails (a full disk, `/dev/full`, a closed descriptor) is exit 2 with the reason, never a crash.
enum OutputFile {
    /// Writes through a temporary file and a rename, so readers never see a partial report.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw InputError(description: "cannot write \(path): \(error.localizedDescription)")
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
