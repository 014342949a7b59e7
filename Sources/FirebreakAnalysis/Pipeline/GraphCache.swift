import FirebreakModel
import FirebreakScan

/// The dependency graph of the last run, kept beside the facts cache and used again when nothing
/// it is built from has changed: building it resolves every written name (about a second on 1.5
/// million lines), reading it back takes a tenth of that.
///
/// The key is everything `BuildDependencyGraph` reads: each file's path and bytes, the files left
/// out of the graph, the modules and the files each compiles, every declaration's role and its
/// reason, and the configured singletons and view protocols. The firebreak build is the cache's
/// salt, so a new build never reads an older one's graph. Facts read from facts files have no
/// content hash here, and a run that uses them builds the graph.
enum GraphCache {
    static let recordName = "graph"
    /// Changes whenever the record's layout changes.
    static let version = 1

    struct Damaged: Error {}

    static func key(of project: ScannedProject, configuration: Configuration) -> ContentHash? {
        let files = project.model.files
        guard project.contentHashes.count == files.count else { return nil }
        var writer = CompactWriter()
        writer.write(version)
        for (file, hash) in zip(files, project.contentHashes) {
            guard let hash else { return nil }
            writer.write(file.path)
            writer.write(hash.high)
            writer.write(hash.low)
        }
        writer.write(project.graphExcludedFiles.sorted())
        let map = project.moduleMap
        writer.write(map.modules.count)
        for module in map.modules {
            writer.write(module.name)
            writer.write(module.importName)
            writer.write(module.source.rawValue)
            writer.write(module.origin)
            writer.write(module.kind?.rawValue)
            writer.write(module.declaredDependencies)
            writer.write(module.frameworks)
        }
        writer.write(map.moduleOfFile)
        for (file, modules) in map.additionalModules.sorted(by: { $0.key < $1.key }) {
            writer.write(file)
            writer.write(modules)
        }
        writer.write(map.uncompiledFiles.sorted())
        for (roles, fileScope) in zip(project.model.declarationRoles, project.model.fileScopeRoles) {
            writer.write(roles.count)
            for role in roles + [fileScope] {
                writer.write(role.role.rawValue)
                writer.write(role.reason)
            }
        }
        writer.write(configuration.singletons.extra)
        writer.write(configuration.singletons.allowed)
        writer.write(configuration.viewProtocols + project.model.inferredViewProtocols.map(\.name))
        return ContentHash(writer.bytes)
    }

    static func encode(_ graph: DependencyGraph) -> [UInt8] {
        var writer = CompactWriter()
        writer.write(graph.files.count)
        writer.write(graph.nodes.count)
        for node in graph.nodes {
            writer.write(node.name)
            writer.write(node.kind.rawValue)
            writer.write(node.declarationKind?.rawValue)
            writer.write(node.file)
            writer.write(node.line)
            writer.write(node.codeLines)
            writer.write(node.module)
            writer.write(node.framework)
            writer.write(node.symbol)
            writer.write(node.role.rawValue)
            writer.write(node.roleReason)
        }
        write(graph.symbols, to: &writer)
        writer.write(graph.edges.count)
        for edge in graph.edges {
            writer.write(Int(edge.from))
            writer.write(Int(edge.to))
            writer.write(edge.kind.rawValue)
            writer.write(Int(edge.file))
            writer.write(Int(edge.line))
        }
        writer.write(graph.views)
        writer.write(graph.previews.count)
        for (view, previews) in graph.previews.sorted(by: { $0.key < $1.key }) {
            writer.write(view)
            writer.write(previews)
        }
        writer.write(graph.usedMembers.count)
        for (node, members) in graph.usedMembers.sorted(by: { $0.key < $1.key }) {
            writer.write(node)
            writer.write(members)
        }
        write(graph.resolution, to: &writer)
        return writer.bytes
    }

    private static func write(_ resolution: ResolutionStatistics, to writer: inout CompactWriter) {
        for count in [resolution.resolved, resolution.external, resolution.unresolved, resolution.ambiguous] { writer.write(count) }
        for names in [resolution.topUnresolved, resolution.topAmbiguous] {
            writer.write(names.count)
            for name in names {
                writer.write(name.name)
                writer.write(name.count)
            }
        }
    }

    private static func readResolution(_ reader: inout CompactReader) throws -> ResolutionStatistics {
        var resolution = ResolutionStatistics()
        resolution.resolved = try reader.int()
        resolution.external = try reader.int()
        resolution.unresolved = try reader.int()
        resolution.ambiguous = try reader.int()
        for keyPath in [\ResolutionStatistics.topUnresolved, \ResolutionStatistics.topAmbiguous] {
            for _ in 0..<(try reader.count()) {
                resolution[keyPath: keyPath].append(.init(name: try reader.string(), count: try reader.int()))
            }
        }
        return resolution
    }

    /// The graph again, over this run's files and modules; every index is checked, so a record
    /// that does not fit them is an error, never a crash.
    static func decode(_ bytes: [UInt8], project: ScannedProject) throws -> DependencyGraph {
        let copies = CompiledFiles.copies(moduleMap: project.moduleMap, excludedFiles: project.graphExcludedFiles)
        let files = project.model.files + copies.map { project.model.files[$0.file] }
        let modules = project.moduleMap.modules
        var reader = CompactReader(bytes: bytes)
        guard try reader.int() == files.count else { throw Damaged() }
        let nodeCount = try reader.count()
        var nodes: [DependencyGraph.Node] = []
        nodes.reserveCapacity(nodeCount)
        for _ in 0..<nodeCount {
            nodes.append(DependencyGraph.Node(
                name: try reader.string(), kind: try raw(DependencyGraph.NodeKind.self, &reader),
                declarationKind: try optionalRaw(DeclarationKind.self, &reader), file: try index(reader.optionalInt(), below: files.count),
                line: try reader.int(), codeLines: try reader.int(), module: try index(reader.optionalInt(), below: modules.count),
                framework: try reader.optionalString(), symbol: try reader.int(), role: try raw(Role.self, &reader),
                roleReason: try reader.string()))
        }
        let symbols = try readSymbols(&reader, nodeCount: nodeCount)
        let symbolCount = symbols.count
        guard nodes.allSatisfy({ $0.symbol >= 0 && $0.symbol < symbolCount }) else { throw Damaged() }
        let edgeCount = try reader.count()
        var edges: [DependencyGraph.Edge] = []
        edges.reserveCapacity(edgeCount)
        for _ in 0..<edgeCount {
            let from = try index(reader.int(), below: nodeCount), to = try index(reader.int(), below: nodeCount)
            let kind = try raw(EdgeKind.self, &reader)
            let file = try reader.int(), line = try reader.int()
            guard file >= -1, file < files.count else { throw Damaged() }
            edges.append(DependencyGraph.Edge(from: Int32(from), to: Int32(to), kind: kind, file: Int32(file), line: Int32(truncatingIfNeeded: line)))
        }
        let views = try indices(&reader, below: symbolCount)
        var previews: [Int: [Int]] = [:]
        for _ in 0..<(try reader.count()) {
            previews[try index(reader.int(), below: symbolCount)] = try indices(&reader, below: nodeCount)
        }
        var usedMembers: [Int: [String]] = [:]
        for _ in 0..<(try reader.count()) {
            usedMembers[try index(reader.int(), below: nodeCount)] = try reader.strings()
        }
        let resolution = try readResolution(&reader)
        guard reader.isAtEnd else { throw Damaged() }
        return DependencyGraph(files: files, modules: modules, nodes: nodes, symbols: symbols, edges: edges, views: views,
                               previews: previews, usedMembers: usedMembers, resolution: resolution)
    }

    private static func readSymbols(_ reader: inout CompactReader, nodeCount: Int) throws -> [DependencyGraph.Symbol] {
        let symbolCount = try reader.count()
        var symbols: [DependencyGraph.Symbol] = []
        symbols.reserveCapacity(symbolCount)
        for _ in 0..<symbolCount {
            let name = try reader.string()
            let declarationKind = try optionalRaw(DeclarationKind.self, &reader)
            let primary = try index(reader.int(), below: nodeCount)
            let symbolNodes = try indices(&reader, below: nodeCount)
            let isView = try reader.bool()
            let memberNames = Set(try reader.strings())
            var signatureTargets: [String: [Int]] = [:]
            for _ in 0..<(try reader.count()) {
                signatureTargets[try reader.string()] = try indices(&reader, below: nodeCount)
            }
            symbols.append(DependencyGraph.Symbol(name: name, declarationKind: declarationKind, primary: primary, nodes: symbolNodes,
                                                  isView: isView, memberNames: memberNames, signatureTargets: signatureTargets))
        }
        return symbols
    }

    private static func write(_ symbols: [DependencyGraph.Symbol], to writer: inout CompactWriter) {
        writer.write(symbols.count)
        for symbol in symbols {
            writer.write(symbol.name)
            writer.write(symbol.declarationKind?.rawValue)
            writer.write(symbol.primary)
            writer.write(symbol.nodes)
            writer.write(symbol.isView)
            writer.write(symbol.memberNames.sorted())
            writer.write(symbol.signatureTargets.count)
            for (member, targets) in symbol.signatureTargets.sorted(by: { $0.key < $1.key }) {
                writer.write(member)
                writer.write(targets)
            }
        }
    }

    private static func raw<Value: RawRepresentable>(_ type: Value.Type, _ reader: inout CompactReader) throws -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: try reader.string()) else { throw Damaged() }
        return value
    }

    private static func optionalRaw<Value: RawRepresentable>(_ type: Value.Type, _ reader: inout CompactReader) throws -> Value?
    where Value.RawValue == String {
        guard let text = try reader.optionalString() else { return nil }
        guard let value = Value(rawValue: text) else { throw Damaged() }
        return value
    }

    private static func index(_ value: Int, below count: Int) throws -> Int {
        guard value >= 0, value < count else { throw Damaged() }
        return value
    }

    private static func index(_ value: Int?, below count: Int) throws -> Int? {
        try value.map { try index($0, below: count) }
    }

    private static func indices(_ reader: inout CompactReader, below count: Int) throws -> [Int] {
        let length = try reader.count()
        var values: [Int] = []
        values.reserveCapacity(length)
        for _ in 0..<length { values.append(try index(reader.int(), below: count)) }
        return values
    }
}
