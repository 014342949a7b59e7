import Foundation
import XCTest

/// Examples/GitHubActions/firebreak.yml: every firebreak command it runs, run as the workflow runs
/// it (through the shell, with its environment) on a repository whose target branch is the naive
/// app and whose pull request is the refactor.
final class WorkflowExampleTests: XCTestCase {
    static let workflow = FirebreakProcess.packageRoot.appendingPathComponent("Examples/GitHubActions/firebreak.yml")
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = try FirebreakProcess.fixture([:])
    }

    override func tearDown() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// The `run:` lines that call firebreak, with GitHub's expressions for a pull request into main.
    private func firebreakCommands() throws -> [String] {
        try String(contentsOf: Self.workflow, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("run: firebreak ") }
            .map { $0.dropFirst("run: ".count).replacingOccurrences(of: "${{ github.base_ref }}", with: "main") }
    }

    private func shell(_ command: String, in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = FirebreakProcess.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["FIREBREAK_PATHS"] = "ProfileApp"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func git(_ arguments: [String], in directory: URL) throws {
        XCTAssertEqual(try shell("git " + arguments.joined(separator: " ") + " >/dev/null", in: directory), 0, arguments.joined(separator: " "))
    }

    func testEveryFirebreakCommandOfTheWorkflowRunsOnAPullRequest() throws {
        let commands = try firebreakCommands()
        XCTAssertEqual(commands.count, 3, "lint, lint for code scanning, diff: \(commands)")
        let repository = scratch.appendingPathComponent("repo")
        let app = repository.appendingPathComponent("ProfileApp")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: repository)
        try git(["config", "user.email", "test@example.com"], in: repository)
        try git(["config", "user.name", "Test"], in: repository)
        try FileManager.default.copyItem(at: DiffCommandTests.pair.appendingPathComponent("before/ProfileApp"), to: app)
        try git(["add", "-A"], in: repository)
        try git(["commit", "-q", "-m", "naive"], in: repository)
        try git(["update-ref", "refs/remotes/origin/main", "HEAD"], in: repository)
        // The pull request's checkout: the refactor.
        try FileManager.default.removeItem(at: app)
        try FileManager.default.copyItem(at: DiffCommandTests.pair.appendingPathComponent("after/ProfileApp"), to: app)

        // The pull request fixes ProfileViewModel's findings and adds one; SettingsView's stays.
        // Lint and the comparison fail the job, the SARIF step does not, so the upload still runs.
        try Data("import Foundation\nfinal class AboutViewModel {\n    let defaults = UserDefaults.standard\n}\n".utf8)
            .write(to: app.appendingPathComponent("Features/Settings/AboutViewModel.swift"))
        XCTAssertEqual(try commands.map { try shell($0, in: repository) }, [1, 0, 1], "\(commands)")
        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: repository.appendingPathComponent("firebreak.sarif"))) as? [String: Any]
        XCTAssertEqual(sarif?["version"] as? String, "2.1.0")
        let comment = try String(contentsOf: repository.appendingPathComponent("firebreak-diff.md"), encoding: .utf8)
        XCTAssertTrue(comment.contains("AboutViewModel reads the shared instance UserDefaults.standard"), comment)

        // Without SettingsView and the new finding, every step passes.
        try FileManager.default.removeItem(at: app.appendingPathComponent("Features/Settings"))
        XCTAssertEqual(try commands.map { try shell($0, in: repository) }, [0, 0, 0], "\(commands)")
    }
}
