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
        let process: LoggedProcess
        switch self {
        case .swiftPM(let swift):
            process = LoggedProcess(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: [swift, "build", "-v", "--package-path", directory.path],
                                    directory: directory, log: log)
        case .shell(let command):
            process = LoggedProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], directory: directory, log: log)
        }
        let outcome: LoggedProcess.Outcome
        do {
            outcome = try process.run()
        } catch let failure as LoggedProcess.LaunchFailure {
            throw Failure(description: failure.description(running: description))
        }
        guard outcome.status == 0 else {
            throw Failure(description: "\(label): \(description) failed (exit \(outcome.status)); \(BuildLogExcerpt.of(outcome.output))")
        }
        return Outcome(seconds: outcome.seconds, compiledFiles: RebuildCalibrator.compiledFiles(outcome.output, in: directory))
    }
}
