import ArgumentParser
import FirebreakModel
import FirebreakProject
import FirebreakScan
import Foundation

struct Facts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts",
        abstract: "Scan a set of files (a module, a shard, a Bazel target) into one facts file for --facts.",
        discussion: """
            Writes the facts of every Swift file under the paths, with paths relative to --root, so that \
            `lint`, `analyze`, `why`, `explain`, `graph`, `modules` and `diff --base` run from that root (or given it with \
            --facts-root) with `--facts FILE …` give the same result as a run over the sources, without scanning them. The file does not depend \
            on the configuration (`included`, `excluded`, `modules:` apply when it is read), and the same \
            input gives the same bytes. Package manifests among the files travel with their text; Xcode \
            projects and XcodeGen specs are read from disk by the run that merges. Exit status: 0 when \
            written, 2 for usage or input errors.
            """)

    @Argument(help: "Files or directories to scan.")
    var paths: [String] = ["."]

    @Option(help: "The folder paths in the facts file are relative to, where `--facts` runs (default: the current directory).")
    var root: String?

    @Option(help: "The module of every file that no `modules:` entry, Package.swift or Xcode project places (for example the Bazel target's name).")
    var module: String?

    @Option(name: .shortAndLong, help: "Write the facts file here (atomically).")
    var output: String

    @OptionGroup var scanOptions: ScanOptions

    func validate() throws {
        if scanOptions.target != nil { throw ValidationError("--target: facts scans every file under its paths; modules are decided when they are read") }
        if let module, module.isEmpty { throw ValidationError("--module must not be empty") }
    }

    func run() throws {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let root = PathDisplay.absolute(self.root ?? ".", workingDirectory: workingDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(description: "--root \(self.root ?? "."): no such directory")
        }
        let realRoot = PathDisplay.realPath(root) ?? root
        let given = paths.map { PathDisplay.absolute($0, workingDirectory: workingDirectory) }
        var discovery = try InputError.translatingPipelineErrors {
            try SourceFileDiscovery.discover(paths: given, workingDirectory: realRoot)
        }
        discovery.files = Self.displayedAsGiven(discovery.files, given: given, roots: [realRoot, root])
        if let outside = discovery.files.first(where: { $0.displayPath.hasPrefix("/") }) {
            throw InputError(description: "\(outside.displayPath) is outside the root \(realRoot); pass --root a folder that holds every path")
        }
        guard !discovery.files.isEmpty else { throw InputError(description: "no Swift file under \(paths.joined(separator: ", "))") }
        let progress = ProgressLine.start()
        defer { progress?.finish() }
        let scan = FileScanner.scan(discovery.files, options: scanOptions.scannerOptions(workingDirectory: workingDirectory, progress: progress))
        progress?.finish()
        var manifests: [String: String] = [:]
        for file in discovery.files where PackageManifestFormat.isManifest(file.absolutePath) {
            manifests[file.displayPath] = try? String(contentsOfFile: file.absolutePath, encoding: .utf8)
        }
        // Syntax errors are said again by the run that reads the facts; what was skipped is not.
        let scanned = Set(scan.facts.map(\.path))
        let diagnostics = discovery.diagnostics + scan.diagnostics.filter { !scanned.contains($0.path) }
        let factsFile = FactsFile(producer: FactsInputOptions.producer, module: module, files: scan.facts,
                                  manifests: manifests, diagnostics: diagnostics)
        let bytes = factsFile.encoded()
        try OutputFile.write(Data(bytes), to: output)
        let skipped = diagnostics.isEmpty ? "" : ", \(diagnostics.count) skipped or unreadable (reported where the facts are read)"
        FileHandle.standardError.write(Data("firebreak facts: \(scan.facts.count) files → \(output) (\(Grouping.grouped(bytes.count)) bytes\(skipped))\n".utf8))
    }

    /// Discovery names files by their real paths; a path given through a symbolic link (Bazel's
    /// sandbox links every input into its execution root) keeps the name it was given, relative to
    /// the root, so the facts say `Sources/A.swift`, not where the link points.
    static func displayedAsGiven(_ files: [DiscoveredFile], given: [String], roots: [String]) -> [DiscoveredFile] {
        let aliases = given.compactMap { path in PathDisplay.realPath(path).flatMap { $0 == path ? nil : (real: $0, given: path) } }
        guard !aliases.isEmpty else { return files }
        return files.map { file in
            guard let alias = aliases.first(where: { file.absolutePath == $0.real || file.absolutePath.hasPrefix($0.real + "/") }) else {
                return file
            }
            let unresolved = alias.given + file.absolutePath.dropFirst(alias.real.count)
            guard let relative = roots.lazy.map({ PathDisplay.relative(unresolved, to: $0) }).first(where: { !$0.hasPrefix("/") }) else {
                return file
            }
            var renamed = file
            renamed.displayPath = PathBytes.escaped(relative)
            return renamed
        }
    }
}
