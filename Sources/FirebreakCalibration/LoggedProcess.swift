import Foundation

/// A command run to completion with its output in a log file, timed by the wall clock: the
/// builds `calibrate` and `measure` time.
struct LoggedProcess {
    var executable: URL
    var arguments: [String]
    var directory: URL
    var log: URL

    struct Outcome {
        var seconds: Double
        var status: Int32
        var output: String
    }

    /// The log could not be created, or the command not started.
    enum LaunchFailure: Error {
        case log(path: String)
        case launch(reason: String)

        /// "cannot write PATH", or "cannot run COMMAND: REASON".
        func description(running command: String) -> String {
            switch self {
            case .log(let path): return "cannot write \(path)"
            case .launch(let reason): return "cannot run \(command): \(reason)"
            }
        }
    }

    func run() throws -> Outcome {
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw LaunchFailure.log(path: log.path)
        }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = handle
        process.standardError = handle
        // A semaphore, not waitUntilExit(): on Linux that polls a run loop and took half a core
        // away from the build being timed.
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        let start = ContinuousClock.now
        do {
            try process.run()
        } catch {
            throw LaunchFailure.launch(reason: error.localizedDescription)
        }
        finished.wait()
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        return Outcome(seconds: elapsed, status: process.terminationStatus, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
