import FirebreakModel
import SwiftSyntax

/// A view that builds the type in a stored property's initial value
/// (`@StateObject private var model = FeedModel()`) takes it through its memberwise init instead
/// (`@StateObject var model: FeedModel`, or a first parameter of each of its inits, assigned
/// through the property wrapper), and whoever builds the view builds the type: a
/// composition root (or a preview, or a test) with the live instances, a parent view with the
/// ones it reads from the environment. A default argument would have brought the concrete types
/// back into the view; `StateObject`'s memberwise parameter is an autoclosure, so the model is
/// still made once per view identity.
extension Fixer {
    /// One construction of the type that moves out of a view's property.
    struct ModelHoist {
        var site: CallSite
        var view: OwnerContext
        var variable: VariableDeclSyntax
        var binding: PatternBindingSyntax
        var property: String
        /// The type as the call spells it (`FeedModel`, `Screen<Int>.Model`).
        var typeText: String
        /// The type as the view's builders spell it: a type nested in the view, which the view
        /// names `ViewModel`, is `ContainersView.ViewModel` outside it (Harbour).
        var builtAs: String
        /// The view's inits, which each take the type first; none for the memberwise init.
        var inits: [InitializerDeclSyntax]
        /// The memberwise init's labels after this property (the new argument goes before them);
        /// nil with inits of the view's own, whose first parameter it becomes.
        var laterLabels: Set<String>?
    }

    /// What the hoists add to the type's fix.
    struct HoistEdits {
        var edits: [(String, TextEdit)] = []
        var injections: [EnvironmentInjection] = []
        var newFiles: [String: String] = [:]
        var newFileHosts: [String: String] = [:]
        var notes: [String] = []
    }

    /// The high-level sites that are a view's property initial value, taken out of `calls`; the
    /// others stay for a default argument.
    func takeHoists(from calls: inout InitCalls, owner: OwnerContext) -> [ModelHoist] {
        var hoists: [ModelHoist] = []
        calls.highLevel.removeAll { entry in
            guard let hoist = modelHoist(entry.site, owner: owner) else { return false }
            hoists.append(hoist)
            return true
        }
        return hoists
    }

    /// The site as a hoist: `let/var name[: T] = T()` (or `.init()`, any property wrapper) alone in
    /// its declaration, in a struct view with its memberwise init.
    private func modelHoist(_ site: CallSite, owner: OwnerContext) -> ModelHoist? {
        guard site.subclass == nil, site.call.arguments.isEmpty, site.call.trailingClosure == nil,
              let clause = site.call.parent?.as(InitializerClauseSyntax.self), let binding = clause.parent?.as(PatternBindingSyntax.self),
              let variable = binding.parent?.parent?.as(VariableDeclSyntax.self), variable.bindings.count == 1,
              let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
              let block = variable.parent?.parent?.parent?.as(MemberBlockSyntax.self),
              let structDecl = block.parent?.as(StructDeclSyntax.self), structDecl.genericParameterClause == nil else { return nil }
        let modifiers = variable.modifiers.map(\.trimmedDescription)
        guard !modifiers.contains(where: { $0.hasSuffix("(set)") || $0 == "static" || $0 == "lazy" }) else { return nil }
        // A property wrapper set up with arguments (`@AppStorage("key")`) is not set through an init.
        guard variable.attributes.count <= 1, variable.attributes.first?.as(AttributeSyntax.self)?.arguments == nil else { return nil }
        let name = Self.enclosingTypeName(of: Syntax(structDecl))
        guard case .success(let view) = ownerContext(name), view.name != owner.name,
              model.symbols.resolvedIndex(view.type.qualifiedName).map(model.views.contains) == true else { return nil }
        // An init that delegates, or one in an extension, would need the type too.
        let inits = block.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        guard !inits.contains(where: OwnerRewrite.delegates), !view.declarations.dropFirst().contains(where: { extensionDecl in
            SyntaxQueries.memberBlock(of: extensionDecl.node)?.members.contains { $0.decl.is(InitializerDeclSyntax.self) } ?? false
        }) else { return nil }
        var typeText = site.call.calledExpression.trimmedDescription
        if typeText.hasSuffix(".init") { typeText = String(typeText.dropLast(5)) }
        if typeText.isEmpty { typeText = binding.typeAnnotation?.type.trimmedDescription ?? "" }
        guard !typeText.isEmpty else { return nil }
        let stored = block.members.filter { OwnerRewrite.isStoredProperty($0.decl) }.compactMap { $0.decl.as(VariableDeclSyntax.self) }
        // By place, not identity: the members reached from the call site's tree and the variable's
        // are equal nodes of roots that need not be the same object.
        let after = stored.drop { $0.position != variable.position }.dropFirst()
        let labels = after.flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } }
        let builtAs = owner.name != typeText && owner.name.hasSuffix("." + typeText) ? owner.name : typeText
        return ModelHoist(site: site, view: view, variable: variable, binding: binding, property: property, typeText: typeText,
                          builtAs: builtAs, inits: inits, laterLabels: inits.isEmpty ? Set(labels) : nil)
    }

    /// `Outer.Inner` for a declaration nested in types (or in an extension of `Outer`).
    static func enclosingTypeName(of node: Syntax) -> String {
        var names: [String] = []
        var current: Syntax? = node
        while let item = current {
            if let decl = item.asProtocol(NamedDeclSyntax.self), item.is(StructDeclSyntax.self) || item.is(ClassDeclSyntax.self)
                || item.is(EnumDeclSyntax.self) || item.is(ActorDeclSyntax.self) {
                names.insert(decl.name.text, at: 0)
            } else if let extensionDecl = item.as(ExtensionDeclSyntax.self) {
                names.insert(extensionDecl.extendedType.trimmedDescription, at: 0)
            }
            current = item.parent
        }
        return names.joined(separator: ".")
    }

    /// The view's property loses its value (and, for the memberwise init, `private`, which would
    /// make that init private too), and every construction of the view builds the type.
    func hoistEdits(_ hoists: [ModelHoist], owner: String, planned: [PlannedDependency], into result: inout HoistEdits) -> Result<Void, Refusal> {
        for hoist in hoists {
            let file = hoist.site.file
            if hoist.inits.isEmpty { result.edits += OwnerRewrite.droppingPrivate(of: hoist.variable).map { (file.path, $0) } }
            guard let initializer = hoist.binding.initializer else { continue }
            let annotation = hoist.binding.typeAnnotation == nil ? ": \(hoist.typeText)" : ""
            let start = hoist.binding.typeAnnotation?.endPositionBeforeTrailingTrivia ?? hoist.binding.pattern.endPositionBeforeTrailingTrivia
            result.edits.append((file.path, TextEdit(start: start.utf8Offset, end: initializer.endPositionBeforeTrailingTrivia.utf8Offset,
                                                     replacement: annotation)))
            let (parameter, assignment) = Self.initParameter(hoist)
            for initializer in hoist.inits {
                result.edits += OwnerRewrite.inserting(parameters: [parameter], assignments: [assignment], into: initializer, file: file)
                    .map { ($0.file.path, $0.edit) }
            }
            switch constructionsPassing(hoist, planned: planned, into: &result) {
            case .failure(let refusal): return .failure(refusal)
            case .success: break
            }
            let through = hoist.inits.isEmpty ? "its memberwise init" : "its init\(hoist.inits.count > 1 ? "s" : "")"
            result.notes.append("\(hoist.view.name) takes \(owner) through \(through) (\(hoist.property):), and whoever builds \(hoist.view.name) builds \(owner)")
        }
        return .success(())
    }

    /// The parameter an init of the view takes, and how it sets the property: a wrapper's own
    /// storage is set (`self.model = model` does not compile on a get-only `StateObject`), from an
    /// autoclosure for `StateObject`, which makes the model once per view identity.
    private static func initParameter(_ hoist: ModelHoist) -> (parameter: String, assignment: String) {
        let name = hoist.property
        guard let wrapper = hoist.variable.attributes.first?.as(AttributeSyntax.self)?.attributeName.trimmedDescription else {
            return ("\(name): \(hoist.typeText)", "self.\(name) = \(name)")
        }
        if wrapper == "StateObject" || wrapper == "SwiftUI.StateObject" {
            return ("\(name): @autoclosure @escaping () -> \(hoist.typeText)", "_\(name) = \(wrapper)(wrappedValue: \(name)())")
        }
        return ("\(name): \(hoist.typeText)", "_\(name) = \(wrapper)(wrappedValue: \(name))")
    }

    /// Each construction of the view passes `property: Type(dependencies…)`.
    private func constructionsPassing(_ hoist: ModelHoist, planned: [PlannedDependency], into result: inout HoistEdits) -> Result<Void, Refusal> {
        for site in constructions(of: hoist.view.type) {
            if site.file.hasSyntaxErrors { return .failure(Refusal("\(site.file.path) has syntax errors; fix leaves it alone")) }
            let values: [String]
            if role(of: Syntax(site.call), in: site.file).role == .highLevel {
                switch environmentValues(at: site, for: hoist, planned: planned, into: &result) {
                case .failure(let refusal): return .failure(refusal)
                case .success(let names): values = names
                }
            } else if isPreview(site) {
                values = previewValues(planned, at: site, into: &result)
            } else {
                values = planned.map(\.injected.reads.liveExpression)
                let siteModule = fileIndex[site.file.path].map { modules[$0] }
                for dependency in planned where dependency.liveImport.isNeeded(in: siteModule) {
                    if let edit = ImportEdit.adding(dependency.concreteImport, to: site.file) { result.edits.append((site.file.path, edit)) }
                }
            }
            let arguments = zip(planned, values).map { "\($0.injected.parameterName): \($1)" }.joined(separator: ", ")
            let value = "\(hoist.builtAs)(\(arguments))"
            result.edits += site.passing([(hoist.property, value)], laterLabels: hoist.laterLabels).map { (site.file.path, $0) }
        }
        return .success(())
    }

    /// A parent view builds the view: it reads each dependency from the environment, through the
    /// key the window groups set, and passes what it reads.
    private func environmentValues(at site: CallSite, for hoist: ModelHoist, planned: [PlannedDependency],
                                   into result: inout HoistEdits) -> Result<[String], Refusal> {
        let parentName = Self.enclosingTypeName(of: Syntax(site.call))
        let location = site.file.location(of: site.call)
        guard case .success(let parent) = ownerContext(parentName), parent.name != hoist.view.name,
              model.symbols.resolvedIndex(parent.type.qualifiedName).map(model.views.contains) == true,
              let block = SyntaxQueries.memberBlock(of: parent.primary.node) else {
            return .failure(Refusal("\(location) builds \(hoist.view.name) in high-level code that is not a view, which cannot read the environment to pass \(hoist.typeText) its dependencies"))
        }
        let roots: [SceneRoot]
        switch sceneRoots(module: parent.module) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): roots = value
        }
        let taken = memberNames(in: parent.declarations.map(\.node))
        var fix = OwnerFix(owner: parent.name, findings: 0, edits: [], protocols: [], moves: [], notes: [])
        var properties = ""
        let indent = block.members.first.map { parent.primary.file.indentation(at: $0.positionAfterSkippingLeadingTrivia) }
            ?? parent.primary.file.indentation(at: parent.primary.node.positionAfterSkippingLeadingTrivia) + parent.primary.file.indentUnit
        for dependency in planned {
            let name = dependency.injected.parameterName
            if taken.contains(name) { return .failure(Refusal("\(parent.name) already has a member named \(name), which would read \(dependency.firewall.name) from the environment")) }
            // A model that builds its own instance would get one the app's body builds again at
            // every evaluation, shared by every view (SwiftUI-SotkaApp's audio player).
            if dependency.firewall.adapter == nil, dependency.injected.reads.liveExpression.hasPrefix(dependency.firewall.concrete + "(") {
                return .failure(Refusal("\(location) builds \(hoist.typeText), which makes its own \(dependency.firewall.concrete); from the environment it would share one the app builds again with its body: pass one in by hand"))
            }
            switch environmentKey(for: dependency, module: parent.module, file: parent.primary.file, roots: roots, into: &fix) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let key): properties += "\n\(indent)@Environment(\\.\(key)) private var \(name)"
            }
        }
        result.edits.append((parent.primary.file.path, Self.insertion(ofProperties: properties, into: block)))
        result.edits += roots.flatMap { root in root.wrap.map { (root.file.path, $0) } }
        result.injections += fix.injections
        result.newFiles.merge(fix.newFiles) { first, _ in first }
        result.newFileHosts.merge(fix.newFileHosts) { first, _ in first }
        result.notes += fix.notes
        return .success(planned.map(\.injected.parameterName))
    }
}
