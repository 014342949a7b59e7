import ArgumentParser
import FirebreakModel
import Foundation

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Write a commented starter .firebreak.yml.")

    @Option(help: "Where to write it.")
    var output: String = Configuration.fileName

    @Flag(help: "Replace an existing file.")
    var force = false

    func run() throws {
        if FileManager.default.fileExists(atPath: output), !force {
            throw InputError(description: "\(output) already exists; pass --force to replace it")
        }
        try OutputFile.write(Data(StarterConfiguration.text.utf8), to: output)
        try OutputFile.standardOutput(Data("wrote \(output)\n".utf8))
    }
}
