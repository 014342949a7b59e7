import ArgumentParser
import FirebreakModel
import FirebreakReport
import Foundation

struct Modules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modules",
        abstract: "Print the module map: every target found, the files it compiles and where it was read from.",
        discussion: """
            Targets come from Package.swift manifests, Xcode projects (*.xcodeproj, and the projects \
            *.xcworkspace names) and XcodeGen specs (project.yml); a `modules:` entry in the \
            configuration overrides them. Exit status: 0, or 2 for usage, configuration or input errors.
            """)

    @OptionGroup var input: InputOptions

    @Option(help: "Output format: \(Reporters.modules.names.joined(separator: ", ")).")
    var format: String = "text"

    @Flag(help: "List every module's files.")
    var files = false


    @OptionGroup var scanOptions: ScanOptions

    @OptionGroup var facts: FactsInputOptions

    func run() throws {
        guard let reporter = Reporters.modules.reporter(named: format) else {
            throw InputError(description: "unknown format '\(format)'; expected one of \(Reporters.modules.names.joined(separator: ", "))")
        }
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let (prepared, _) = try AnalysisLoading.prepare(paths: input.paths, config: input.config, scanOptions: scanOptions, facts: facts, progress: progress)
        progress?.finish()
        var listing = ModuleListing(moduleMap: prepared.moduleMap, structure: prepared.structure, files: prepared.model.files, withPaths: files)
        if let target = scanOptions.target {
            listing.modules = listing.modules.filter { $0.name == target || $0.importName == target }
        }
        try OutputFile.standardOutput(Data(reporter.render(listing, options: ()).utf8))
    }
}
