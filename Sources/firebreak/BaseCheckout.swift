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
        // Created and registered as one step: an interrupt between the two left the folder behind.
        let made: String? = Cleanup.shared.deferringSignals {
            guard let created = mkdtemp(&buffer) else { return nil }
            Cleanup.shared.register(String(cString: created))
            return String(cString: created)
        }
        guard let temporary = made else {
            throw InputError(description: "cannot create a temporary directory in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        // Named like the repository's folder: an analysed root without a manifest is a module named
        // after its folder, and both sides must name it alike.
        let name = URL(fileURLWithPath: top).lastPathComponent
        let checkout = BaseCheckout(
            repositoryRoot: top, checkoutRoot: temporary + "/tree/" + (name.isEmpty ? "repository" : name), commit: commit,
            temporaryDirectory: temporary)
        do {
            // Not while the handler removes the temporary directory, which this would bring back.
            try Cleanup.shared.deferringSignals {
                try FileManager.default.createDirectory(atPath: checkout.checkoutRoot, withIntermediateDirectories: true)
            }
            try checkOut(commit: commit, of: top, into: checkout.checkoutRoot, index: temporary + "/index", revision: revision)
            try copyIgnoredInputs(of: top, into: checkout.checkoutRoot)
        } catch {
            checkout.remove()
            throw error
        }
        return checkout
    }

    /// The files analysis reads of `commit` in the repository at `repository`, into `folder`; each
    /// submodule at the commit the revision records, from the submodule's clone in the working tree.
    private static func checkOut(commit: String, of repository: String, into folder: String, index: String, revision: String) throws {
        let environment = ["GIT_INDEX_FILE": index]
        _ = try Git.run(["read-tree", commit], in: repository, environment: environment, failure: {
            "cannot read revision '\(revision)': \($0)"
        })
        let listed = try Git.run(["ls-files", "--stage", "-z"], in: repository, environment: environment, trimming: false, failure: {
            "cannot list revision '\(revision)': \($0)"
        })
        var wanted: [Substring] = []
        var submodules: [(path: String, commit: String)] = []
        for entry in listed.split(separator: "\0") {
            // "<mode> <object> <stage>\t<path>"
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let fields = entry[..<tab].split(separator: " ")
            let path = entry[entry.index(after: tab)...]
            if fields.first == "160000", fields.count > 1 {
                submodules.append((String(path), String(fields[1])))
            } else if isAnalysisInput(path) {
                wanted.append(path)
            }
        }
        _ = try Git.run(["checkout-index", "--force", "-z", "--stdin", "--prefix=\(folder)/"], in: repository,
                        environment: environment, input: Data(wanted.joined(separator: "\0").utf8),
                        failure: { "cannot check out revision '\(revision)': \($0)" })
        for submodule in submodules {
            try checkOutSubmodule(submodule, of: repository, into: folder, index: index, revision: revision)
        }
    }

    /// The working tree's files git ignores, where the revision has none: generated sources
    /// (`R.generated.swift`, SwiftGen's output) and generated projects (an XcodeGen app's ignored
    /// `.xcodeproj`) are build inputs of both sides, not part of the change, so the base is analysed
    /// with the same copies. Folders analysis never reads (build output, vendored code, hidden
    /// folders) are not walked.
    private static func copyIgnoredInputs(of repository: String, into folder: String) throws {
        let listed = try Git.run(["ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z"], in: repository,
                                 trimming: false, failure: { "cannot list the files git ignores: \($0)" })
        var files: [String] = []
        for entry in listed.split(separator: "\0").map(String.init) {
            guard entry.hasSuffix("/") else {
                if !isSkippedFolder((entry as NSString).deletingLastPathComponent), isAnalysisInput(Substring(entry)) { files.append(entry) }
                continue
            }
            guard !isSkippedFolder(entry) else { continue }
            let enumerator = FileManager.default.enumerator(atPath: repository + "/" + entry)
            while let relative = enumerator?.nextObject() as? String {
                let path = entry + relative
                if enumerator?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory {
                    if isSkippedFolder(path) { enumerator?.skipDescendants() }
                } else if isAnalysisInput(Substring(path)) {
                    files.append(path)
                }
            }
        }
        for path in files where !FileManager.default.fileExists(atPath: folder + "/" + path) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: repository + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            try Cleanup.shared.deferringSignals {
                try FileManager.default.createDirectory(atPath: folder + "/" + (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: repository + "/" + path, toPath: folder + "/" + path)
            }
        }
    }

    /// A folder analysis never descends into, or one inside it.
    private static func isSkippedFolder(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") || SourceFileDiscovery.skippedDirectoryNames.contains(String($0)) }
    }

    /// A submodule the working tree has not checked out is absent from both sides alike; one whose
    /// clone lacks the recorded commit cannot be compared, and says how to fetch it.
    private static func checkOutSubmodule(
        _ submodule: (path: String, commit: String), of repository: String, into folder: String, index: String, revision: String
    ) throws {
        let clone = repository + "/" + submodule.path
        guard FileManager.default.fileExists(atPath: clone + "/.git") else { return }
        guard (try? Git.run(["cat-file", "-e", "\(submodule.commit)^{commit}"], in: clone, failure: { $0 })) != nil else {
            throw InputError(description: "the submodule \(submodule.path) is at \(submodule.commit.prefix(12)) in \(revision), a commit its clone "
                             + "does not have; run `git submodule update --init --recursive` (or fetch in \(submodule.path)) and try again")
        }
        let target = folder + "/" + submodule.path
        try Cleanup.shared.deferringSignals { try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true) }
        try checkOut(commit: submodule.commit, of: clone, into: target, index: index + "-" + UUID().uuidString, revision: revision)
    }

    /// What analysis reads: Swift files (manifests among them), configuration, and the Xcode and
    /// XcodeGen project descriptions that decide modules. Skipping assets is faster, and works in
    /// partial clones whose large blobs were never fetched.
    static func isAnalysisInput(_ path: Substring) -> Bool {
        let name = path.split(separator: "/").last ?? path
        return name.hasSuffix(".swift") || name == Configuration.fileName || name == "project.pbxproj"
            || name == "contents.xcworkspacedata" || name.hasSuffix(".yml") || name.hasSuffix(".yaml")
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
        // Started and tracked as one step: an interrupt between the two left git writing into the
        // checkout the handler was removing.
        try Cleanup.shared.deferringSignals {
            do {
                try process.run()
            } catch {
                throw InputError(description: "cannot run git: \(ErrorText.reason(error))")
            }
            Cleanup.shared.track(process)
        }
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
