import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import XCTest

/// Runs rule examples: strips `↓` markers, scans the files in memory and lints them.
enum RuleExampleHarness {
    static let root = "/virtual"

    struct Marked {
        var source: String
        var markers: [SourcePosition]
    }

    /// Removes `↓` and records where each stood (1-based line, UTF-8 column).
    static func strip(_ source: String) -> Marked {
        var markers: [SourcePosition] = []
        var lines: [String] = []
        for (lineIndex, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var clean = ""
            for character in line {
                if character == RuleExample.marker {
                    markers.append(SourcePosition(line: lineIndex + 1, column: clean.utf8.count + 1))
                } else {
                    clean.append(character)
                }
            }
            lines.append(clean)
        }
        return Marked(source: lines.joined(separator: "\n"), markers: markers)
    }

    /// Lints the files as the pipeline would, building the dependency graph when an active rule reads it.
    static func lint(files: [ExampleFile], configuration: Configuration? = nil) -> [Finding] {
        let facts = files.map { SourceScanner.scan(source: strip($0.source).source, path: $0.path) }
        let configuration = configuration ?? Configuration(rootDirectory: root)
        let model = InferRoles(configuration: configuration, workingDirectory: root)(facts)
        var graph: DependencyGraph?
        if Linter.needsGraph(configuration) {
            let moduleMap = ModuleMap.build(
                files: files.map { root + "/" + $0.path }, descriptions: [], roots: [root], configuration: configuration,
                workingDirectory: root)
            graph = BuildDependencyGraph(moduleMap: moduleMap, viewProtocols: ViewProtocols(configuration.viewProtocols))(model)
        }
        return Linter.evaluate(model: model, configuration: configuration, graph: graph, workingDirectory: root).report.findings
    }

    /// The example's configuration file, parsed; the default configuration when it has none.
    static func configuration(of example: RuleExample) -> Configuration {
        guard let file = example.configuration else { return Configuration(rootDirectory: root) }
        do {
            return try ConfigurationLoader.parse(file.source, file: file.path, rootDirectory: root, ruleIDs: RuleRegistry.ids)
        } catch {
            XCTFail("\(file.path) of '\(example.title)': \(error)")
            return Configuration(rootDirectory: root)
        }
    }

    static func findings(of rule: String, in example: RuleExample, replacing source: String? = nil) -> [Finding] {
        var file = example.file
        if let source { file.source = source }
        return lint(files: [file] + example.support, configuration: configuration(of: example))
            .filter { $0.rule == rule && $0.path == file.path }
    }
}
