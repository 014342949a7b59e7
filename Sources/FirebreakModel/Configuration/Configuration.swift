import FirebreakScan

/// The whole of `.firebreak.yml` as one immutable value; every key sits beside its default.
public struct Configuration: Sendable {
    public static let fileName = ".firebreak.yml"
    public static let currentVersion = 1

    /// Directory that path globs are relative to: the configuration file's, or the working directory.
    public var rootDirectory: String
    /// The file this came from, nil for the built-in defaults.
    public var sourceFile: String?

    /// Only files matching one of these take part (all files when empty).
    public var included: [GlobPattern] = []
    /// Files matching any of these are skipped.
    public var excluded: [GlobPattern] = []
    /// Explicit roles for paths or type names; checked before any inference.
    public var layers: [LayerOverride] = []
    /// Modules added to, or removed from, the built-in infrastructure framework list.
    public var forbiddenImports = ListAdjustment()
    /// `Type.member` singletons added to, or removed from, the built-in list.
    public var singletons = ListAdjustment()
    /// Per-rule severity; nil means off.
    public var severities: [String: Severity?] = [:]
    /// Folders that form a module when there is no `Package.swift` to say so.
    public var modules: [ModuleOverride] = []
    /// Limits on views' dependency closures, checked by `closure-budget`.
    public var budgets = ClosureBudgets()
    /// Protocols (or base classes) that make a type a view besides SwiftUI's `View`: `Name` or
    /// `Module.Name` (`SwiftUIStub.View`, `UIViewController`). Types that conform through a
    /// refining protocol, a subclass or a typealias count too.
    public var viewProtocols: [String] = []

    public init(rootDirectory: String, sourceFile: String? = nil) {
        self.rootDirectory = rootDirectory
        self.sourceFile = sourceFile
    }

    /// Whether any layer names types (most name only paths): role inference skips the lookup otherwise.
    public var hasTypeLayers: Bool { layers.contains { !$0.types.isEmpty } }

    /// The severity of a rule after configuration, nil when it is off.
    public func severity(of rule: String, default defaultSeverity: Severity) -> Severity? {
        if let configured = severities[rule] { return configured }
        return defaultSeverity
    }

    /// Whether a file (absolute path) takes part in the analysis.
    public func includes(absolutePath: String) -> Bool {
        guard !included.isEmpty || !excluded.isEmpty else { return true }
        let relative = GlobPattern.components(of: PathDisplay.relative(absolutePath, to: rootDirectory))
        if !included.isEmpty, !included.contains(where: { $0.matches(components: relative) }) { return false }
        return !excluded.contains { $0.matches(components: relative) }
    }
}

/// `extra` entries join a built-in list; `allowed` entries leave it.
public struct ListAdjustment: Sendable, Hashable {
    public var extra: [String] = []
    public var allowed: [String] = []

    public init(extra: [String] = [], allowed: [String] = []) {
        self.extra = extra
        self.allowed = allowed
    }
}

/// `layers:` entry: everything matching `paths` or `types` gets `role`.
public struct LayerOverride: Sendable, Hashable {
    public var role: Role
    public var paths: [GlobPattern]
    public var types: [GlobPattern]

    public init(role: Role, paths: [GlobPattern] = [], types: [GlobPattern] = []) {
        self.role = role
        self.paths = paths
        self.types = types
    }

    /// The first layer that matches decides, so a pattern an earlier layer already lists can never
    /// decide anything: dropped (and a layer left with none), so that a list reused through YAML
    /// aliases in many layers costs its distinct patterns once.
    public static func withoutShadowedPatterns(_ layers: [LayerOverride]) -> [LayerOverride] {
        var seenPaths = Set<String>(), seenTypes = Set<String>()
        return layers.compactMap { layer in
            var kept = layer
            kept.paths = layer.paths.filter { seenPaths.insert($0.text).inserted }
            kept.types = layer.types.filter { seenTypes.insert($0.text).inserted }
            return kept.paths.isEmpty && kept.types.isEmpty ? nil : kept
        }
    }
}

/// `modules:` entry: files matching `paths` belong to module `name`.
public struct ModuleOverride: Sendable, Hashable {
    public var name: String
    public var paths: [GlobPattern]

    public init(name: String, paths: [GlobPattern]) {
        self.name = name
        self.paths = paths
    }
}

/// `budgets:`: a default limit for every view and limits for named views.
public struct ClosureBudgets: Sendable, Hashable {
    public var `default`: Budget?
    /// Keyed by view name or module-qualified name (`Feature.ProfileView`), in file order.
    public var views: [(name: String, budget: Budget)] = []

    public init(default: Budget? = nil, views: [(name: String, budget: Budget)] = []) {
        self.default = `default`
        self.views = views
    }

    public var isEmpty: Bool { self.default == nil && views.isEmpty }

    /// A view's limits: its own entry (module-qualified first), each missing limit taken from the default.
    public func budget(forView name: String, module: String) -> Budget? {
        let own = views.first { $0.name == module + "." + name }?.budget ?? views.first { $0.name == name }?.budget
        guard let own else { return self.default }
        return Budget(lines: own.lines ?? self.default?.lines, files: own.files ?? self.default?.files,
                      modules: own.modules ?? self.default?.modules)
    }

    public static func == (lhs: ClosureBudgets, rhs: ClosureBudgets) -> Bool {
        lhs.default == rhs.default && lhs.views.map(\.name) == rhs.views.map(\.name) && lhs.views.map(\.budget) == rhs.views.map(\.budget)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.default)
        for view in views {
            hasher.combine(view.name)
            hasher.combine(view.budget)
        }
    }
}

/// Upper limits on a closure; nil means no limit.
public struct Budget: Sendable, Hashable {
    public var lines: Int?
    public var files: Int?
    public var modules: Int?

    public init(lines: Int? = nil, files: Int? = nil, modules: Int? = nil) {
        self.lines = lines
        self.files = files
        self.modules = modules
    }
}
