import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation

/// Prints, for every Swift file under the given paths, the features the cost models price, one
/// JSON object per line: `{"path": …, "lines": code lines, "tokens": …, "complexity": …,
/// "closures": …, "frameworkImports": […], "expression": {…}}`, with absolute paths (`expression`:
/// the experimental terms benchmarks/independent/compare_forms.py tries, from ExpressionWork;
/// `declarations`: what the file declares that gets code generated, from DeclarationWork). With `--rebuilt-by TYPE DIR`,
/// the files an interface edit of TYPE recompiles by the rebuild model. benchmarks/costfit and benchmarks/rebuild price measured builds with it, so a
/// fit sees exactly what `analyze` sees.
let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: firebreak-file-features PATH... | --rebuilt-by TYPE DIRECTORY\n".utf8))
    exit(2)
}

// `--rebuilt-by TYPE DIRECTORY`: the files an interface edit of TYPE recompiles, as `analyze`'s
// rebuild model counts them, for checking the model on code that has no views.
if paths.count == 3, paths[0] == "--rebuilt-by" {
    let directory = paths[2].hasPrefix("/") ? paths[2] : FileManager.default.currentDirectoryPath + "/" + paths[2]
    do {
        let configuration = Configuration(rootDirectory: directory)
        let graph = try Pipeline.prepare(Pipeline.Request(paths: ["."], workingDirectory: directory, configuration: configuration)).graph
        guard let symbol = graph.symbols(named: paths[1]).first else {
            FileHandle.standardError.write(Data("firebreak-file-features: no type named \(paths[1])\n".utf8))
            exit(2)
        }
        let files = InterfaceEditInvalidation(graph).rebuiltFiles(afterEditing: symbol, in: graph)
        FileHandle.standardOutput.write(Data(files.map { graph.files[$0].path + "\n" }.sorted().joined().utf8))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("firebreak-file-features: \(error)\n".utf8))
        exit(2)
    }
}
// `--functions FILE...`: each function body's outermost expressions, one JSON object per file.
if paths.first == "--functions" {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for path in paths.dropFirst() {
        guard let source = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
        struct Entry: Encodable { let path: String; let bodies: [FunctionWork.Body] }
        let data = try encoder.encode(Entry(path: path, bodies: FunctionWork(source: source).bodies))
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
    exit(0)
}
do {
    let cwd = FileManager.default.currentDirectoryPath
    let absolute = paths.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }
    let discovery = try SourceFileDiscovery.discover(paths: absolute, workingDirectory: "/")
    let scan = FileScanner.scan(discovery.files)
    var out = ""
    for facts in scan.facts {
        let object: [String: Any] = [
            "path": facts.path.hasPrefix("/") ? facts.path : "/" + facts.path, "lines": facts.codeLineCount,
            "tokens": facts.tokenCount, "complexity": facts.complexity,
            "closures": facts.closureCount, "expressionTokens": facts.expressionTokenCount,
            "typeCheckSeconds": Double(facts.typeCheckMicroseconds) / 1_000_000, "bodyTokens": facts.bodyTokenCount,
            "expression": { () -> [String: Int] in
                let work = ExpressionWork(source: (try? String(contentsOfFile: facts.path.hasPrefix("/") ? facts.path : "/" + facts.path, encoding: .utf8)) ?? "")
                return ["roots": work.roots, "rootTokens": work.rootTokens, "squared": work.squaredTokens, "functions": work.functions, "maxRoot": work.maxRoot]
            }(),
            "declarations": { () -> [String: Int] in
                let work = DeclarationWork(source: (try? String(contentsOfFile: facts.path.hasPrefix("/") ? facts.path : "/" + facts.path, encoding: .utf8)) ?? "")
                return ["types": work.types, "protocols": work.protocols, "extensions": work.extensions, "bodies": work.bodies,
                        "storedProperties": work.storedProperties, "enumCases": work.enumCases, "inherited": work.inherited, "generics": work.generics]
            }(),
            // Imports that load a framework into every compile job, unless the build compiles a
            // module of that name itself (the reader knows which modules it built).
            "frameworkImports": Array(Set(facts.imports.compactMap { $0.path.first }.filter(ExternalFrameworks.loadsAtCompileTime))).sorted(),
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        out += String(decoding: data, as: UTF8.self) + "\n"
    }
    FileHandle.standardOutput.write(Data(out.utf8))
} catch {
    FileHandle.standardError.write(Data("firebreak-file-features: \(error)\n".utf8))
    exit(2)
}
