import SwiftParser
import SwiftSyntax

/// `--mocks`: a value type that conforms to the written protocol for previews and tests, with
/// the seeds' three knobs (seed 001): a fixture per result, a delay for async members and a
/// failure for throwing ones. Built from the protocol's own requirements.
struct PreviewDouble: Hashable {
    var name: String
    var path: String
    var source: String
    /// Fixtures of types with no obvious empty value (`ImageLoader`): `Name()` does not compile,
    /// so the double cannot be an environment key's default.
    var fixturesWithoutDefault: [String] = []

    /// `Preview` + the protocol without a `Providing` suffix: `PreviewImageCache`, `PreviewAPIFetching`.
    static func name(for protocolName: String) -> String {
        "Preview" + ProtocolNaming.stem(of: protocolName)
    }

    static func make(for firewall: FirewallProtocol, folder: String) -> Result<PreviewDouble, Refusal> {
        let unit = firewall.indentUnit
        let name = Self.name(for: firewall.name)
        guard !firewall.isClassBound else {
            return .failure(Refusal("\(firewall.name) is class-bound (the type sets a property through it): a value type cannot stand in"))
        }
        let parsed = Parser.parse(source: "protocol P {\n" + firewall.requirements.joined(separator: "\n") + "\n}\n")
        guard let members = parsed.statements.first?.item.as(ProtocolDeclSyntax.self)?.memberBlock.members else {
            return .failure(Refusal("the requirements of \(firewall.name) do not parse (a firebreak bug: please report it)"))
        }
        var parts = Parts(unit: unit)
        for item in members {
            if let variable = item.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
               let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
               let type = binding.typeAnnotation?.type.trimmedDescription {
                if binding.accessorBlock?.description.contains("async") == true || binding.accessorBlock?.description.contains("throws") == true {
                    return .failure(Refusal("\(firewall.name).\(property) is an async or throwing property, which a stored fixture cannot be"))
                }
                parts.properties.append("var \(property): \(type)\(defaultValue(for: type).map { " = \($0)" } ?? "")")
                continue
            }
            guard let function = item.decl.as(FunctionDeclSyntax.self) else { continue }
            if function.genericParameterClause != nil {
                return .failure(Refusal("\(firewall.name).\(function.name.text) is generic: a fixture cannot stand for every type it returns"))
            }
            parts.add(function)
        }
        var (properties, methods, needsDelay, needsFailure) = (parts.properties, parts.methods, parts.needsDelay, parts.needsFailure)
        if needsDelay { properties.append("var delay: Duration = .zero") }
        if needsFailure { properties.append(firewall.isSendable ? "var failure: (any Error & Sendable)? = nil" : "var failure: (any Error)? = nil") }
        var text = firewall.imports.map { "import \($0)\n" }.joined() + (firewall.imports.isEmpty ? "" : "\n")
        let knobs = [properties.count > (needsDelay ? 1 : 0) + (needsFailure ? 1 : 0) ? "fixtures" : nil,
                     needsDelay ? "a delay" : nil, needsFailure ? "a failure" : nil].compactMap { $0 }
        text += DocComment.lines(knobs.isEmpty ? "A stand-in \(firewall.name) for previews and tests that does nothing."
            : "A stand-in \(firewall.name) for previews and tests: set its \(knobs.joined(separator: ", ")).")
        if let globalActor = firewall.globalActor { text += "@\(globalActor)\n" }
        text += "struct \(name): \(firewall.name) {\n"
        text += properties.map { "\(unit)\($0)\n" }.joined()
        text += methods.enumerated().map { index, method in (index == 0 && properties.isEmpty ? "" : "\n") + "\(unit)\(method)\n" }.joined()
        text += "}\n"
        let undefaulted = properties.filter { !$0.contains(" = ") }.map { String($0.dropFirst("var ".count).prefix { $0 != ":" }) }
        return .success(PreviewDouble(name: name, path: folder + "\(name).swift", source: text, fixturesWithoutDefault: undefaulted))
    }

    /// The double's stored fixtures and stub methods, as its requirements are read.
    private struct Parts {
        let unit: String
        var properties: [String] = []
        var methods: [String] = []
        var resultNames = Set<String>()
        var needsDelay = false, needsFailure = false

        /// A stub that waits for `delay`, throws `failure` and returns a fixture, as the method's
        /// effects and result ask.
        mutating func add(_ function: FunctionDeclSyntax) {
            let member = function.name.text
            let effects = function.signature.effectSpecifiers
            let throwsClause = effects?.throwsClause
            var body: [String] = []
            if effects?.asyncSpecifier != nil {
                needsDelay = true
                body.append(throwsClause == nil ? "try? await Task.sleep(for: delay)" : "try await Task.sleep(for: delay)")
            }
            if let throwsClause {
                needsFailure = true
                if let typed = throwsClause.type?.trimmedDescription {
                    body.append("if let failure = failure as? \(typed) { throw failure }")
                } else {
                    body.append("if let failure { throw failure }")
                }
            }
            if let returnType = function.signature.returnClause?.type.trimmedDescription, returnType != "Void", returnType != "()" {
                var result = "\(member)Result"
                var index = 2
                while resultNames.contains(result) { result = "\(member)Result\(index)"; index += 1 }
                resultNames.insert(result)
                properties.append("var \(result): \(returnType)\(PreviewDouble.defaultValue(for: returnType).map { " = \($0)" } ?? "")")
                body.append(body.isEmpty ? result : "return \(result)")
            }
            let header = function.with(\.body, nil).with(\.leadingTrivia, []).trimmedDescription
            methods.append(body.isEmpty ? header + " {}" : header + " {\n" + body.map { "\(unit)\(unit)\($0)\n" }.joined() + "\(unit)}")
        }
    }

    /// A value that needs no fixture, when the type has an obvious empty one.
    static func defaultValue(for type: String) -> String? {
        if type.hasSuffix("?") { return "nil" }
        if type.hasPrefix("[") { return type.contains(":") ? "[:]" : "[]" }
        switch type {
        case "Bool": return "false"
        case "Int", "Double", "Float", "CGFloat", "UInt", "Int64", "Int32": return "0"
        case "String": return "\"\""
        default: return type.hasPrefix("Set<") ? "[]" : nil
        }
    }
}
