import ArgumentParser
import FirebreakModel
import FirebreakScan
import Foundation

/// `--cache-dir`, `--no-cache` and `--target`, shared by every command that scans sources.
struct ScanOptions: ParsableArguments {
    @Option(help: "Limit the command to one target (a name `firebreak modules` prints): its views and its findings; the other targets still resolve names.")
    var target: String?

    @Option(name: .customLong("cache-dir"),
            help: "Where to keep the facts of scanned files, the last dependency graph and lint's last findings between runs (default: .build/firebreak-cache in the current directory).")
    var cacheDirectory: String?

    @Flag(name: .customLong("no-cache"), help: "Scan every file, build the graph and find again, and neither read nor write the cache.")
    var noCache = false

    @Option(parsing: .unconditional, help: "Use this many threads to scan files and run the analysis passes (default: one per core). Output never depends on it.")
    var jobs: Int?

    static let defaultCacheDirectory = ".build/firebreak-cache"

    func validate() throws {
        if noCache, cacheDirectory != nil {
            throw ValidationError("--no-cache and --cache-dir contradict each other")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
    }

    /// The scanner's options for this run: the cache, unless disabled or impossible (then a warning),
    /// and a progress line when standard error is a terminal.
    func scannerOptions(workingDirectory: String, progress: ProgressLine?) -> FileScanner.Options {
        ParallelMap.limitThreads(to: jobs)
        var options = FileScanner.Options(jobs: jobs)
        if !noCache {
            let path = PathDisplay.absolute(cacheDirectory ?? Self.defaultCacheDirectory, workingDirectory: workingDirectory)
            do {
                options.cache = try FactsCache(directory: URL(fileURLWithPath: path), salt: Self.salt)
            } catch {
                FileHandle.standardError.write(Data("warning: facts cache unavailable at \(path), scanning without it: \(ErrorText.reason(error))\n".utf8))
            }
        }
        if let progress { options.progress = { done, total in progress.scanned(done, of: total) } }
        return options
    }

    /// Facts depend on the firebreak build, not only its version: a rebuilt scanner must not read
    /// facts an older one wrote, so the executable's size and modification time are part of the salt.
    static let salt: String = {
        var salt = "firebreak \(FirebreakVersion.current)"
        if let executable = Bundle.main.executableURL,
           let attributes = try? FileManager.default.attributesOfItem(atPath: executable.resolvingSymlinksInPath().path) {
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            salt += " \(size) \(modified)"
        }
        return salt
    }()
}
