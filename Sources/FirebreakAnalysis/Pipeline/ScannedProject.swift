import FirebreakModel
import FirebreakProject
import FirebreakScan
import Foundation

/// discover → scan → project structure → modules → roles: where `lint` and `analyze` both start.
public struct ScannedProject: Sendable {
    public var model: RoleModel
    public var structure: ProjectStructure
    public var moduleMap: ModuleMap
    /// Files that take no part in the dependency graph: manifests, and files no target compiles.
    public var graphExcludedFiles: Set<Int>
    public var diagnostics: [InputDiagnostic]
    /// By file: the hash of its bytes when the facts cache is on (nil for facts files); the graph
    /// cache's key is made from them.
    public var contentHashes: [ContentHash?] = []
    /// With `--target`: the selected module and the display paths of the files it compiles.
    public var selection: (module: Int, files: Set<String>)?

    /// Nothing to analyse: a CI step that checks no file must fail, not pass.
    public struct NoSwiftFiles: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// `--target NAME` names no module: the message lists the nearest names.
    public struct UnknownTarget: Error, Sendable, CustomStringConvertible {
        public let name: String
        public let suggestions: [String]
        public var description: String {
            "no target named '\(name)'" + NameSuggestions.phrase(suggestions)
                + " (`firebreak modules` lists them)"
        }
    }

    /// The project structure and module map with files numbered as the scan's facts are.
    static func numberedByScannedFile(
        _ structure: ProjectStructure, _ moduleMap: ModuleMap, scanned: [Int], discovered: Int
    ) -> (ProjectStructure, ModuleMap) {
        guard scanned.count != discovered else { return (structure, moduleMap) }
        var renumbered = structure
        renumbered.manifestFiles = Set(scanned.indices.filter { structure.manifestFiles.contains(scanned[$0]) })
        return (renumbered, moduleMap.restricted(to: scanned))
    }

    static func noSwiftFiles(paths: [String], workingDirectory: String, configuration: Configuration) -> NoSwiftFiles {
        let listed = paths.joined(separator: ", ")
        if !configuration.included.isEmpty || !configuration.excluded.isEmpty,
           let unfiltered = try? SourceFileDiscovery.discover(paths: paths, workingDirectory: workingDirectory),
           !unfiltered.files.isEmpty {
            let file = configuration.sourceFile.map { PathDisplay.relative($0, to: workingDirectory) } ?? Configuration.fileName
            return NoSwiftFiles(description: "\(file): `included`/`excluded` leave none of the \(unfiltered.files.count) Swift files under \(listed); "
                                + "patterns are relative to \(PathDisplay.relative(configuration.rootDirectory, to: workingDirectory))")
        }
        return NoSwiftFiles(description: "no Swift file under \(listed)")
    }

    /// The Swift files asked for, with the facts files' (`--facts`) among them.
    struct Discovered {
        var result: SourceFileDiscovery.Result
        var supplied: SuppliedFacts
    }

    static func discover(_ request: Pipeline.Request, timings timer: inout PhaseTimings) throws -> Discovered {
        let (paths, workingDirectory, configuration) = (request.paths, request.workingDirectory, request.configuration)
        let supplied = SuppliedFacts(request.factsFiles, root: request.factsRoot, workingDirectory: workingDirectory,
                                     include: configuration.includes(absolutePath:))
        let discovery = supplied.merged(into: try SourceFileDiscovery.discover(
            paths: paths, workingDirectory: workingDirectory, include: configuration.includes(absolutePath:)))
        timer.lap("discover")
        if discovery.files.isEmpty, !request.allowsNoFiles { throw noSwiftFiles(paths: paths, workingDirectory: workingDirectory, configuration: configuration) }
        return Discovered(result: discovery, supplied: supplied)
    }

    static func scan(_ request: Pipeline.Request, timings timer: inout PhaseTimings) throws -> ScannedProject {
        try scan(request, discovered: try discover(request, timings: &timer), timings: &timer)
    }

    /// - Parameter fingerprints: by discovered file, when already taken (`FileScanner.fingerprints`).
    static func scan(_ request: Pipeline.Request, discovered: Discovered, fingerprints: [FileFingerprint?] = [],
                     timings timer: inout PhaseTimings) throws -> ScannedProject {
        let (paths, workingDirectory, configuration) = (request.paths, request.workingDirectory, request.configuration)
        let (discovery, supplied) = (discovered.result, discovered.supplied)
        var scanning = request.scanning
        scanning.supplied = supplied.facts
        scanning.fingerprints = fingerprints
        // Project files and modules need no facts: they are read while the files are scanned
        // (before, with `--jobs`), and their lap is counted within the scan's.
        let (scan, (discoveredStructure, discoveredModuleMap, modulesTiming)) = FileScanner.scan(discovery.files, options: scanning) {
            var timing = PhaseTimings()
            let structure = ProjectStructure.load(discovery, workingDirectory: workingDirectory, manifests: supplied.manifests)
            let moduleMap = ModuleMap.build(
                files: discovery.files.map(\.absolutePath), descriptions: structure.descriptions, roots: paths,
                configuration: configuration, workingDirectory: workingDirectory, excluded: structure.manifestFiles,
                named: supplied.modules)
            timing.lap("modules (\(moduleMap.modules.count)), part of the scan")
            return (structure, moduleMap, timing)
        }
        timer.append(modulesTiming)
        timer.lap("scan (\(scan.parsed) parsed, \(scan.cached) from cache" + (scan.supplied > 0 ? ", \(scan.supplied) from facts files)" : ")"))
        var selection: (module: Int, files: Set<String>)?
        if let target = request.target {
            let names = discoveredModuleMap.modules.map(\.name)
            guard let module = names.firstIndex(of: target) ?? discoveredModuleMap.modules.firstIndex(where: { $0.importName == target }) else {
                throw UnknownTarget(name: target, suggestions: NameSuggestions.nearest(to: target, among: names))
            }
            let files = discovery.files.indices.filter { discoveredModuleMap.modules(of: $0).contains(module) }.map { discovery.files[$0].displayPath }
            selection = (module, Set(files))
        }
        // The map and the manifests were found for every discovered file; the model holds the
        // files that were scanned. Numbered by discovered file, a file skipped early (binary, not
        // UTF-8) would give every later file the module of the one before it.
        let (structure, moduleMap) = Self.numberedByScannedFile(discoveredStructure, discoveredModuleMap, scanned: scan.scannedFiles,
                                                                discovered: discovery.files.count)
        var testTargets: [Int: String] = [:]
        var extensionFiles: Set<Int> = []
        for file in scan.facts.indices {
            let modules = moduleMap.modules(of: file)
            if !modules.isEmpty, modules.allSatisfy({ moduleMap.modules[$0].kind?.isTestCode == true }) {
                testTargets[file] = moduleMap.modules[modules[0]].name
            }
            if !modules.isEmpty, modules.allSatisfy({ moduleMap.modules[$0].kind == .extension }) { extensionFiles.insert(file) }
        }
        let model = InferRoles(configuration: configuration, workingDirectory: workingDirectory, testTargetOfFile: testTargets,
                               moduleOfFile: moduleMap.moduleOfFile, moduleNames: moduleMap.modules.map(\.importName),
                               extensionTargetFiles: extensionFiles)(scan.facts)
        timer.lap("roles")
        let inferred = model.inferredViewProtocols.map { InputDiagnostic(path: model.files[$0.file].path, message: $0.message) }
        return ScannedProject(
            model: model, structure: structure, moduleMap: moduleMap,
            graphExcludedFiles: structure.manifestFiles.union(moduleMap.uncompiledFiles),
            diagnostics: discovery.diagnostics + scan.diagnostics + structure.diagnostics + inferred, contentHashes: scan.contentHashes,
            selection: selection)
    }
}
