import FirebreakModel
import FirebreakScan

/// Each scanned type's role from its own traits and code, judged once per type (`InferRoles`):
/// the traits that fix a role (`fixedRole`), what the code does (`behaviourRole`), its layer folder
/// (`folderRole`), what the type wraps or uses (`Wrapping`), and the weaker signals after those
/// (`lastResortRole`).
struct TypeJudge: Sendable {
    let pass: InferRoles
    let files: [FileFacts]
    let symbols: SymbolTable
    let frameworks: InfrastructureFrameworks
    /// Protocols from outside the tree whose conformers have a body returning `some View`.
    let inferredViewProtocols: [InferredViewProtocol]
    /// Simple names that make a conforming type a view: SwiftUI's, configured and inferred ones,
    /// and the scanned protocols and typealiases that refine or alias them.
    let viewNames: Set<String>
    /// Simple names of the scanned protocols: what an adapter can implement.
    let protocolNames: Set<String>
    /// Simple names that make a conforming class observable: `ObservableObject`, and the scanned
    /// protocols that refine it and classes that are observable or named like view models.
    let observableNames: Set<String>
    /// Simple names whose subclasses are UI: the platform's view and controller classes and the
    /// scanned classes that inherit from them.
    let userInterfaceNames: Set<String>
    /// Simple names whose subclasses are persistent data models: `NSManagedObject` and its scanned subclasses.
    let persistentModelNames: Set<String>
    /// Simple names whose subclasses are documents that read and write their files: `NSDocument`,
    /// `UIDocument` and their scanned subclasses.
    let documentNames: Set<String>
    /// Types that nothing but previews and tests names, with the reason.
    let previewOnlyTypes: [String: String]
    /// Per file: the role its path gives (configured, test) and its deepest layer folder's.
    let pathRoles: [RoleAssignment?]
    let folderRoles: [RoleAssignment?]
    let evidence: InputOutputEvidence
    /// Module indices (`pass.moduleOfFile`) that declare no views and whose code does I/O.
    let infrastructureModules: Set<Int>
    /// The types that conform to a view name.
    let views: Set<Int>
    /// Views declared in the file of an `@main` type and named in no other file, with that type.
    let mainFileViews: [Int: String]
    /// By index in `symbols.types`: the view controllers app extensions start from.
    let extensionEntryPoints: Set<Int>
    /// By index in `symbols.types`: classes the entry point builds that build the app's objects.
    let appContainers: [Int: String]
    /// By index in `symbols.types`: what the type's traits and code say, nil when nothing does;
    /// and what its traits alone say (`fixedRole`), which a nested type keeps over its parent's.
    private(set) var traitRoles: [RoleAssignment?] = []
    private(set) var fixedRoles: [RoleAssignment?] = []

    init(pass: InferRoles, files: [FileFacts], symbols: SymbolTable) {
        self.pass = pass
        self.files = files
        self.symbols = symbols
        frameworks = InfrastructureFrameworks(pass.configuration.forbiddenImports)
        let configured = ViewProtocols(pass.configuration.viewProtocols).simpleNames
        inferredViewProtocols = InferredViewProtocol.find(files: files, symbols: symbols, knownViewNames: Self.viewNames(configured, symbols))
        viewNames = Self.viewNames(configured.union(inferredViewProtocols.map(\.name)), symbols)
        protocolNames = Set(symbols.types.filter { $0.kind == .protocol }.map(\.simpleName))
        observableNames = Self.observableNames(symbols)
        let classes = symbols.types.filter { $0.kind == .class }
        userInterfaceNames = Self.names(reaching: RoleConventions.userInterfaceSuperclasses.union(Self.frameworkViewClasses(classes, symbols)),
                                        among: classes)
        persistentModelNames = Self.names(reaching: RoleConventions.persistentModelSuperclasses, among: classes)
        documentNames = Self.names(reaching: RoleConventions.documentSuperclasses, among: classes)
        previewOnlyTypes = PreviewOnlyTypes.find(files: files, symbols: symbols, testFiles: pass.testTargetOfFile)
        pathRoles = ParallelMap.map(files.count) { pass.pathRole(of: files[$0].path, testTarget: pass.testTargetOfFile[$0]) }
        folderRoles = ParallelMap.map(files.count) { RoleConventions.folderRole(files[$0].path) }
        evidence = InputOutputEvidence(files: files, symbols: symbols, frameworks: frameworks, scannedModules: Set(pass.moduleNames))
        let names = viewNames
        let views = Set(symbols.types.indices.filter { !symbols.types[$0].conformances.isDisjoint(with: names) })
        self.views = views
        infrastructureModules = ModuleBehaviour.infrastructureModules(symbols: symbols, views: views, evidence: evidence, moduleOfFile: pass.moduleOfFile)
        mainFileViews = ModuleBehaviour.mainFileViews(files: files, symbols: symbols, views: views)
        extensionEntryPoints = Self.extensionEntryPoints(files: files, symbols: symbols, extensionFiles: pass.extensionTargetFiles)
        appContainers = AppContainers.find(files: files, symbols: symbols, views: views)
        let judge = self
        fixedRoles = ParallelMap.map(symbols.types.count) { judge.fixedRole($0) }
        let traits = fixedRoles
        let fixed = ParallelMap.map(symbols.types.count) { traits[$0] ?? judge.behaviourRole($0) }
        let folder = ParallelMap.map(symbols.types.count) { fixed[$0] == nil ? judge.folderRole($0) : nil }
        let lastResort = ParallelMap.map(symbols.types.count) { fixed[$0] == nil && folder[$0] == nil ? judge.lastResortRole($0) : nil }
        traitRoles = Wrapping.resolve(judge, fixed: fixed, folder: folder, lastResort: lastResort)
    }

    static func viewNames(_ seeds: Set<String>, _ symbols: SymbolTable) -> Set<String> {
        names(reaching: seeds, among: symbols.types.filter { $0.kind == .protocol || $0.kind == .typealias })
    }

    /// `seeds` and the simple names of the `candidates` that conform to, refine or inherit from one
    /// of them, directly or through each other.
    /// Superclasses the scanned classes name that no scanned file declares and that are named
    /// like a view or a view controller (SceneKit's `SCNView`, MapKit's `MKMapView`, WebKit's
    /// `WKWebView`, Lottie's `LottieAnimationView`): a framework's views beyond the UIKit and
    /// AppKit ones listed, whose subclasses draw the screen whatever their code reads.
    static func frameworkViewClasses(_ classes: [TypeInfo], _ symbols: SymbolTable) -> Set<String> {
        Set(classes.flatMap(\.conformances).filter { name in
            name != "View" && (name.hasSuffix("View") || name.hasSuffix("ViewController")) && symbols.resolve(name) == nil
        })
    }

    /// An app extension's principal class is named in its Info.plist, not in code: a view
    /// controller that only extension targets compile and that no other declaration names is where
    /// the extension builds its object graph (a share sheet hosting SwiftUI with its environment).
    static func extensionEntryPoints(files: [FileFacts], symbols: SymbolTable, extensionFiles: Set<Int>) -> Set<Int> {
        guard !extensionFiles.isEmpty else { return [] }
        let candidates = symbols.types.indices.filter { index in
            let type = symbols.types[index]
            return type.kind == .class && type.declarations.allSatisfy { extensionFiles.contains($0.file) } && isViewController(type)
        }
        guard !candidates.isEmpty else { return [] }
        let candidateNames = Set(candidates.map { symbols.types[$0].simpleName })
        var named: Set<String> = []
        for file in files {
            for reference in file.references where candidateNames.contains(reference.name.lastNameComponent) {
                // Its own code naming itself (`Self`, a static member) does not count.
                let owner = reference.owner.map { file.declarations[$0].name }
                if owner != reference.name.lastNameComponent { named.insert(reference.name.lastNameComponent) }
            }
        }
        return Set(candidates.filter { !named.contains(symbols.types[$0].simpleName) })
    }

    /// Named `…ViewController`, or inheriting from a type so named.
    static func isViewController(_ type: TypeInfo) -> Bool {
        type.simpleName.hasSuffix("ViewController") || type.conformances.contains { $0.hasSuffix("ViewController") }
    }

    static func names(reaching seeds: Set<String>, among candidates: [TypeInfo]) -> Set<String> {
        var names = seeds
        var changed = true
        while changed {
            changed = false
            for type in candidates where !names.contains(type.simpleName) && !type.conformances.isDisjoint(with: names) {
                names.insert(type.simpleName)
                changed = true
            }
        }
        return names
    }

    /// By type: whether it keeps state, whether that state holds the app's UI, and whether its
    /// code does I/O or it wraps a type that does.
    var behaviour: [TypeBehaviour] {
        let interfaceHolders = interfaceHolders()
        return symbols.types.indices.map { index in
            var behaviour: TypeBehaviour = []
            if evidence.holdsState[index] { behaviour.insert(.keepsState) }
            if evidence.holdsState[index], symbols.types[index].declarations.contains(where: interfaceHolders.contains) {
                behaviour.insert(.holdsInterface)
            }
            if let reason = traitRoles[index]?.reason, evidence.firstUse[index] != nil || reason.hasPrefix(Wrapping.reasonPrefix)
                || reason.hasPrefix(Wrapping.usesPrefix) {
                behaviour.insert(.doesInputOutput)
            }
            return behaviour
        }
    }

    /// The declarations with a stored property of a window, a screen, an orientation, a view or a
    /// view controller (the platform's or a scanned subclass), in one pass over the references.
    private func interfaceHolders() -> Set<DeclarationID> {
        var holders: Set<DeclarationID> = []
        for (file, facts) in files.enumerated() {
            for reference in facts.references where reference.kind == .storedProperty {
                guard let owner = reference.owner else { continue }
                let name = reference.name.lastNameComponent
                if RoleConventions.interfaceObjectTypes.contains(name) || userInterfaceNames.contains(name) {
                    holders.insert(DeclarationID(file: file, index: owner))
                }
            }
        }
        return holders
    }

    /// `ObservableObject` and what reaches it by refinement or inheritance among scanned types, with
    /// the scanned classes named like view models (a `ViewModel` base class) and marked `@Observable`.
    static func observableNames(_ symbols: SymbolTable) -> Set<String> {
        var names = RoleConventions.observableConformances
        for type in symbols.types where type.kind == .class && (RoleConventions.viewModelSuffixes.contains(where: type.simpleName.hasSuffix)
                                                                || !type.attributes.isDisjoint(with: RoleConventions.observableAttributes)) {
            names.insert(type.simpleName)
        }
        return Self.names(reaching: names, among: symbols.types.filter { $0.kind == .protocol || $0.kind == .class })
    }

    // MARK: - Traits that fix a role

    /// What the type is, whatever its code does: a configured or test path, a preview or double,
    /// a composition root, a view, a view controller, a view model (named so, or an observable
    /// class, itself or through its superclass or a protocol refining `ObservableObject`, outside a
    /// package of services).
    func fixedRole(_ index: Int) -> RoleAssignment? {
        let type = symbols.types[index]
        let first = type.declarations[0]
        let name = type.simpleName
        if let path = pathRoles[first.file] { return path }
        if RoleConventions.hasExemptName(name) { return RoleAssignment(.exempt, "preview or test double by name") }
        if let conformance = type.conformances.sorted().first(where: RoleConventions.exemptConformances.contains) {
            return RoleAssignment(.exempt, "conforms to \(conformance)")
        }
        if let reason = previewOnlyTypes[type.qualifiedName] { return RoleAssignment(.exempt, reason) }
        if let root = compositionRoot(index) { return root }
        // A type alias of a view protocol (`typealias ViewRepresentable = NSViewRepresentable`
        // in an entry file) names one; it declares no view.
        if type.kind != .typealias, let conformance = type.conformances.sorted().first(where: viewNames.contains) {
            return RoleAssignment(.highLevel, "view (conforms to \(conformance))")
        }
        if type.kind.isReferenceType, Self.isViewController(type) {
            return RoleAssignment(.highLevel, "view controller")
        }
        if type.kind == .class, let superclass = type.conformances.sorted().first(where: userInterfaceNames.contains) {
            return RoleAssignment(.highLevel, "UI class (subclass of \(superclass))")
        }
        if type.kind == .class, let marker = type.attributes.sorted().first(where: RoleConventions.persistentModelAttributes.contains).map({ "@" + $0 })
            ?? type.conformances.sorted().first(where: persistentModelNames.contains).map({ "subclass of " + $0 }) {
            return RoleAssignment(.neutral, "persistent data model (\(marker)): data a store keeps, not a service")
        }
        if type.kind == .class, let document = type.conformances.sorted().first(where: documentNames.contains) {
            return RoleAssignment(.infrastructure, "document (subclass of \(document)): reads and writes its file")
        }
        if RoleConventions.viewModelSuffixes.contains(where: name.hasSuffix) { return RoleAssignment(.highLevel, "view model by name") }
        // An observable class named like a service or kept in a services folder whose own code does
        // I/O (`ProfileCacheService` writing to disk, a `NotificationService` registering with
        // Firebase, `Services/CloudKitSyncEngine`) is a service that publishes its state, not a
        // screen's view model: what its code does decides, below. One that only calls services is
        // a store of app state whose reads are the findings (a `ConversationStore` calling its
        // chat service), not a service. So is one that keeps a shared instance of itself
        // (Cider's `UpdateHelper.shared`, an XPC and Firebase updater): a screen's view model is
        // made for its screen, and the readers of the shared instance are the findings.
        let servicelike = RoleConventions.hasServiceName(name) || folderRoles[first.file]?.role == .infrastructure
            || type.staticProperties.contains { $0.holdsOwnInstance && ServiceKnowledge.isSingletonPropertyName($0.name) }
        if let observable = observableTrait(type), !isInInfrastructureModule(type), !(servicelike && evidence.firstUse[index] != nil) {
            return RoleAssignment(.highLevel, "observable view model (\(observable))")
        }
        // A class the services decode or encode (an API's `Account`, `Status`) is the data they
        // exchange, whichever package it sits in, unless its own code does I/O.
        if type.kind == .class, evidence.firstUse[index] == nil,
           let coding = type.conformances.sorted().first(where: RoleConventions.codingConformances.contains) {
            return RoleAssignment(.neutral, "data (\(coding)): a value services exchange, not a service")
        }
        return nil
    }

    private func compositionRoot(_ index: Int) -> RoleAssignment? {
        let type = symbols.types[index]
        if type.attributes.contains("main") { return RoleAssignment(.compositionRoot, "@main entry point") }
        if RoleConventions.isCompositionRootName(type.simpleName) {
            return RoleAssignment(.compositionRoot, "named like a composition root")
        }
        if let conformance = type.conformances.sorted().first(where: RoleConventions.compositionRootConformances.contains) {
            return RoleAssignment(.compositionRoot, "conforms to \(conformance)")
        }
        if let reason = appContainers[index] { return RoleAssignment(.compositionRoot, reason) }
        if let main = mainFileViews[index] {
            return RoleAssignment(.compositionRoot, "view in the file of the @main entry point \(main), named in no other file")
        }
        if extensionEntryPoints.contains(index) {
            return RoleAssignment(.compositionRoot, "view controller an app extension starts from (its target names it nowhere else)")
        }
        return nil
    }

    /// `ObservableObject` or `@Observable`, for a class: directly, through a scanned protocol that
    /// refines `ObservableObject`, or through a scanned superclass that is observable or named like
    /// a view model (`class EpisodeQueue: ViewModel`).
    private func observableTrait(_ type: TypeInfo) -> String? {
        guard type.kind == .class else { return nil }
        if let conformance = type.conformances.sorted().first(where: observableNames.contains) {
            return "conforms to \(conformance)"
        }
        return type.attributes.sorted().first(where: RoleConventions.observableAttributes.contains).map { "@\($0)" }
    }

    private func module(of type: TypeInfo) -> Int? {
        let file = type.declarations[0].file
        guard pass.moduleOfFile.indices.contains(file), pass.moduleOfFile[file] >= 0 else { return nil }
        return pass.moduleOfFile[file]
    }

    /// In a package that declares no views and does I/O (a networking or persistence package), an
    /// observable class is an observable service (`@Observable final class ApiClient`, an image
    /// loader), not a view model: its code decides.
    func isInInfrastructureModule(_ type: TypeInfo) -> Bool {
        module(of: type).map(infrastructureModules.contains) ?? false
    }

    // MARK: - What the code does

    /// Input or output in the type's own code, or an adapter of an abstraction.
    func behaviourRole(_ index: Int) -> RoleAssignment? {
        let type = symbols.types[index]
        guard type.kind != .protocol, type.kind != .typealias else { return nil }
        if let use = evidence.firstUse[index] {
            return RoleAssignment(.infrastructure, "does I/O: \(use.what) at \(files[use.file].path):\(use.line)")
        }
        // A type that keeps a value of its own (`RealizedValue<T>: RealizedValueProviding`) is a
        // box, not an adapter; an adapter forwards, or does I/O (above).
        if !evidence.holdsState[index],
           let adapted = RoleConventions.adaptedProtocol(of: type.simpleName, conformances: type.conformances, scannedProtocols: protocolNames) {
            return RoleAssignment(.infrastructure, "adapter: implements \(adapted), the abstraction its users depend on")
        }
        return nil
    }

    /// The layer folder a type sits in, when it is not nested (a nested type takes its enclosing
    /// type's role first) and is not a value type in an infrastructure folder (the data services
    /// exchange: its place decides, later).
    func folderRole(_ index: Int) -> RoleAssignment? {
        let type = symbols.types[index]
        guard type.kind != .protocol, type.kind != .typealias else { return nil }
        let first = type.declarations[0]
        guard files[first.file].declarations[first.index].parent == nil, let folder = folderRoles[first.file] else { return nil }
        return folder.role == .highLevel || type.kind.isReferenceType ? folder : nil
    }

    /// What decides when neither traits, I/O, an abstraction nor a folder do, and the type wraps
    /// and uses nothing of the infrastructure: a generic class is a box for its values; a class
    /// keeping state in memory is high-level; a class of an infrastructure module is
    /// infrastructure; and last a service name.
    func lastResortRole(_ index: Int) -> RoleAssignment? {
        let type = symbols.types[index]
        guard type.kind.isReferenceType else { return nil }
        let first = files[type.declarations[0].file].declarations[type.declarations[0].index]
        if !first.genericParameters.isEmpty {
            return RoleAssignment(.neutral, "generic class: a box for values of \(first.genericParameters.joined(separator: ", "))")
        }
        // A cache of UI state in a package that does I/O elsewhere keeps values, not a connection:
        // what the class does decides before where it sits.
        if evidence.holdsState[index], !usesUnknownModules(type) {
            return RoleAssignment(.highLevel, "keeps state in memory; its code does no I/O")
        }
        if let module = module(of: type), infrastructureModules.contains(module) {
            return RoleAssignment(.infrastructure, "class of module \(pass.moduleNames[module]), which declares no views and whose code does I/O")
        }
        if RoleConventions.hasServiceName(type.simpleName) {
            return RoleAssignment(.infrastructure, "service by name only (no I/O found in its code)")
        }
        return nil
    }

    /// Whether a file of the type imports a module that is neither a platform framework nor
    /// scanned: an SDK whose I/O firebreak cannot see, so keeping state proves nothing.
    private func usesUnknownModules(_ type: TypeInfo) -> Bool {
        let scanned = Set(pass.moduleNames)
        return (type.declarations + type.extensions).contains { id in
            files[id.file].imports.contains { imported in
                !ExternalFrameworks.platform.contains(imported.module) && !scanned.contains(imported.module)
                    && ExternalFrameworks.loadsAtCompileTime(imported.module)
            }
        }
    }

    // MARK: - Place

    func folderOrImportRole(_ file: Int) -> RoleAssignment? {
        folderRoles[file] ?? importRole(file)
    }

    /// An infrastructure import another import of the file brings anyway (CoreLocation beside
    /// MapKit) says nothing of the file: it compiles against it either way.
    func importRole(_ file: Int) -> RoleAssignment? {
        guard let module = frameworks.reachingImports(of: files[file]).first?.module else { return nil }
        return RoleAssignment(.infrastructure, "file imports \(module)")
    }

    /// The role of a type no trait and no enclosing type decides: its folder's or its imports'.
    func placeRole(_ type: TypeInfo) -> RoleAssignment {
        let first = type.declarations[0]
        if type.kind == .struct || type.kind == .enum, let folder = folderRoles[first.file], folder.role == .infrastructure,
           !RoleConventions.hasServiceName(type.simpleName) {
            // A value type under Services/ is the data services exchange, not a service.
            return importRole(first.file) ?? RoleAssignment(.neutral, "value type \(folder.reason): data, not a service")
        }
        return folderOrImportRole(first.file) ?? RoleAssignment(.neutral, "no convention applies")
    }

    func typeLayerRole(_ typeIndex: Int) -> RoleAssignment? {
        guard pass.configuration.hasTypeLayers else { return nil }
        let type = symbols.types[typeIndex]
        let simple = GlobPattern.components(of: type.simpleName), qualified = GlobPattern.components(of: type.qualifiedName)
        for layer in pass.configuration.layers
            where layer.types.contains(where: { $0.matches(components: simple) || $0.matches(components: qualified) }) {
            return RoleAssignment(layer.role, "configured layer for type \(type.qualifiedName)")
        }
        return nil
    }
}
