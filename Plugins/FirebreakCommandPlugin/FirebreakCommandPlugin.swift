import Foundation
import PackagePlugin

/// `swift package firebreak lint|analyze|graph|… [options]`: the CLI on this package, with the
/// CLI's options. Paths are relative to the package (by default the package itself); the facts
/// cache goes to the plugin's work directory unless `--cache-dir` says otherwise.
@main
struct FirebreakCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let package = context.package.directoryURL
        guard let subcommand = arguments.first, !subcommand.hasPrefix("-") else {
            throw PluginFailure("""
                name a command: swift package firebreak lint|analyze|graph|why|diff|modules|fix [options]; \
                swift package firebreak help lists them
                """)
        }
        let writing = arguments.first(where: Self.writingOptions.contains) ?? (subcommand == "init" ? "init" : nil)
        if let option = writing, !Self.canWrite(in: package) {
            throw PluginFailure("""
                \(option) writes into the package, which this plugin may only do when allowed: \
                swift package --allow-writing-to-package-directory firebreak \(arguments.joined(separator: " "))
                """)
        }
        var forwarded = arguments
        let scans = ["lint", "analyze", "graph", "why", "diff", "fix"].contains(subcommand)
        if scans, !arguments.contains("--cache-dir"), !arguments.contains("--no-cache") {
            forwarded += ["--cache-dir", context.pluginWorkDirectoryURL.appendingPathComponent("facts-cache").path]
        }
        let process = Process()
        process.executableURL = try context.tool(named: "firebreak").url
        process.arguments = forwarded
        process.currentDirectoryURL = package
        try process.run()
        process.waitUntilExit()
        // firebreak's own exit status is the answer (1: findings at the threshold; 2: bad input);
        // the plugin ends with it so that scripts and CI read the same codes as the CLI's.
        if process.terminationReason == .uncaughtSignal || process.terminationStatus != 0 {
            exit(process.terminationStatus == 0 ? 1 : process.terminationStatus)
        }
    }

    /// Options that write files into the package.
    static let writingOptions: Set<String> = ["--output", "--output-dir", "--write-baseline", "--apply"]

    /// SwiftPM's sandbox (macOS) lets a command plugin write to the package only with
    /// `--allow-writing-to-package-directory`; a probe file says whether this run may.
    static func canWrite(in package: URL) -> Bool {
        let probe = package.appendingPathComponent(".firebreak-write-probe-\(getpid())")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return false }
        try? FileManager.default.removeItem(at: probe)
        return true
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
