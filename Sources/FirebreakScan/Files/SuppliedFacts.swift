/// Facts files (`--facts`) merged into a run: their files join the discovered ones as if found
/// on disk under the root they were written for (`--facts-root`, by default the working
/// directory), shown relative to the working directory, and are not scanned again.
public struct SuppliedFacts: Sendable {
    /// Facts by absolute path.
    public private(set) var facts: [String: FileFacts] = [:]
    /// Package manifests' text by absolute path, for the project structure.
    public private(set) var manifests: [String: String] = [:]
    /// `--module` of the facts file each file came from, by absolute path.
    public private(set) var modules: [String: String] = [:]
    private var files: [DiscoveredFile] = []
    private var diagnostics: [InputDiagnostic] = []

    public var isEmpty: Bool { files.isEmpty && diagnostics.isEmpty }

    public init() {}

    /// A file listed by two facts files keeps the first one's facts.
    public init(_ factsFiles: [FactsFile], root: String? = nil, workingDirectory: String, include: (String) -> Bool = { _ in true }) {
        let root = PathDisplay.absolute(root ?? ".", workingDirectory: workingDirectory)
        for factsFile in factsFiles {
            for entry in factsFile.files {
                let absolute = PathDisplay.absolute(entry.path, workingDirectory: root)
                guard facts[absolute] == nil, include(absolute) else { continue }
                let display = PathBytes.escaped(PathDisplay.relative(absolute, to: workingDirectory))
                var resolved = entry
                resolved.path = display
                facts[absolute] = resolved
                files.append(DiscoveredFile(absolutePath: absolute, displayPath: display))
                if let module = factsFile.module { modules[absolute] = module }
            }
            for (path, text) in factsFile.manifests {
                manifests[PathDisplay.absolute(path, workingDirectory: root)] = text
            }
            diagnostics += factsFile.diagnostics.map { diagnostic in
                var moved = diagnostic
                moved.path = PathBytes.escaped(PathDisplay.relative(
                    PathDisplay.absolute(diagnostic.path, workingDirectory: root), to: workingDirectory))
                return moved
            }
        }
    }

    /// `discovery` with the supplied files added (a file found on disk too is taken once) and the
    /// facts files' diagnostics, in the order discovery gives them.
    public func merged(into discovery: SourceFileDiscovery.Result) -> SourceFileDiscovery.Result {
        guard !isEmpty else { return discovery }
        var result = discovery
        let found = Set(discovery.files.map(\.absolutePath))
        result.files += files.filter { !found.contains($0.absolutePath) }
        result.files.sort { $0.displayPath.utf8Precedes($1.displayPath) }
        result.diagnostics = Array(Set(result.diagnostics + diagnostics)).sorted()
        return result
    }
}
