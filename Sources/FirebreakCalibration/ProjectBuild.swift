import Foundation

/// How a copy of a project is built: `swift build` (with `-v`, so the driver's compile jobs can
/// be counted), or a shell command run in the copy's root.
public enum ProjectBuild: Sendable, Hashable {
    case swiftPM(swift: String)
    case shell(String)

    public var description: String {
        switch self {
        case .swiftPM(let swift): return "\(swift) build"
        case .shell(let command): return command
        }
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// A finished build: wall seconds, and the files its compile jobs named (empty when the
    /// output does not show them).
    public struct Outcome: Sendable {
        public var seconds: Double
        public var compiledFiles: Set<String>
    }

    /// Builds `directory`, its output logged to `log`; throws with the log's errors when it fails.
    public func run(in directory: URL, log: URL, label: String) throws -> Outcome {
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw Failure(description: "cannot write \(log.path)")
        }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        switch self {
        case .swiftPM(let swift):
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [swift, "build", "-v", "--package-path", directory.path]
        case .shell(let command):
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", command]
        }
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
            throw Failure(description: "cannot run \(description): \(error.localizedDescription)")
        }
        finished.wait()
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(label): \(description) failed (exit \(process.terminationStatus)); \(BuildLogExcerpt.of(text))")
        }
        return Outcome(seconds: elapsed, compiledFiles: RebuildCalibrator.compiledFiles(text, in: directory))
    }
}
