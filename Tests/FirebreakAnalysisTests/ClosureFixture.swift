import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation
import XCTest

/// Writes a small source tree to a temporary directory and analyses it, as `firebreak analyze` would.
struct ClosureFixture {
    let directory: URL
    let prepared: Pipeline.Prepared
    let report: AnalysisReport

    init(_ files: [String: String], configuration: String? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-closure-\(UUID().uuidString)")
        for (path, source) in files {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try source.write(to: url, atomically: true, encoding: .utf8)
        }
        var config = Configuration(rootDirectory: directory.path)
        if let configuration {
            config = try ConfigurationLoader.parse(configuration, file: ".firebreak.yml", rootDirectory: directory.path, ruleIDs: RuleRegistry.ids)
        }
        let request = Pipeline.Request(paths: ["."], workingDirectory: directory.path, configuration: config)
        prepared = try Pipeline.prepare(request)
        report = Analyzer.analyze(prepared, configuration: config, costModel: CostModel())
        try? FileManager.default.removeItem(at: directory)
    }

    func view(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> AnalysisReport.View {
        try XCTUnwrap(report.views.first { $0.name == name }, "no view \(name) in \(report.views.map(\.name))", file: file, line: line)
    }

    /// Names of the declarations in a view's closure (types by symbol, framework types as `Framework.Type`).
    func closureNames(_ view: String) -> [String] {
        let graph = prepared.graph
        guard let symbol = graph.views.first(where: { graph.symbols[$0].name == view }) else { return [] }
        let set = Reachability.closures(of: graph, roots: [graph.closureRoots(ofView: symbol)])[0]
        var names = Set<String>()
        set.forEach { names.insert(graph.symbols[graph.nodes[$0].symbol].name) }
        return names.sorted()
    }
}
