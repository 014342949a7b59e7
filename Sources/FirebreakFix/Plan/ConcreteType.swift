import SwiftSyntax

/// The infrastructure type a high-level type reaches, with every declaration of it the scan
/// found (the type and its extensions): where its members' signatures come from.
struct ConcreteType {
    var name: String
    var declarations: [(file: ParsedFile, node: DeclSyntax)]
    /// Types declared inside it (`HapticType` of `HapticManager`): the protocol spells them
    /// qualified, since it is declared outside the type.
    var nestedTypes: Set<String> = []
    /// For a platform type, the global actor its SDK declares.
    var platformGlobalActor: String?
    /// A platform type sits behind a `Live…` adapter, which the members forward through.
    var isPlatform = false

    /// What the protocol needs for the used members: requirements, and for calls that leave out
    /// defaulted arguments (which requirements cannot declare) a forwarding method in an extension.
    struct Interface {
        var requirements: [String] = []
        var conveniences: [String] = []
        /// The type names the signatures spell (`User`, `Post`).
        var typeNames: Set<String> = []
        /// Nested types of the concrete type the signatures spell: the protocol still names it.
        var nestedTypesNamed: Set<String> = []
        /// For a `Live…` adapter: each requirement implemented by calling `base`.
        var forwarders: [String] = []
        /// A settable requirement needs a class-bound protocol, so a `let` holder can set it.
        var isClassBound = false
    }

    var primary: (file: ParsedFile, node: DeclSyntax)? { declarations.first { !$0.node.is(ExtensionDeclSyntax.self) } }

    var isActor: Bool { primary?.node.is(ActorDeclSyntax.self) == true }

    /// `@MainActor` or another global actor written on the type: the protocol carries it too, or
    /// the conformance would cross isolation. SwiftData's `@ModelActor` is a macro that makes the
    /// type an actor of its own, not a global actor (Backyard Birds' `BirdBrain`).
    var globalActor: String? {
        if isPlatform { return platformGlobalActor }
        guard let primary else { return nil }
        return SyntaxQueries.attributes(of: primary.node).first { attribute in
            attribute == "MainActor" || attribute.hasSuffix("Actor") && !Self.actorMacros.contains(attribute)
        }
    }

    /// Attributes named like a global actor that are not one.
    static let actorMacros: Set<String> = ["globalActor", "ModelActor"]

    /// The shared instance is set after launch (`static var shared: BirdBrain!`, assigned by a
    /// factory a view calls): a composition root that reads it when the app starts would find
    /// nothing there, so the injection would trap or pass nil.
    func setAfterLaunch(_ member: String) -> Bool {
        declarations.contains { declaration in
            (SyntaxQueries.memberBlock(of: declaration.node)?.members ?? []).contains { item in
                guard let variable = item.decl.as(VariableDeclSyntax.self), SyntaxQueries.modifiers(of: item.decl).contains("static"),
                      let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == member }),
                      let type = binding.typeAnnotation?.type else { return false }
                return type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) || type.is(OptionalTypeSyntax.self)
            }
        }
    }

    /// Actors, global-actor types and declared `Sendable` conformances make the protocol `Sendable`.
    var isSendable: Bool {
        if isActor || globalActor != nil { return true }
        return declarations.contains { declaration in
            SyntaxQueries.inheritedTypes(of: declaration.node).contains { $0 == "Sendable" || $0 == "@unchecked Sendable" }
        }
    }

    /// The interface for the used members, in the order the type declares them. `calls` holds,
    /// per member, the argument labels of each call (`_` for none, `{}` for a trailing closure).
    func interface(for members: Set<String>, calls: [String: Set<[String]>], setters: Set<String> = []) -> Result<Interface, Refusal> {
        var interface = Interface()
        if let setter = setters.sorted().first {
            guard !isPlatform, primary?.node.is(ClassDeclSyntax.self) == true else {
                return .failure(Refusal("the type assigns \(name).\(setter); only a class's properties can be set through a protocol"))
            }
            interface.isClassBound = true
        }
        var found = Set<String>()
        var matchedCalls: [String: Set<[String]>] = [:]
        for (_, node) in declarations {
            guard let block = SyntaxQueries.memberBlock(of: node) else { continue }
            for item in block.members {
                let modifiers = SyntaxQueries.modifiers(of: item.decl)
                guard !modifiers.contains("static"), !modifiers.contains("class") else { continue }
                var member: String?
                var result: Result<(String, [String], String), Refusal>?
                let declaration = NestedTypeQualifier(concrete: name, nested: nestedTypes).rewrite(item.decl).as(DeclSyntax.self) ?? item.decl
                if let function = declaration.as(FunctionDeclSyntax.self), members.contains(function.name.text) {
                    // Overloads no call could pick stay out (ISP): `post(name:object:)` needs no `post(_:)`.
                    let parameters = Array(function.signature.parameterClause.parameters)
                    if let used = calls[function.name.text], !used.isEmpty, !used.contains(where: { Self.match($0, to: parameters) != nil }) {
                        continue
                    }
                    member = function.name.text
                    // Each overload serves the calls it matches; a call no overload matches is refused below.
                    let served = (calls[function.name.text] ?? []).filter { Self.match($0, to: parameters) != nil }
                    matchedCalls[function.name.text, default: []].formUnion(served)
                    result = functionRequirement(function, modifiers: modifiers, calls: served)
                } else if let variable = declaration.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, members.contains(name) else { continue }
                        member = name
                        // A property isolated to the main actor is a requirement isolated to it: a
                        // nonisolated one cannot be witnessed by it (enchanted's `@MainActor var messages`).
                        let isolation = SyntaxQueries.attributes(of: DeclSyntax(variable)).contains("MainActor") ? "@MainActor " : ""
                        result = propertyRequirement(binding, in: variable, name: name, modifiers: modifiers, settable: setters.contains(name)).map { requirement in
                            let indent = FirewallProtocol.indentMarker
                            return (isolation + requirement, [], "var \(name): \(binding.typeAnnotation?.type.trimmedDescription ?? "") {\n\(indent)\(indent)base.\(name)\n\(indent)}")
                        }
                    }
                }
                guard let member, let result else { continue }
                switch result {
                case .failure(let refusal): return .failure(refusal)
                case .success(let (requirement, conveniences, forwarder)):
                    found.insert(member)
                    interface.requirements.append(requirement)
                    interface.conveniences += conveniences
                    interface.forwarders.append(forwarder)
                    let collector = TypeNameCollector(viewMode: .sourceAccurate)
                    collector.walk(item.decl)
                    interface.typeNames.formUnion(collector.names.subtracting(nestedTypes).subtracting(collector.genericParameters))
                    interface.nestedTypesNamed.formUnion(collector.names.intersection(nestedTypes))
                }
            }
        }
        if let refusal = unserved(members, found: found, calls: calls, matchedCalls: matchedCalls) { return .failure(refusal) }
        return .success(interface)
    }

    /// A call no overload matches, or a member with no declaration the protocol could copy.
    private func unserved(_ members: Set<String>, found: Set<String>, calls: [String: Set<[String]>],
                          matchedCalls: [String: Set<[String]>]) -> Refusal? {
        for (member, served) in matchedCalls.sorted(by: { $0.key < $1.key }) {
            if let unmatched = (calls[member] ?? []).subtracting(served).sorted(by: { $0.joined() < $1.joined() }).first {
                return Refusal("a call of \(name).\(member) with labels (\(unmatched.joined(separator: ":"))) matches no parameters")
            }
        }
        guard let missing = members.sorted().first(where: { !found.contains($0) }) else { return nil }
        if isPlatform {
            return Refusal("\(name).\(missing) is not in firebreak's table of platform members, so its signature is unknown")
        }
        return Refusal("\(name).\(missing) is not declared in the scanned sources of \(name) (inherited, or from a protocol extension), so its signature is unknown")
    }

    private func checkAccess(_ modifiers: [String], member: String) -> Refusal? {
        guard modifiers.contains("private") || modifiers.contains("fileprivate") else { return nil }
        return Refusal("\(name).\(member) is private, so no conformance outside its file can see it")
    }

    private func functionRequirement(_ function: FunctionDeclSyntax, modifiers: [String], calls: Set<[String]>) -> Result<(String, [String], String), Refusal> {
        let parameters = Array(function.signature.parameterClause.parameters)
        let member = "\(function.name.text)(\(parameters.map { "\($0.firstName.text):" }.joined()))"
        if let refusal = checkAccess(modifiers, member: member) { return .failure(refusal) }
        if modifiers.contains("mutating") {
            return .failure(Refusal("\(name).\(member) is mutating, which a dependency held as `let` cannot call"))
        }
        let returnType = function.signature.returnClause?.type.trimmedDescription ?? ""
        if returnType.contains("some ") || returnType.contains("Self") {
            return .failure(Refusal("\(name).\(member) returns `\(returnType)`, which a protocol requirement cannot declare as written"))
        }
        // `@discardableResult`, and a global actor the method is isolated to, carry over.
        var prefix = ""
        for attribute in function.attributes.compactMap({ $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription })
            where attribute == "discardableResult" || attribute == "MainActor" {
            prefix += "@\(attribute) "
        }
        prefix += "func \(function.name.text)" + (function.genericParameterClause?.trimmedDescription ?? "")
        var effects: [String] = []
        let specifiers = function.signature.effectSpecifiers
        let isolatedToActor = isActor && !modifiers.contains("nonisolated")
        if specifiers?.asyncSpecifier != nil || isolatedToActor { effects.append("async") }
        if let throwsClause = specifiers?.throwsClause { effects.append(throwsClause.trimmedDescription) }
        var suffix = effects.isEmpty ? "" : " " + effects.joined(separator: " ")
        if let returnClause = function.signature.returnClause { suffix += " " + returnClause.trimmedDescription }
        if let whereClause = function.genericWhereClause { suffix += " " + whereClause.trimmedDescription }

        let written = parameters.map { $0.with(\.defaultValue, nil).with(\.trailingComma, nil).trimmedDescription }
        let requirement = prefix + "(" + written.joined(separator: ", ") + ")" + suffix
        let forwarder = requirement + " {\n\(FirewallProtocol.indentMarker)\(FirewallProtocol.indentMarker)"
            + Self.call(function.name.text, passing: parameters, supplied: Set(parameters.indices), on: "base.", effects: effects, throwing: specifiers?.throwsClause != nil)
            + "\n\(FirewallProtocol.indentMarker)}"
        guard parameters.contains(where: { $0.defaultValue != nil }) else { return .success((requirement, [], forwarder)) }

        // Requirements cannot have default arguments: each call that leaves some out gets a
        // method in an extension that passes the type's own defaults.
        var conveniences: [String] = []
        for labels in calls.sorted(by: { $0.joined(separator: ",") < $1.joined(separator: ",") }) {
            guard let supplied = Self.match(labels, to: parameters) else {
                return .failure(Refusal("a call of \(name).\(member) with labels (\(labels.joined(separator: ":"))) matches no parameters"))
            }
            guard supplied.count < parameters.count else { continue }
            let keptParameters = supplied.sorted().map { written[$0] }
            let call = Self.call(function.name.text, passing: parameters, supplied: supplied, on: "", effects: effects,
                                 throwing: specifiers?.throwsClause != nil)
            let indent = FirewallProtocol.indentMarker
            let convenience = prefix + "(" + keptParameters.joined(separator: ", ") + ")" + suffix + " {\n\(indent)\(indent)\(call)\n\(indent)}"
            if !conveniences.contains(convenience) { conveniences.append(convenience) }
        }
        return .success((requirement, conveniences, forwarder))
    }

    /// `try await base.name(label: value, ...)`: the supplied parameters by their inner names,
    /// the others by their default values.
    /// `argument` names a supplied parameter's value: its inner name, or `$0` in a closure.
    static func call(_ name: String, passing parameters: [FunctionParameterSyntax], supplied: Set<Int>, on receiver: String,
                     effects: [String], throwing: Bool,
                     argument: (Int, FunctionParameterSyntax) -> String = { _, parameter in (parameter.secondName ?? parameter.firstName).text }) -> String {
        let arguments = parameters.enumerated().map { index, parameter -> String in
            let label = parameter.firstName.text == "_" ? "" : "\(parameter.firstName.text): "
            guard supplied.contains(index) else { return label + (parameter.defaultValue?.value.trimmedDescription ?? "") }
            let inner = argument(index, parameter)
            let isInout = parameter.type.as(AttributedTypeSyntax.self)?.specifiers.contains { $0.trimmedDescription == "inout" } == true
            return label + (isInout ? "&" : "") + inner
        }
        var call = "\(receiver)\(name)(\(arguments.joined(separator: ", ")))"
        if effects.contains("async") { call = "await " + call }
        if throwing { call = "try " + call }
        return call
    }

    /// The indices of the parameters a call's labels fill, when every left-out one has a default.
    /// A trailing closure (`{}`) fills the next parameter of function type, as Swift's forward scan does.
    static func match(_ labels: [String], to parameters: [FunctionParameterSyntax]) -> Set<Int>? {
        var supplied = Set<Int>()
        var index = 0
        for label in labels {
            while index < parameters.count,
                  label == "{}" ? !parameters[index].type.trimmedDescription.contains("->") : parameters[index].firstName.text != label {
                guard parameters[index].defaultValue != nil else { return nil }
                index += 1
            }
            guard index < parameters.count else { return nil }
            supplied.insert(index)
            index += 1
        }
        guard parameters[index...].allSatisfy({ $0.defaultValue != nil }) else { return nil }
        return supplied
    }

    private func propertyRequirement(_ binding: PatternBindingSyntax, in variable: VariableDeclSyntax, name member: String, modifiers: [String],
                                     settable: Bool) -> Result<String, Refusal> {
        if let refusal = checkAccess(modifiers, member: member) { return .failure(refusal) }
        if settable {
            let accessors = binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self)
            let isStored = binding.accessorBlock == nil || accessors?.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) } == true
            let hasSetter = accessors?.contains { $0.accessorSpecifier.text == "set" } ?? false
            guard variable.bindingSpecifier.text == "var", isStored || hasSetter,
                  !modifiers.contains(where: { $0.hasSuffix("(set)") }) else {
                return .failure(Refusal("the type assigns \(name).\(member), which cannot be set from outside \(name)"))
            }
            guard let type = binding.typeAnnotation?.type.trimmedDescription ?? Self.literalType(binding.initializer?.value) else {
                return .failure(Refusal("\(name).\(member) has no written type, so its requirement cannot be spelled"))
            }
            return .success("var \(member): \(type) { get set }")
        }
        guard let type = binding.typeAnnotation?.type.trimmedDescription ?? Self.literalType(binding.initializer?.value) else {
            return .failure(Refusal("\(name).\(member) has no written type, so its requirement cannot be spelled"))
        }
        if type.contains("some ") {
            return .failure(Refusal("\(name).\(member) is `\(type)`, which a protocol requirement cannot declare"))
        }
        var effects: [String] = []
        if let accessors = binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self),
           let getter = accessors.first(where: { $0.accessorSpecifier.text == "get" }) {
            if getter.effectSpecifiers?.asyncSpecifier != nil { effects.append("async") }
            if let throwsClause = getter.effectSpecifiers?.throwsClause { effects.append(throwsClause.trimmedDescription) }
        }
        if isActor, !modifiers.contains("nonisolated"), !effects.contains("async") { effects.insert("async", at: 0) }
        return .success("var \(member): \(type) { get\(effects.isEmpty ? "" : " " + effects.joined(separator: " ")) }")
    }

    /// The type of a stored property's literal initial value, for properties written without one.
    static func literalType(_ value: ExprSyntax?) -> String? {
        guard let value else { return nil }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        // `Set<URL>()`, `[String]()`, `Cache()`: the type constructed.
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            let callee = call.calledExpression.trimmedDescription
            if callee.first?.isUppercase == true || callee.hasPrefix("[") { return callee }
        }
        return nil
    }
}

/// Type names written in a member's signature (not in its body).
private final class TypeNameCollector: SyntaxVisitor {
    var names = Set<String>()
    var genericParameters = Set<String>()

    override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind {
        genericParameters.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        names.insert(node.name.text)
        return .visitChildren
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// `HapticType` → `HapticManager.HapticType` for the concrete type's nested types.
final class NestedTypeQualifier: SyntaxRewriter {
    let concrete: String
    let nested: Set<String>

    init(concrete: String, nested: Set<String>) {
        self.concrete = concrete
        self.nested = nested
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        guard nested.contains(node.name.text) else { return super.visit(node) }
        let qualified = MemberTypeSyntax(
            baseType: IdentifierTypeSyntax(name: .identifier(concrete)), name: node.name.trimmed,
            genericArgumentClause: node.genericArgumentClause)
        return TypeSyntax(qualified.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia))
    }

    override func visit(_ node: CodeBlockSyntax) -> CodeBlockSyntax { node }
}
