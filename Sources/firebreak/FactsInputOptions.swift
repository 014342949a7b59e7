import ArgumentParser
import FirebreakModel
import FirebreakScan
import Foundation

/// `--facts` and `--facts-root`: facts files taken instead of scanning the files they hold, for
/// every command that reads sources without editing them.
struct FactsInputOptions: ParsableArguments {
    @Option(name: .customLong("facts"), parsing: .upToNextOption,
            help: "Facts files written by `firebreak facts`, taken instead of scanning the files they hold.")
    var files: [String] = []

    @Option(name: .customLong("facts-root"),
            help: "The folder the facts files' paths are relative to: the --root they were written with (default: the current directory).")
    var root: String?

    /// Who writes facts files: another firebreak version or model may scan differently.
    static let producer = "firebreak \(FirebreakVersion.current) (model \(FirebreakVersion.model))"

    func validate() throws {
        if root != nil, files.isEmpty { throw ValidationError("--facts-root applies only with --facts") }
    }

    /// The `--facts` files, each checked whole; a bad one is exit 2 with its reason.
    func load() throws -> [FactsFile] {
        if let root {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw InputError(description: "--facts-root \(root): no such directory")
            }
        }
        return try files.map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(description: "\(path): facts file not found or unreadable")
            }
            do {
                return try FactsFile.decode([UInt8](data), file: path, producer: Self.producer)
            } catch {
                throw InputError(description: "\(error)")
            }
        }
    }
}
