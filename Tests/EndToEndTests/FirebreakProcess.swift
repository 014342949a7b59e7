import Foundation
import XCTest

/// Runs the built `firebreak` binary, as CI users do.
struct FirebreakProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        if let override = ProcessInfo.processInfo.environment["FIREBREAK_BIN"] { return URL(fileURLWithPath: override) }
        return Bundle.main.bundleURL.appendingPathComponent("firebreak")
    }

    @discardableResult
    static func run(_ arguments: [String], in directory: URL = packageRoot, environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// `run`, for inputs that once stalled a run: one that outlasts `seconds` is killed and gives nil.
    static func run(_ arguments: [String], in directory: URL, within seconds: Double) throws -> Result? {
        try run(executable: binary, arguments, in: directory, within: seconds)
    }

    /// Another tool on the PATH (`swift build` on a fixed package), bounded the same way.
    static func runTool(_ tool: String, _ arguments: [String], in directory: URL, within seconds: Double) throws -> Result? {
        try run(executable: URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, in: directory, within: seconds)
    }

    private static func run(executable: URL, _ arguments: [String], in directory: URL, within seconds: Double) throws -> Result? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        // Both pipes drained meanwhile, so a long report cannot block the run being timed.
        let output = PipeReader(out), errors = PipeReader(err)
        guard finished.wait(timeout: .now() + seconds) == .success else {
            process.terminate()
            return nil
        }
        return Result(status: process.terminationStatus, stdout: String(decoding: output.wait(), as: UTF8.self),
                      stderr: String(decoding: errors.wait(), as: UTF8.self))
    }

    /// A fresh directory with the given files, removed by the caller's teardown.
    static func fixture(_ files: [String: String]) throws -> URL {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("firebreak-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
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
