import Dispatch
import FirebreakModel
import FirebreakScan
import Foundation

/// A git revision's files in a temporary directory, for `diff --base`.
///
/// The user's working tree, index and stashes are never touched: the revision is read into a
/// private index file (`GIT_INDEX_FILE`) and checked out from it under a temporary prefix. The
/// directory is removed when `remove()` runs, and also on SIGINT, SIGTERM or SIGHUP (`Cleanup`).
final class BaseCheckout {
    /// The repository's top level in the user's tree.
    let repositoryRoot: String
    /// The same directory at the revision.
    let checkoutRoot: String
    let commit: String
    private let temporaryDirectory: String

    private init(repositoryRoot: String, checkoutRoot: String, commit: String, temporaryDirectory: String) {
        self.repositoryRoot = repositoryRoot
        self.checkoutRoot = checkoutRoot
        self.commit = commit
        self.temporaryDirectory = temporaryDirectory
    }

    static func make(revision: String, workingDirectory: String) throws -> BaseCheckout {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw InputError(description: "--base needs a git revision such as origin/main, got '\(revision)'")
        }
        let top = try Git.run(["rev-parse", "--show-toplevel"], in: workingDirectory, failure: { _ in
            "--base needs a git repository, and \(workingDirectory) is not inside one"
        })
        let commit = try Git.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: workingDirectory, failure: { _ in
            "unknown git revision '\(revision)'"
        })
        Cleanup.shared.install()
        let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("firebreak-base-XXXXXX")
        var buffer = Array(template.utf8CString)
        guard let created = mkdtemp(&buffer) else {
            throw InputError(description: "cannot create a temporary directory in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        let temporary = String(cString: created)
        Cleanup.shared.register(temporary)
        // Named like the repository's folder: an analysed root without a manifest is a module named
        // after its folder, and both sides must name it alike.
        let name = URL(fileURLWithPath: top).lastPathComponent
        let checkout = BaseCheckout(
            repositoryRoot: top, checkoutRoot: temporary + "/tree/" + (name.isEmpty ? "repository" : name), commit: commit,
            temporaryDirectory: temporary)
        do {
            let environment = ["GIT_INDEX_FILE": temporary + "/index"]
            _ = try Git.run(["read-tree", commit], in: top, environment: environment, failure: {
                "cannot read revision '\(revision)': \($0)"
            })
            // Only what analysis reads: Swift files and configuration. Skipping assets is faster,
            // and works in partial clones whose large blobs were never fetched.
            let listed = try Git.run(["ls-files", "-z"], in: top, environment: environment, trimming: false, failure: {
                "cannot list revision '\(revision)': \($0)"
            })
            let wanted = listed.split(separator: "\0").filter { path in
                path.hasSuffix(".swift") || path == Configuration.fileName || path.hasSuffix("/" + Configuration.fileName)
            }
            try FileManager.default.createDirectory(atPath: checkout.checkoutRoot, withIntermediateDirectories: true)
            _ = try Git.run(["checkout-index", "--force", "-z", "--stdin", "--prefix=\(checkout.checkoutRoot)/"], in: top,
                            environment: environment, input: Data(wanted.joined(separator: "\0").utf8),
                            failure: { "cannot check out revision '\(revision)': \($0)" })
        } catch {
            checkout.remove()
            throw error
        }
        return checkout
    }

    /// Whether `path` (absolute, in the user's tree) names a file or directory at the revision,
    /// whether or not the checkout holds it (only Swift files are checked out).
    func existsAtRevision(_ path: String) -> Bool {
        guard let mirrored = try? mirror(path) else { return false }
        if FileManager.default.fileExists(atPath: mirrored) { return true }
        let relative = mirrored == checkoutRoot ? "" : String(mirrored.dropFirst(checkoutRoot.count + 1))
        return (try? Git.run(["cat-file", "-e", "\(commit):\(relative)"], in: repositoryRoot, failure: { $0 })) != nil
    }

    /// Where `path` (absolute, in the user's tree) is in the checkout.
    func mirror(_ path: String) throws -> String {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: repositoryRoot).resolvingSymlinksInPath().path
        if resolved == root { return checkoutRoot }
        guard resolved.hasPrefix(root + "/") else {
            throw InputError(description: "\(path) is outside the git repository at \(repositoryRoot)")
        }
        return checkoutRoot + resolved.dropFirst(root.count)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: temporaryDirectory)
        Cleanup.shared.unregister(temporaryDirectory)
    }
}

/// Runs git without a shell and returns its trimmed standard output.
enum Git {
    static func run(
        _ arguments: [String], in directory: String, environment: [String: String] = [:], input: Data? = nil,
        trimming: Bool = true, failure: (String) -> String
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        do {
            try process.run()
        } catch {
            throw InputError(description: "cannot run git: \(error.localizedDescription)")
        }
        Cleanup.shared.track(process)
        if let input {
            let writer = stdin.fileHandleForWriting
            Thread.detachNewThread {
                // Throwing write: git killed by an interrupt closes the pipe (EPIPE, SIGPIPE ignored).
                try? writer.write(contentsOf: input)
                try? writer.close()
            }
        }
        // Read both pipes before waiting, so a chatty git cannot block on a full pipe.
        let errorData = ThreadedRead(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        Cleanup.shared.track(nil)
        // Killed by our own interrupt handler, or by the same Ctrl-C that reached the whole process
        // group (the handler may not have run yet): let the handler report and exit 130, not us with 2.
        if process.terminationReason == .uncaughtSignal { Cleanup.shared.waitForInterruptHandler() }
        Cleanup.shared.waitIfInterrupting()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData.wait(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw InputError(description: failure(message.isEmpty ? "git exited with status \(process.terminationStatus)" : message))
        }
        let text = String(decoding: data, as: UTF8.self)
        return trimming ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
    }
}

/// Reads a pipe to its end on another thread.
private final class ThreadedRead: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Removes registered temporary directories when the process is interrupted, after stopping the
/// git child that may still be writing into them. Exits 130 (SIGINT) or 128 + the signal.
final class Cleanup: @unchecked Sendable {
    static let shared = Cleanup()

    private let lock = NSLock()
    private var directories: Set<String> = []
    private var child: Process?
    private var sources: [any DispatchSourceSignal] = []
    private var interrupting = false

    func install() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        // Ctrl-C reaches git too; a write to its closed stdin must fail, not kill firebreak with
        // SIGPIPE before the handler has removed the checkout.
        signal(SIGPIPE, SIG_IGN)
        // A queue of its own: the analysis passes keep every thread of the global queues busy
        // (`ParallelMap`), and a handler queued behind them ran only after the work was done.
        let queue = DispatchQueue(label: "firebreak.interrupt")
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [self] in interrupted(by: signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    func register(_ directory: String) {
        lock.lock()
        directories.insert(directory)
        lock.unlock()
    }

    func unregister(_ directory: String) {
        lock.lock()
        directories.remove(directory)
        lock.unlock()
    }

    func track(_ process: Process?) {
        lock.lock()
        child = process
        lock.unlock()
    }

    /// A child died of a signal: if it was the terminal's interrupt, firebreak's own handler is about
    /// to run; give it a moment before treating the death as git's failure.
    func waitForInterruptHandler() {
        for _ in 0..<100 {
            lock.lock()
            let started = interrupting
            lock.unlock()
            if started { return }
            usleep(10_000)
        }
    }

    /// Never returns once an interrupt is being handled: the handler removes the checkout and exits.
    func waitIfInterrupting() {
        lock.lock()
        let waiting = interrupting
        lock.unlock()
        while waiting { sleep(60) }
    }

    private func interrupted(by signalNumber: Int32) {
        lock.lock()
        interrupting = true
        let running = child
        let pending = directories
        lock.unlock()
        if let running, running.isRunning {
            kill(running.processIdentifier, SIGKILL)
            // Foundation reaps the child; poll rather than wait beside it.
            for _ in 0..<200 where running.isRunning { usleep(5_000) }
        }
        // `remove()` may be deleting the same tree on the main thread: whichever removal loses an
        // entry to the other fails, so try until the directory is gone.
        for directory in pending {
            for _ in 0..<50 where FileManager.default.fileExists(atPath: directory) {
                try? FileManager.default.removeItem(atPath: directory)
                if FileManager.default.fileExists(atPath: directory) { usleep(2_000) }
            }
        }
        FileHandle.standardError.write(Data("firebreak: interrupted; removed the temporary checkout\n".utf8))
        exit(128 + signalNumber)
    }
}
