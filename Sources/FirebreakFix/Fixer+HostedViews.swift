import FirebreakModel
import FirebreakScan
import SwiftSyntax

/// Views that a UIKit or AppKit host shows outside the scenes (`NSHostingView(rootView:
/// contentView)` for Enchanted's prompt panel): they do not inherit the environment the scenes
/// set, so a view among them that read it would run on the preview double. `--style auto` takes
/// them through `init` instead.
extension Fixer {
    static let hostTypes = ["UIHostingController", "NSHostingController", "NSHostingView"]

    /// By type index, the views the hosts show whose type can be read from the code (the root
    /// view's construction, a local it was built into, the host's generic argument), with the
    /// host's location, and every view those build, whatever the depth.
    func hostedViews() -> [Int: String] {
        if let found = hostedViewsFound { return found }
        var shown: [Int: String] = [:]
        var queue: [Int] = []
        // Only the files that name a host: the others need not be parsed again.
        for index in Set(Self.hostTypes.flatMap { filesReferencing[$0] ?? [] }).sorted() {
            guard let file = sources.file(model.files[index].path) else { continue }
            for host in Self.hostTypes {
                for site in CallSite.find(type: host, in: file) {
                    guard let view = Self.hostedTypeNames(site.call).lazy.compactMap(model.symbols.resolvedIndex).first(where: model.views.contains),
                          shown[view] == nil else { continue }
                    shown[view] = "\(Self.article(host)) \(host) at \(file.location(of: site.call))"
                    queue.append(view)
                }
            }
        }
        let built = viewsBuiltByViews()
        while let view = queue.popLast() {
            for next in built[view] ?? [] where shown[next] == nil {
                shown[next] = shown[view]
                queue.append(next)
            }
        }
        hostedViewsFound = shown
        return shown
    }

    /// `an NSHostingView`, `a UIHostingController`.
    static func article(_ host: String) -> String {
        host.hasPrefix("NS") ? "an" : "a"
    }

    /// Each view's type index, with the views its code constructs.
    private func viewsBuiltByViews() -> [Int: Set<Int>] {
        var built: [Int: Set<Int>] = [:]
        for (index, facts) in model.files.enumerated() {
            for reference in facts.references where reference.kind == .instantiation {
                guard let owner = reference.owner, let builder = model.symbols.typeIndex(of: DeclarationID(file: index, index: owner)),
                      model.views.contains(builder), let view = model.symbols.resolvedIndex(reference.name), model.views.contains(view),
                      view != builder else { continue }
                built[builder, default: []].insert(view)
            }
        }
        return built
    }

    /// What the root view's type may be: the host's generic argument (`NSHostingView<PromptPanel>`,
    /// not when it is `AnyView`), and the type its `rootView:` argument constructs, directly,
    /// under modifiers or `AnyView`, or in a local declared before the host.
    static func hostedTypeNames(_ call: FunctionCallExprSyntax) -> [String] {
        let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self)?.genericArgumentClause.arguments.first
            .map { $0.argument.trimmedDescription }
        let root = call.arguments.first(where: { $0.label?.text == "rootView" })
            .flatMap { constructedViewName($0.expression, near: Syntax(call)) }
        return [generic, root].compactMap { $0 }
    }

    private static func constructedViewName(_ expression: ExprSyntax, near site: Syntax, depth: Int = 0) -> String? {
        guard depth < 4 else { return nil }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if name == "AnyView", let inner = call.arguments.first?.expression { return constructedViewName(inner, near: site, depth: depth + 1) }
                return name.first?.isUppercase == true ? name : nil
            }
            // `PromptPanel(…).frame(…)`: a modifier of the view it is called on.
            if let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                return constructedViewName(base, near: site, depth: depth + 1)
            }
            return nil
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self),
           let binding = localBinding(named: reference.baseName.text, before: site) {
            if let annotation = binding.typeAnnotation { return annotation.type.trimmedDescription }
            return binding.initializer.flatMap { constructedViewName($0.value, near: site, depth: depth + 1) }
        }
        return nil
    }

    /// `let contentView = PromptPanel(…)` in a code block around the host, before it.
    private static func localBinding(named name: String, before site: Syntax) -> PatternBindingSyntax? {
        var current = site.parent
        while let node = current {
            if let block = node.as(CodeBlockItemListSyntax.self) {
                for item in block where item.position < site.position {
                    guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                    if let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }) {
                        return binding
                    }
                }
            }
            current = node.parent
        }
        return nil
    }
}
