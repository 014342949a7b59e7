import ArgumentParser
import FirebreakReport
import Foundation

/// `--output`, shared by every command that writes a report: the one place that decides between
/// a file (replaced atomically) and standard output.
struct OutputOptions: ParsableArguments {
    @Option(help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    func emit(_ data: Data) throws {
        try OutputFile.emit(data, to: output)
    }

    func stream(_ produce: (any ByteSink) throws -> Void) throws {
        try OutputFile.stream(to: output, produce)
    }
}
