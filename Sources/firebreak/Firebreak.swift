import ArgumentParser
import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation

/// Exit codes are part of the interface: 0 clean, 1 findings, 2 usage, configuration or input error.
enum ExitStatus {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
}

/// An error whose message is the whole story: printed as `firebreak: message`, exit 2.
struct InputError: Error, CustomStringConvertible {
    let description: String

    /// Runs the pipeline, turning what the user can fix (a path that leads nowhere, an unknown
    /// `--target`, no Swift files) into an `InputError`.
    static func translatingPipelineErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let missing as SourceFileDiscovery.MissingPath {
            throw InputError(description: missing.description)
        } catch let unknown as ScannedProject.UnknownTarget {
            throw InputError(description: unknown.description)
        } catch let empty as ScannedProject.NoSwiftFiles {
            throw InputError(description: empty.description)
        }
    }
}

@main
struct Firebreak: ParsableCommand {
    static let configuration = CommandConfiguration(
        // Every subcommand names itself too: ArgumentParser derives a missing name with
        // `String(describing:)` on each lookup, 31 M instructions a run (a third of a small lint).
        commandName: "firebreak",
        abstract: "Finds SwiftUI code that reaches concrete infrastructure, the cause of slow previews and builds.",
        version: FirebreakVersion.current,
        subcommands: [Lint.self, Analyze.self, Why.self, Explain.self, Graph.self, Modules.self, Diff.self, Fix.self, Measure.self, Facts.self, Calibrate.self, Rules.self, Init.self],
        defaultSubcommand: Lint.self)

    /// ArgumentParser exits 64 on usage errors; firebreak's contract is 2.
    static func main() {
        do {
            try ArgumentCheck.check(Array(CommandLine.arguments.dropFirst()),
                                    commands: configuration.subcommands.compactMap { $0.configuration.commandName })
            var command = try parseAsRoot()
            try command.run()
            BackgroundWork.finish()
        } catch let error as InputError {
            FileHandle.standardError.write(Data("firebreak: \(ControlCharacters.escaped(error.description, keepingLineBreaks: true))\n".utf8))
            exitAfterBackgroundWork(ExitStatus.usage)
        } catch let exit as ExitCode {
            exitAfterBackgroundWork(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                BackgroundWork.finish()
                exit(withError: error)
            }
            let message = fullMessage(for: error)
            FileHandle.standardError.write(Data((message.isEmpty ? "firebreak: error" : message).utf8 + [0x0A]))
            exitAfterBackgroundWork(ExitStatus.usage)
        }
    }

    /// `exit` runs no `defer`: cache records still being written are finished first.
    private static func exitAfterBackgroundWork(_ status: Int32) -> Never {
        BackgroundWork.finish()
        Foundation.exit(status)
    }
}
