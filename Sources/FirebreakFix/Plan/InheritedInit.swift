import SwiftSyntax

/// The designated init a subclass without inits of its own inherits from a scanned superclass,
/// declared again in the subclass so that it can take a dependency beside the same parameters and
/// hand those to `super.init`.
///
/// A subclass that declares a designated init stops inheriting its superclass's inits, so this
/// holds only when there is exactly one to stand in for: no convenience init (no longer inherited
/// either) and no required one (which the subclass would then have to declare too).
struct InheritedInit {
    /// Each parameter as the superclass writes it, default value included.
    var parameters: [String]
    /// `accountId: accountId`, or the bare name for an unlabelled parameter.
    var arguments: [String]
    /// The names the parameters bind, which a dependency's parameter must not reuse.
    var names: [String]
    /// ` async throws`, as written, or empty.
    var effects: String
    /// `try await ` when the superclass's init needs it.
    var callPrefix: String

    /// `declarations`: the superclass's declaration, then its extensions.
    static func of(_ superclass: String, declarations: [DeclSyntax], subclass: String) -> Result<InheritedInit, Refusal> {
        func refusal(_ why: String) -> Result<InheritedInit, Refusal> {
            .failure(Refusal("\(subclass) subclasses \(superclass) and has no init of its own, and \(why); write one, then run fix again"))
        }
        if let primary = declarations.first?.as(ClassDeclSyntax.self), primary.genericParameterClause != nil {
            return refusal("\(superclass) is generic")
        }
        let inits = declarations.flatMap { SyntaxQueries.memberBlock(of: $0)?.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) } ?? [] }
        if inits.contains(where: { SyntaxQueries.modifiers(of: $0).contains("required") }) {
            return refusal("\(superclass) has a required init, which the subclass would have to declare too")
        }
        if inits.contains(where: { SyntaxQueries.modifiers(of: $0).contains("convenience") }) {
            return refusal("it inherits convenience inits from \(superclass), which a new init would take away")
        }
        guard inits.count == 1, let initializer = inits.first else {
            return refusal(inits.isEmpty ? "\(superclass) declares no init to pass parameters to" : "\(superclass) has \(inits.count) inits to stand in for")
        }
        guard initializer.optionalMark == nil, initializer.genericParameterClause == nil, initializer.attributes.isEmpty else {
            return refusal("the init of \(superclass) is failable, generic or has attributes")
        }
        var parameters: [String] = []
        var arguments: [String] = []
        var names: [String] = []
        for parameter in initializer.signature.parameterClause.parameters {
            let name = (parameter.secondName ?? parameter.firstName).text
            guard parameter.ellipsis == nil, name != "_", !parameter.type.trimmedDescription.hasPrefix("inout ") else {
                return refusal("the init of \(superclass) has a variadic, inout or unnamed parameter")
            }
            parameters.append(parameter.with(\.trailingComma, nil).trimmedDescription)
            names.append(name)
            arguments.append(parameter.firstName.text == "_" ? name : "\(parameter.firstName.text): \(name)")
        }
        let effects = initializer.signature.effectSpecifiers
        let isAsync = effects?.asyncSpecifier != nil
        let throwsClause = effects?.throwsClause != nil
        return .success(InheritedInit(parameters: parameters, arguments: arguments, names: names,
                                      effects: effects.map { " " + $0.trimmedDescription } ?? "",
                                      callPrefix: (throwsClause ? "try " : "") + (isAsync ? "await " : "")))
    }
}
