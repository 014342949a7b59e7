import FirebreakModel
import SwiftSyntax

/// Every call of a high-level type's inits, sorted by what a new parameter needs there: the live
/// instance passed (composition roots, previews, tests, neutral code), or a default argument
/// (high-level code, which must not name the concrete type).
extension Fixer {
    struct InitCalls {
        var explicit: [CallSite] = []
        var highLevel: [(site: CallSite, role: RoleAssignment)] = []
        /// Subclass inits in high-level code that leave `super.init()` unwritten: Swift calls the
        /// type's init there with its defaults, so these need them too.
        var implicitHighLevel: [(location: String, subclass: String, role: RoleAssignment)] = []
        /// One elsewhere, where the argument would have to be written into a call that is not there.
        var implicitElsewhere: Refusal?
        /// Subclasses' `override`s that a new parameter voids.
        var overrides: [(path: String, edit: TextEdit)] = []

        var needDefaults: Bool { !highLevel.isEmpty || !implicitHighLevel.isEmpty }
    }

    /// The type's constructions, in the files that name it, and the `.init(…)` arguments passed
    /// where an init of a type those files declare takes it.
    func constructions(of type: TypeInfo) -> [CallSite] {
        var sites: [CallSite] = []
        var parameters: Set<ContextualInitArguments.Parameter> = []
        for index in filesNaming(type.simpleName, type.qualifiedName) {
            guard let file = sources.file(model.files[index].path) else { continue }
            sites += CallSite.find(type: type.qualifiedName, in: file)
            // A nested type's bare name may be another type's; only a top-level one is matched.
            if !type.qualifiedName.contains(".") {
                parameters.formUnion(ContextualInitArguments.parameters(taking: type.simpleName, declaredIn: file))
            }
        }
        for parameter in parameters.sorted(by: { ($0.owner, $0.label) < ($1.owner, $1.label) }) {
            for index in filesNaming(parameter.owner, parameter.owner.lastNameComponent) {
                guard let file = sources.file(model.files[index].path) else { continue }
                sites += ContextualInitArguments.calls(for: parameter, in: file).map { CallSite(file: file, call: $0) }
            }
        }
        return sites
    }

    private func filesNaming(_ names: String...) -> [Int] {
        Set(names.flatMap { filesReferencing[$0] ?? [] }).sorted()
    }

    /// Its constructions and its subclasses' calls, each with the role of the code around it.
    func initCalls(of type: TypeInfo) -> Result<InitCalls, Refusal> {
        for index in filesNaming(type.simpleName, type.qualifiedName) {
            guard let file = sources.file(model.files[index].path),
                  let reference = CallSite.unappliedInits(type: type.qualifiedName, in: file).first else { continue }
            return .failure(Refusal("\(file.location(of: reference)) passes \(reference.trimmedDescription) as a function, which a new parameter's default does not reach; call it in a closure there, then run fix again"))
        }
        return subclassCalls(of: type).map { subclasses in
            var calls = InitCalls(overrides: subclasses.overrides)
            for site in constructions(of: type) + subclasses.sites {
                let role = role(of: Syntax(site.call), in: site.file)
                if role.role == .highLevel { calls.highLevel.append((site, role)) } else { calls.explicit.append(site) }
            }
            for implicit in subclasses.implicit {
                let role = role(of: Syntax(implicit.initializer), in: implicit.file)
                let location = implicit.file.location(of: implicit.initializer)
                if role.role == .highLevel {
                    calls.implicitHighLevel.append((location, implicit.subclass, role))
                } else if calls.implicitElsewhere == nil {
                    calls.implicitElsewhere = Refusal("\(location): \(implicit.subclass.lastNameComponent)'s init calls \(implicit.superclass.lastNameComponent)'s init implicitly; write super.init() there, then run fix again")
                }
            }
            return calls
        }
    }

    /// What is left to do where high-level code builds the type through a default argument.
    func defaultArgumentNote(_ site: CallSite, role: RoleAssignment, owner: String, arguments: Int, pass live: String, taking what: String) -> String {
        let location = site.file.location(of: site.call)
        guard let subclass = site.subclass else {
            return "\(location) builds \(owner) in high-level code (\(role.reason)), \(Self.throughDefaults(arguments)); pass \(live) from the composition root to take \(what) out of \(owner)'s closure"
        }
        // `super.init(…)`, or `self.init(…)` calling the init it inherits.
        if let base = site.call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
           base.is(SuperExprSyntax.self) || base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return subclassNote(location, subclass: subclass, role: role, owner: owner, arguments: arguments, pass: live, taking: what)
        }
        let name = subclass.lastNameComponent
        return "\(location) builds \(name), which inherits \(owner)'s init, in high-level code (\(role.reason)), \(Self.throughDefaults(arguments)); pass \(live) from the composition root to take \(what) out of \(name)'s closure"
    }

    /// The same for a subclass's init that calls the type's init, written or not.
    func subclassNote(_ location: String, subclass: String, role: RoleAssignment, owner: String, arguments: Int, pass live: String, taking what: String) -> String {
        let name = subclass.lastNameComponent
        return "\(location): \(name) calls \(owner)'s init in high-level code (\(role.reason)), \(Self.throughDefaults(arguments)); give \(name)'s init the parameter\(arguments == 1 ? "" : "s") too and pass \(live) from the composition root to take \(what) out of \(name)'s closure"
    }

    private static func throughDefaults(_ arguments: Int) -> String {
        "which compiles through the default argument\(arguments == 1 ? "" : "s")"
    }

    /// The role of the code around a node: the innermost declaration that holds its line.
    func role(of node: Syntax, in file: ParsedFile) -> RoleAssignment {
        var current = node.parent
        while let ancestor = current {
            if let macro = ancestor.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return RoleAssignment(.exempt, "inside #Preview") }
            if let macro = ancestor.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return RoleAssignment(.exempt, "inside #Preview") }
            current = ancestor.parent
        }
        guard let index = fileIndex[file.path] else { return RoleAssignment(.neutral, "not scanned") }
        let line = file.line(of: node)
        let facts = model.files[index]
        let holding = facts.declarations.indices.filter { facts.declarations[$0].startLine <= line && line <= facts.declarations[$0].endLine }
        guard let innermost = holding.max(by: { facts.declarations[$0].startLine < facts.declarations[$1].startLine }) else {
            return model.fileScopeRoles[index]
        }
        return model.declarationRoles[index][innermost]
    }
}
