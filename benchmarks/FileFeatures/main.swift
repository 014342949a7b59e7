import FirebreakGraph
import FirebreakScan
import Foundation

/// Prints, for every Swift file under the given paths, the features the cost models price, one
/// JSON object per line: `{"path": …, "lines": code lines, "tokens": …, "complexity": …,
/// "closures": …, "frameworkImports": […]}`, with absolute paths. benchmarks/costfit and benchmarks/rebuild price measured builds with it, so a
/// fit sees exactly what `analyze` sees.
let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: firebreak-file-features PATH...\n".utf8))
    exit(2)
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
            "closures": facts.closureCount,
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
