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

    /// Runs the build and returns its wall seconds and output; throws with the output's end when
    /// the build fails.
    func run(label: String) throws -> Outcome {
        let log = directory.appendingPathComponent("build.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw Calibrator.Failure(description: "cannot write \(log.path)")
        }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [swift, "build"] + arguments + ["--package-path", directory.path]
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
            throw Calibrator.Failure(description: "cannot run \(swift) build: \(error.localizedDescription)")
        }
        finished.wait()
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw Calibrator.Failure(description: "\(label): swift build failed (exit \(process.terminationStatus)); \(BuildLogExcerpt.of(text))")
        }
        return Outcome(seconds: elapsed, log: text)
    }
}
