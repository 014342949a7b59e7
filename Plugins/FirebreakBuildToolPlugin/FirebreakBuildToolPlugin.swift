import Foundation
import PackagePlugin

/// Lints the target it is attached to on every build: findings print as compiler diagnostics
/// (`path:line:column: error: message (rule)`), and an error-severity finding fails the build.
///
/// The whole package is scanned so that names resolve across its targets; `--target` keeps the
/// findings to this one. The facts cache lives in the plugin's work directory, the only place a
/// sandboxed build may write, so a warm build re-parses only the files that changed.
@main
struct FirebreakBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget, !target.sourceFiles(withSuffix: "swift").isEmpty else { return [] }
        // A target's findings depend on the other targets' files too (who declares a singleton,
        // which layer a type is in): every Swift file of the package is an input.
        let sources = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        return [
            try LintCommand(
                tool: context.tool(named: "firebreak").url,
                root: context.package.directoryURL,
                target: target.name,
                sources: sources,
                workDirectory: context.pluginWorkDirectoryURL
            ).command,
        ]
    }
}

/// One `firebreak lint` of a target, as a build command.
struct LintCommand {
    var tool: URL
    /// The package's or project's folder: what is scanned, and where `.firebreak.yml` is looked for.
    var root: URL
    var target: String
    var sources: [URL]
    var workDirectory: URL

    var command: Command {
        // The stamp is the command's output, written only when the lint passes: a package at tools
        // 5.9 skips a command without outputs ("does not declare any output files and therefore will
        // not run"), and without the stamp a failed lint runs again on the next build. The command
        // runs when a Swift file of the package changed. `.firebreak.yml` is read by each run but is
        // not an input: SwiftPM keeps the commands a plugin made until the package's targets change,
        // and an input that may be absent would fail the build once it is deleted (docs: edit it,
        // then touch a source).
        let stamp = workDirectory.appendingPathComponent("firebreak-\(target).stamp")
        return .buildCommand(
            displayName: "firebreak lint \(target)",
            executable: tool,
            arguments: [
                "lint", root.path, "--target", target, "--format", "xcode",
                "--cache-dir", workDirectory.appendingPathComponent("facts-cache").path, "--touch", stamp.path,
            ],
            inputFiles: sources,
            outputFiles: [stamp]
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension FirebreakBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        guard target.inputFiles.contains(where: { $0.type == .source && $0.url.pathExtension == "swift" }) else { return [] }
        let sources = context.xcodeProject.targets.flatMap(\.inputFiles)
            .filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return [
            try LintCommand(
                tool: context.tool(named: "firebreak").url,
                root: context.xcodeProject.directoryURL,
                target: target.displayName,
                sources: sources,
                workDirectory: context.pluginWorkDirectoryURL
            ).command,
        ]
    }
}
#endif
