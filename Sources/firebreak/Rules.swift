import ArgumentParser
import FirebreakReport
import Foundation

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rules", abstract: "List the rules, or print docs/rules.md with every example.")

    @Option(help: "text or markdown.")
    var format: String = "text"

    func run() throws {
        switch format {
        case "text": try OutputFile.standardOutput(Data(RuleDocumentation.text().utf8))
        case "markdown": try OutputFile.standardOutput(Data(RuleDocumentation.markdown().utf8))
        default: throw InputError(description: "unknown format '\(format)'; expected text or markdown")
        }
    }
}
