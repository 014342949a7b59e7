import FirebreakModel
import SwiftSyntax

/// Where `--style environment` sets the live instances: after the root view of every scene of the
/// module's `@main` App.
extension Fixer {
    /// One scene's root view: the live instances are set after its last line.
    struct SceneRoot {
        var file: ParsedFile
        var offset: Int
        var indent: String
        /// The module of the App, which is another than the views' when they are in a package of
        /// features the app module imports.
        var module: String = ""
        /// Content that takes no modifier (an `if`, a `switch`, several views) is wrapped in a
        /// `Group` first: these inserts do it, and the modifiers follow its closing brace.
        var wrap: [TextEdit] = []
    }

    /// Every scene that shows views gets the live instances: a view shown only in the Settings
    /// window or a menu bar extra would otherwise run on the preview doubles.
    static let sceneTypes = ["WindowGroup", "Window", "UtilityWindow", "DocumentGroup", "Settings", "MenuBarExtra"]
    /// Scenes that make the app's windows SwiftUI's. A menu bar extra alone does not: an app that
    /// shows its windows through AppKit or UIKit hosting views has one only to have a scene at all,
    /// and views in those windows would not see what the extra sets.
    static let windowSceneTypes: Set = ["WindowGroup", "Window", "UtilityWindow", "DocumentGroup"]

    /// The module's own App's scenes; for a module without one (a package of features), the scenes
    /// of every app module that imports it, which show its views.
    func sceneRoots(module: String) -> Result<[SceneRoot], Refusal> {
        if let found = sceneRootsByModule[module] { return found }
        var found = ownSceneRoots(module: module)
        if case .failure(let refusal) = found, !refusal.reason.contains(" holds no view"),
           let importName = importNames.indices.first(where: { modules[$0] == module }).map({ importNames[$0] }), !importName.isEmpty {
            let roots = importers(of: importName).sorted().flatMap { app in (try? ownSceneRoots(module: app).get()) ?? [] }
            if !roots.isEmpty { found = .success(roots) }
        }
        sceneRootsByModule[module] = found
        return found
    }

    /// The modules that import the one imported as `importName`, directly or through others.
    private func importers(of importName: String) -> Set<String> {
        var importsByModule: [String: Set<String>] = [:]
        var moduleByImportName: [String: String] = [:]
        for file in model.files.indices {
            importsByModule[modules[file], default: []].formUnion(model.files[file].imports.compactMap(\.path.first))
            if !importNames[file].isEmpty { moduleByImportName[importNames[file]] = modules[file] }
        }
        var found: Set<String> = []
        var frontier = [importName]
        while let next = frontier.popLast() {
            for (module, imported) in importsByModule where imported.contains(next) && !found.contains(module) {
                found.insert(module)
                if let name = importNames.indices.first(where: { modules[$0] == module }).map({ importNames[$0] }), !name.isEmpty { frontier.append(name) }
            }
        }
        if let own = moduleByImportName[importName] { found.remove(own) }
        return found
    }

    /// The scenes of the module's own App, cached.
    private func ownSceneRoots(module: String) -> Result<[SceneRoot], Refusal> {
        if let found = ownSceneRootsByModule[module] { return found }
        let found = findSceneRoots(module: module).map { roots in roots.map { root in var root = root; root.module = module; return root } }
        ownSceneRootsByModule[module] = found
        return found
    }

    private func findSceneRoots(module: String) -> Result<[SceneRoot], Refusal> {
        let missing = Refusal("\(module) has no SwiftUI App with a WindowGroup, Window or DocumentGroup to set the live instances on; without one, the app would run on the preview doubles")
        var roots: [SceneRoot] = []
        var hasWindows = false
        for (file, region) in appRegions(module: module) {
            // `Settings { … }`, or `SwiftUI.Settings { … }` in an app with a `Settings` view of its own.
            let scenes = Self.sceneTypes.flatMap { type in
                (CallSite.find(type: type, in: file) + CallSite.find(type: "SwiftUI." + type, in: file)).map { (type, $0.call) }
                    .filter { region.position <= $0.1.position && $0.1.endPosition <= region.endPosition }
            }
            // A scene holds views; a call of a scene's name inside another scene is a view of the app's own.
            let outermost = scenes.filter { scene in !scenes.contains { $0.1.id != scene.1.id && $0.1.position <= scene.1.position && scene.1.endPosition <= $0.1.endPosition } }
            for (type, call) in outermost {
                guard let closure = call.trailingClosure, let first = closure.statements.first, let last = closure.statements.last else {
                    return .failure(Refusal("\(file.location(of: call)): the \(type) holds no view to set the live instances on"))
                }
                hasWindows = hasWindows || Self.windowSceneTypes.contains(type)
                let indent = file.indentation(at: first.positionAfterSkippingLeadingTrivia)
                let end = last.endPositionBeforeTrailingTrivia.utf8Offset
                // One view expression takes modifiers; an `if`, a `switch` or several views do inside a `Group`.
                let single = closure.statements.count == 1
                    && first.item.as(ExprSyntax.self).map { !$0.is(IfExprSyntax.self) && !$0.is(SwitchExprSyntax.self) } == true
                // After a view, modifiers go one unit in, or level with the modifiers it has on
                // lines of their own; after a `Group`'s brace, level with it.
                let chained = single ? Self.lastModifierIndent(of: first.item, in: file) : nil
                roots.append(SceneRoot(
                    file: file, offset: end, indent: single ? chained ?? indent + file.indentUnit : indent,
                    wrap: single ? [] : Self.groupWrap(file, from: first.positionAfterSkippingLeadingTrivia.utf8Offset, to: end, indent: indent,
                                                       reindent: !closure.statements.description.contains("\"\"\""))))
            }
        }
        return hasWindows ? .success(roots) : .failure(missing)
    }

    /// The indentation of the view's last modifier when it starts a line (`.frame(…)`), so new
    /// ones line up with it.
    static func lastModifierIndent(of item: CodeBlockItemSyntax.Item, in file: ParsedFile) -> String? {
        guard let call = item.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
              access.base != nil, access.period.leadingTrivia.contains(where: \.isNewline)
                || (access.period.previousToken(viewMode: .sourceAccurate)?.trailingTrivia.contains(where: \.isNewline) ?? false) else { return nil }
        return file.indentation(at: access.period.positionAfterSkippingLeadingTrivia)
    }

    /// `Group {` before the content and `}` after it, each line between one unit further in (not
    /// when the content holds a multi-line string, whose lines are its value).
    static func groupWrap(_ file: ParsedFile, from start: Int, to end: Int, indent: String, reindent: Bool) -> [TextEdit] {
        var edits = [TextEdit.insert("Group {\n" + indent + file.indentUnit, at: start)]
        let bytes = Array(file.text.utf8)
        for offset in start..<end where reindent && bytes[offset] == UInt8(ascii: "\n") && offset + 1 < end
            && bytes[offset + 1] != UInt8(ascii: "\n") {
            edits.append(.insert(file.indentUnit, at: offset + 1))
        }
        edits.append(.insert("\n" + indent + "}", at: end))
        return edits
    }

    /// Hosts that show SwiftUI views outside the scenes, with their locations: the views they show
    /// do not inherit the environment the scenes set, and which views those are is not known
    /// without running the app, so the summary names each host once.
    func hostingNotes(module: String) -> [String] {
        if let found = hostingNotesByModule[module] { return found }
        let hosts = ["UIHostingController", "NSHostingController", "NSHostingView"]
        let found = model.files.indices.filter { modules[$0] == module }.compactMap { sources.file(model.files[$0].path) }.flatMap { file in
            hosts.flatMap { host in
                CallSite.find(type: host, in: file).map {
                    "\(file.location(of: $0.call)) shows views in \(Self.article(host)) \(host), which does not inherit the environment the scenes set: a view fix made read the environment that is shown there needs the live instances set on the host's root view too"
                }
            }
        }
        hostingNotesByModule[module] = found
        return found
    }

    /// The module's `@main` App: its declaration and its extensions, wherever it is declared to
    /// conform to `App` (`extension JournalApp: SwiftUI.App { var body: some Scene … }`), and the
    /// module's own `Scene` types, which hold the windows of an App that names them.
    private func appRegions(module: String) -> [(ParsedFile, Syntax)] {
        let files = model.files.indices.filter { modules[$0] == module }.compactMap { sources.file(model.files[$0].path) }
        let isApp = { (types: [String]) in types.contains { $0 == "App" || $0 == "SwiftUI.App" } }
        let isScene = { (types: [String]) in types.contains { $0 == "Scene" || $0 == "SwiftUI.Scene" } }
        var mainTypes: [String: Bool] = [:]
        for file in files {
            for item in SyntaxQueries.topLevelItems(of: file.tree.statements) {
                guard let type = item.as(StructDeclSyntax.self),
                      type.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main" }) else { continue }
                mainTypes[type.name.text, default: false] = mainTypes[type.name.text, default: false] || isApp(SyntaxQueries.inheritedTypes(of: DeclSyntax(type)))
            }
        }
        var regions: [(ParsedFile, Syntax, name: String)] = []
        var sceneTypes: Set<String> = []
        for file in files {
            for item in SyntaxQueries.topLevelItems(of: file.tree.statements) {
                if let type = item.as(StructDeclSyntax.self), mainTypes[type.name.text] != nil {
                    regions.append((file, Syntax(type), type.name.text))
                } else if let type = item.as(StructDeclSyntax.self), isScene(SyntaxQueries.inheritedTypes(of: DeclSyntax(type))) {
                    // The app's own scene types (`struct SettingsWindow: Scene { … Window { … } }`)
                    // hold the windows its App's body names.
                    sceneTypes.insert(type.name.text)
                    regions.append((file, Syntax(type), type.name.text))
                } else if let ext = item.as(ExtensionDeclSyntax.self), mainTypes[ext.extendedType.trimmedDescription] != nil {
                    let name = ext.extendedType.trimmedDescription
                    if isApp(SyntaxQueries.inheritedTypes(of: DeclSyntax(ext))) { mainTypes[name] = true }
                    regions.append((file, Syntax(ext), name))
                }
            }
        }
        // A scene type of the module's own counts only in a module whose App shows it.
        let hasApp = mainTypes.values.contains(true)
        return regions.filter { mainTypes[$0.name] == true || (hasApp && sceneTypes.contains($0.name)) }.map { ($0.0, $0.1) }
    }
}
