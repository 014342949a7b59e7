import FirebreakScan
import Foundation
import Yams

/// Reads `.firebreak.yml`, checking every key, type and glob once, with the line of each problem.
public enum ConfigurationLoader {
    /// The nearest `.firebreak.yml` in `directory` or one of its parents, up to `boundary` when given.
    public static func locate(startingAt directory: String, boundary: String? = nil) -> String? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL
        let limit = boundary.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        while true {
            let candidate = current.appendingPathComponent(Configuration.fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path || current.path == limit { return nil }
            current = parent
        }
    }

    /// - Parameter ruleIDs: the rules `severity:` may name (the analysis target owns the rules).
    public static func load(file: String, displayName: String? = nil, ruleIDs: [String]) throws -> Configuration {
        let name = displayName ?? file
        guard let data = FileManager.default.contents(atPath: file) else {
            throw ConfigurationError(file: name, line: nil, message: "cannot read configuration file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: name, line: nil, message: "configuration is not valid UTF-8")
        }
        let directory = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path
        return try parse(text, file: name, rootDirectory: directory, sourceFile: file, ruleIDs: ruleIDs)
    }

    public static func parse(_ text: String, file: String, rootDirectory: String, sourceFile: String? = nil,
                             ruleIDs: [String]) throws -> Configuration {
        var configuration = Configuration(rootDirectory: rootDirectory, sourceFile: sourceFile)
        do {
            try YAMLBounds.check(text, maximumBytes: 1 << 20)
        } catch let exceeded as YAMLBounds.Exceeded {
            throw ConfigurationError(file: file, line: exceeded.line, message: exceeded.description)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError(file: file, line: line(of: error), message: "invalid YAML: \(problem(of: error))")
        }
        guard let root else { return configuration }
        let reader = NodeReader(file: file)
        for (keyNode, value) in try reader.mapping(root, key: "top level") {
            try read(try reader.string(keyNode, key: "key"), keyNode: keyNode, value: value, reader: reader,
                     ruleIDs: ruleIDs, into: &configuration)
        }
        return configuration
    }

    /// One top-level key.
    private static func read(
        _ key: String, keyNode: Node, value: Node, reader: NodeReader, ruleIDs: [String], into configuration: inout Configuration
    ) throws {
        switch key {
        case "version":
            let version = try reader.string(value, key: key)
            guard Int(version) == Configuration.currentVersion else {
                throw reader.error(value, "unsupported version '\(version)'; this firebreak reads version \(Configuration.currentVersion)")
            }
        case "included": configuration.included = try reader.globs(value, key: key)
        case "excluded": configuration.excluded = try reader.globs(value, key: key)
        case "layers": configuration.layers = LayerOverride.withoutShadowedPatterns(try reader.sequence(value, key: key).map { try reader.layer($0) })
        case "forbidden_imports": configuration.forbiddenImports = try reader.adjustment(value, key: key)
        case "singletons":
            configuration.singletons = try reader.adjustment(value, key: key)
            for entry in configuration.singletons.extra + configuration.singletons.allowed where !entry.contains(".") {
                throw reader.error(value, "singletons entries are written Type.member, got '\(entry)'")
            }
        case "severity": try readSeverities(value, reader: reader, ruleIDs: ruleIDs, into: &configuration)
        case "modules": configuration.modules = try reader.sequence(value, key: key).map { try reader.module($0) }
        case "budgets": configuration.budgets = try reader.budgets(value)
        case "view_protocols":
            configuration.viewProtocols = try reader.strings(value, key: key)
            for name in configuration.viewProtocols where !ViewProtocols.isWellFormed(name) {
                throw reader.error(value, "view_protocols entries are written Name or Module.Name, got '\(name)'")
            }
        default:
            throw reader.error(keyNode, "unknown key '\(key)'; known keys: version, included, excluded, layers, forbidden_imports, singletons, severity, modules, budgets, view_protocols")
        }
    }

    private static func readSeverities(_ value: Node, reader: NodeReader, ruleIDs: [String], into configuration: inout Configuration) throws {
        for (ruleNode, levelNode) in try reader.mapping(value, key: "severity") {
            let rule = try reader.string(ruleNode, key: "severity")
            guard ruleIDs.contains(rule) else {
                throw reader.error(ruleNode, "unknown rule '\(rule)' in severity; known rules: \(ruleIDs.joined(separator: ", "))")
            }
            let level = try reader.string(levelNode, key: "severity.\(rule)")
            if level == "off" {
                configuration.severities[rule] = .some(nil)
            } else if let severity = Severity(rawValue: level) {
                configuration.severities[rule] = severity
            } else {
                throw reader.error(levelNode, "severity.\(rule) must be error, warning, note or off, got '\(level)'")
            }
        }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        default:
            return nil
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
            return problem
        default:
            // Yams' full description quotes the offending line under a caret: keep the first line.
            return String("\(error)".split(separator: "\n").first ?? "")
        }
    }
}

/// Typed reads from YAML nodes that fail with the node's line.
private struct NodeReader {
    let file: String

    func error(_ node: Node, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: node.mark?.line, message: message)
    }

    func mapping(_ node: Node, key: String) throws -> Node.Mapping {
        guard case .mapping(let mapping) = node else { throw error(node, "\(key) must be a mapping") }
        return mapping
    }

    func sequence(_ node: Node, key: String) throws -> Node.Sequence {
        guard case .sequence(let sequence) = node else { throw error(node, "\(key) must be a list") }
        return sequence
    }

    func string(_ node: Node, key: String) throws -> String {
        guard case .scalar(let scalar) = node else { throw error(node, "\(key) must be a single value") }
        return scalar.string
    }

    func strings(_ node: Node, key: String) throws -> [String] {
        try sequence(node, key: key).map { try string($0, key: "\(key) entry") }
    }

    /// A list of globs, each compiled once: a repeated entry (a YAML alias reused, a copy) is
    /// dropped, so matching stays linear in files × distinct patterns.
    func globs(_ node: Node, key: String) throws -> [GlobPattern] {
        var seen = Set<String>()
        var patterns: [GlobPattern] = []
        for entry in try sequence(node, key: key) {
            let text = try string(entry, key: "\(key) entry")
            guard seen.insert(text).inserted else { continue }
            do {
                patterns.append(try GlobPattern(text))
            } catch let syntax as GlobPattern.SyntaxError {
                throw error(entry, "\(key): \(syntax.description)")
            }
        }
        return patterns
    }

    func adjustment(_ node: Node, key: String) throws -> ListAdjustment {
        var adjustment = ListAdjustment()
        for (keyNode, value) in try mapping(node, key: key) {
            switch try string(keyNode, key: key) {
            case "extra": adjustment.extra = try strings(value, key: "\(key).extra")
            case "allowed": adjustment.allowed = try strings(value, key: "\(key).allowed")
            case let other: throw error(keyNode, "unknown key '\(other)' in \(key); expected extra or allowed")
            }
        }
        return adjustment
    }

    func budgets(_ node: Node) throws -> ClosureBudgets {
        var budgets = ClosureBudgets()
        for (keyNode, value) in try mapping(node, key: "budgets") {
            switch try string(keyNode, key: "budgets") {
            case "default":
                budgets.default = try budget(value, key: "budgets.default")
            case "views":
                for (nameNode, limits) in try mapping(value, key: "budgets.views") {
                    let name = try string(nameNode, key: "budgets.views")
                    guard !budgets.views.contains(where: { $0.name == name }) else {
                        throw error(nameNode, "budgets.views lists '\(name)' twice")
                    }
                    budgets.views.append((name, try budget(limits, key: "budgets.views.\(name)")))
                }
            case let other:
                throw error(keyNode, "unknown key '\(other)' in budgets; expected default or views")
            }
        }
        return budgets
    }

    func budget(_ node: Node, key: String) throws -> Budget {
        var budget = Budget()
        for (limitNode, value) in try mapping(node, key: key) {
            let limit = try string(limitNode, key: key)
            let text = try string(value, key: "\(key).\(limit)")
            guard let number = Int(text), number > 0 else {
                throw error(value, "\(key).\(limit) must be a positive whole number, got '\(text)'")
            }
            switch limit {
            case "lines": budget.lines = number
            case "files": budget.files = number
            case "modules": budget.modules = number
            default: throw error(limitNode, "unknown key '\(limit)' in \(key); expected lines, files or modules")
            }
        }
        guard budget != Budget() else { throw error(node, "\(key) sets no limit; give lines, files or modules") }
        return budget
    }

    func module(_ node: Node) throws -> ModuleOverride {
        var name: String?
        var paths: [GlobPattern] = []
        for (keyNode, value) in try mapping(node, key: "modules entry") {
            switch try string(keyNode, key: "modules") {
            case "name": name = try string(value, key: "modules.name")
            case "paths": paths = try globs(value, key: "modules.paths")
            case let other: throw error(keyNode, "unknown key '\(other)' in modules entry; expected name or paths")
            }
        }
        guard let name, !name.isEmpty else { throw error(node, "modules entry needs a name") }
        guard !paths.isEmpty else { throw error(node, "modules entry needs paths") }
        return ModuleOverride(name: name, paths: paths)
    }

    func layer(_ node: Node) throws -> LayerOverride {
        var role: Role?
        var layer = LayerOverride(role: .neutral)
        for (keyNode, value) in try mapping(node, key: "layers entry") {
            switch try string(keyNode, key: "layers") {
            case "role":
                let text = try string(value, key: "layers.role")
                guard let parsed = Role(rawValue: text) else {
                    throw error(value, "layers.role must be one of \(Role.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
                }
                role = parsed
            case "paths": layer.paths = try globs(value, key: "layers.paths")
            case "types": layer.types = try globs(value, key: "layers.types")
            case let other: throw error(keyNode, "unknown key '\(other)' in layers entry; expected role, paths or types")
            }
        }
        guard let role else { throw error(node, "layers entry needs a role") }
        guard !layer.paths.isEmpty || !layer.types.isEmpty else { throw error(node, "layers entry needs paths or types") }
        layer.role = role
        return layer
    }
}
