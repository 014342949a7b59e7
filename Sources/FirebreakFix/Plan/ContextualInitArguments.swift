import SwiftSyntax

/// Constructions that never spell the type: `.init(client: client)` passed where another type's
/// init takes it (`StatusManager(progressSyncService: .init(client: client))`). The compiler
/// infers the type from the parameter; a fix that changes the type's init must find these too.
enum ContextualInitArguments {
    /// A parameter of some type's init that takes the type: calls of `owner` pass it by `label`.
    struct Parameter: Hashable {
        var owner: String
        var label: String
    }

    /// The init parameters of the types declared in `file` whose type is `typeName` (optional or
    /// not): explicit inits' labelled parameters, and a struct's memberwise ones when it declares
    /// no init.
    static func parameters(taking typeName: String, declaredIn file: ParsedFile) -> [Parameter] {
        file.typeDeclarations.flatMap { declaration -> [Parameter] in
            guard let block = SyntaxQueries.memberBlock(of: declaration.node) else { return [] }
            let inits = block.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            let labels: [String]
            if !inits.isEmpty {
                labels = inits.flatMap { initializer in
                    initializer.signature.parameterClause.parameters.compactMap { parameter in
                        names(parameter.type, typeName) && parameter.firstName.text != "_" ? parameter.firstName.text : nil
                    }
                }
            } else if declaration.node.is(StructDeclSyntax.self) {
                labels = block.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(storedProperties)
                    .compactMap { names($0.type, typeName) ? $0.name : nil }
            } else {
                labels = []
            }
            return labels.map { Parameter(owner: declaration.name, label: $0) }
        }
    }

    /// The `.init(…)` arguments passed by `parameter.label` in calls of `parameter.owner`'s init.
    static func calls(for parameter: Parameter, in file: ParsedFile) -> [FunctionCallExprSyntax] {
        let finder = Finder(parameter: parameter)
        finder.walk(file.tree)
        return finder.found
    }

    /// Spelled as the type itself: `Outer.Service` may be another type than a top-level `Service`.
    private static func names(_ type: TypeSyntax, _ typeName: String) -> Bool {
        var text = type.trimmedDescription
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        return text == typeName
    }

    private static func storedProperties(_ variable: VariableDeclSyntax) -> [(name: String, type: TypeSyntax)] {
        let modifiers = SyntaxQueries.modifiers(of: variable)
        guard !modifiers.contains("static"), !modifiers.contains("lazy") else { return [] }
        return variable.bindings.compactMap { binding in
            guard binding.accessorBlock == nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let type = binding.typeAnnotation?.type else { return nil }
            // A `let` with a value is no parameter of the memberwise init.
            if variable.bindingSpecifier.tokenKind == .keyword(.let), binding.initializer != nil { return nil }
            return (name, type)
        }
    }

    private final class Finder: SyntaxVisitor {
        let parameter: Parameter
        var found: [FunctionCallExprSyntax] = []

        init(parameter: Parameter) {
            self.parameter = parameter
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                  member.declName.baseName.text == "init",
                  let argument = node.parent?.as(LabeledExprSyntax.self), argument.label?.text == parameter.label,
                  let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) else { return .visitChildren }
            let callee = call.calledExpression.trimmedDescription
            let owner = parameter.owner.split(separator: ".").last.map(String.init) ?? parameter.owner
            if callee == owner || callee == "\(owner).init" || callee == parameter.owner || callee == "\(parameter.owner).init" {
                found.append(node)
            }
            return .visitChildren
        }
    }
}
