import SwiftSyntax

/// `--style closures` (seed 003): each used member of the concrete type as a closure field of the
/// high-level type's `Dependencies`, its live value forwarding to the shared instance, and the
/// parameters calls are matched against.
struct ClosureField {
    var member: String
    /// The field's name: the member's, or prefixed with the holder's when two types share it.
    var name: String
    /// `(String) async throws -> User`.
    var type: String
    /// `{ try await APIClient.shared.fetchUser(id: $0) }`.
    var live: String
    /// Nil for a property, read as `dependencies.count()`.
    var parameters: [FunctionParameterSyntax]?

    static func make(for concrete: ConcreteType, reads: DependencyReads) -> Result<[ClosureField], Refusal> {
        if let setter = reads.setters.sorted().first {
            return .failure(Refusal("the type assigns \(concrete.name).\(setter); a closure cannot be assigned through"))
        }
        if reads.hasLocalHolder {
            return .failure(Refusal("a local constant holds \(reads.liveExpression); --style closures rewrites only member uses"))
        }
        var fields: [ClosureField] = []
        for member in reads.members.sorted() {
            switch declaration(of: member, in: concrete, reads: reads).flatMap({ field(member, declaredBy: $0, in: concrete, reads: reads) }) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let field): fields.append(field)
            }
        }
        return .success(fields)
    }

    /// The instance member's one declaration (of overloads, the one the calls' labels pick),
    /// spelled outside the concrete type: its nested types qualified.
    private static func declaration(of member: String, in concrete: ConcreteType, reads: DependencyReads) -> Result<DeclSyntax, Refusal> {
        var found: [DeclSyntax] = []
        for (_, node) in concrete.declarations {
            for item in SyntaxQueries.memberBlock(of: node)?.members ?? [] {
                let modifiers = SyntaxQueries.modifiers(of: item.decl)
                guard !modifiers.contains("static"), !modifiers.contains("class") else { continue }
                if let function = item.decl.as(FunctionDeclSyntax.self), function.name.text == member { found.append(item.decl) }
                if let variable = item.decl.as(VariableDeclSyntax.self),
                   variable.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == member }) {
                    found.append(item.decl)
                }
            }
        }
        let declared = found.count
        if found.count > 1, let used = reads.calls[member], !used.isEmpty {
            found = found.filter { declaration in
                guard let function = declaration.as(FunctionDeclSyntax.self) else { return false }
                let parameters = Array(function.signature.parameterClause.parameters)
                return used.allSatisfy { ConcreteType.match($0, to: parameters) != nil }
            }
        }
        guard found.count == 1, let written = found.first else {
            if declared > 1, found.isEmpty {
                return .failure(Refusal("\(concrete.name).\(member) is called through more than one of its overloads, and a closure field holds one"))
            }
            return .failure(Refusal(found.isEmpty ? "\(concrete.name).\(member) is not declared where fix can read it"
                                        : "\(concrete.name).\(member) is overloaded, and a closure field cannot be"))
        }
        return .success(NestedTypeQualifier(concrete: concrete.name, nested: concrete.nestedTypes).rewrite(written).as(DeclSyntax.self) ?? written)
    }

    /// A method as a closure of its parameters, a property as a closure of none.
    private static func field(_ member: String, declaredBy declaration: DeclSyntax, in concrete: ConcreteType,
                              reads: DependencyReads) -> Result<ClosureField, Refusal> {
        let isolation = concrete.globalActor.map { "@\($0) " } ?? ""
        let awaits = concrete.isActor && !SyntaxQueries.modifiers(of: declaration).contains("nonisolated")
        if let function = declaration.as(FunctionDeclSyntax.self) {
            if function.genericParameterClause != nil {
                return .failure(Refusal("\(concrete.name).\(member) is generic, and a closure field cannot be"))
            }
            let parameters = Array(function.signature.parameterClause.parameters)
            let effects = function.signature.effectSpecifiers
            let isAsync = effects?.asyncSpecifier != nil || awaits
            let throwsText = effects?.throwsClause?.trimmedDescription
            let effectText = [isAsync ? "async" : nil, throwsText].compactMap { $0 }.joined(separator: " ")
            let result = function.signature.returnClause?.type.trimmedDescription ?? "Void"
            let types = parameters.map { $0.type.trimmedDescription }
            let type = isolation + "(" + types.joined(separator: ", ") + ")" + (effectText.isEmpty ? "" : " " + effectText) + " -> " + result
            let call = ConcreteType.call(member, passing: parameters, supplied: Set(parameters.indices), on: "\(reads.liveExpression).",
                                         effects: isAsync ? ["async"] : [], throwing: throwsText != nil) { index, _ in "$\(index)" }
            return .success(ClosureField(member: member, name: member, type: type, live: "{ \(call) }", parameters: parameters))
        }
        if let variable = declaration.as(VariableDeclSyntax.self),
           let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == member }),
           let type = binding.typeAnnotation?.type.trimmedDescription ?? ConcreteType.literalType(binding.initializer?.value) {
            let read = (awaits ? "await " : "") + "\(reads.liveExpression).\(member)"
            return .success(ClosureField(member: member, name: member, type: isolation + "()" + (awaits ? " async" : "") + " -> " + type,
                                         live: "{ \(read) }", parameters: nil))
        }
        return .failure(Refusal("\(concrete.name).\(member) has no written type, so its closure cannot be spelled"))
    }


    /// The call that replaces a use: labels dropped, left-out arguments given the type's defaults.
    func call(replacing access: MemberAccessExprSyntax, receiver: String) -> Result<(range: Range<Int>, text: String), Refusal> {
        let start = access.positionAfterSkippingLeadingTrivia.utf8Offset
        guard let parameters else {
            return .success((start..<access.endPositionBeforeTrailingTrivia.utf8Offset, "\(receiver).\(name)()"))
        }
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id else {
            return .failure(Refusal("\(member) is used without being called, which a closure field cannot stand for"))
        }
        var labels = call.arguments.map { $0.label?.text ?? "_" }
        if call.trailingClosure != nil { labels.append("{}") }
        guard call.additionalTrailingClosures.isEmpty, let supplied = ConcreteType.match(labels, to: parameters) else {
            return .failure(Refusal("a call of \(member) matches no parameters"))
        }
        var given = Array(call.arguments.map { $0.expression.trimmedDescription })
        let order = supplied.sorted()
        var byIndex: [Int: String] = [:]
        for (position, index) in order.enumerated() where position < given.count { byIndex[index] = given[position] }
        given.removeAll()
        // The trailing closure stays where it is, after the parentheses: it fills the last parameter.
        let trailingIndex = call.trailingClosure != nil ? order.last : nil
        if let trailingIndex, trailingIndex != parameters.count - 1 {
            return .failure(Refusal("a call of \(member) passes a trailing closure before defaulted parameters"))
        }
        var arguments: [String] = []
        for (index, parameter) in parameters.enumerated() where index != trailingIndex {
            if let value = byIndex[index] {
                arguments.append(value)
            } else if let value = parameter.defaultValue?.value.trimmedDescription {
                arguments.append(value)
            }
        }
        let end = call.rightParen?.endPositionBeforeTrailingTrivia.utf8Offset ?? access.endPositionBeforeTrailingTrivia.utf8Offset
        return .success((start..<end, "\(receiver).\(name)(\(arguments.joined(separator: ", ")))"))
    }
}
