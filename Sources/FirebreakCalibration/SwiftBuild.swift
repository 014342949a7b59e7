import Foundation

/// One timed `swift build`, its output kept in a log file.
struct SwiftBuild {
    var swift: String
    var arguments: [String]
    var directory: URL

    struct Outcome {
        var seconds: Double
        var log: String
    }

    /// Runs the build and returns its wall seconds and output; throws with the log's errors when
    /// the build fails.
    func run(label: String) throws -> Outcome {
        let process = LoggedProcess(executable: URL(fileURLWithPath: "/usr/bin/env"),
                                    arguments: [swift, "build"] + arguments + ["--package-path", directory.path],
                                    directory: directory, log: directory.appendingPathComponent("build.log"))
        let outcome: LoggedProcess.Outcome
        do {
            outcome = try process.run()
        } catch let failure as LoggedProcess.LaunchFailure {
            throw Calibrator.Failure(description: failure.description(running: "\(swift) build"))
        }
        guard outcome.status == 0 else {
            throw Calibrator.Failure(description: "\(label): swift build failed (exit \(outcome.status)); \(BuildLogExcerpt.of(outcome.output))")
        }
        return Outcome(seconds: outcome.seconds, log: outcome.output)
    }
}
