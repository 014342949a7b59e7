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
    /// Optional fixtures its members unwrap, with the use that stops a preview while unset:
    /// `("loaderForResult", "calls loaderFor")`.
    var unsetFixtures: [(fixture: String, use: String)] = []

    static func == (lhs: PreviewDouble, rhs: PreviewDouble) -> Bool {
        (lhs.name, lhs.path, lhs.source, lhs.fixturesWithoutDefault) == (rhs.name, rhs.path, rhs.source, rhs.fixturesWithoutDefault)
            && lhs.unsetFixtures.map(\.fixture) == rhs.unsetFixtures.map(\.fixture)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(path)
        hasher.combine(source)
    }

    /// `Preview` + the protocol without a `Providing` suffix: `PreviewImageCache`, `PreviewAPIFetching`.
    static func name(for protocolName: String) -> String {
        "Preview" + ProtocolNaming.stem(of: protocolName)
    }

    /// - Parameter optionalFixtures: for an environment key's default, which is built with no
    ///   arguments: a fixture of a type with no obvious empty value is optional and unwrapped where
    ///   used. Otherwise it is a stored property every preview must pass.
    static func make(for firewall: FirewallProtocol, folder: String, optionalFixtures: Bool = false) -> Result<PreviewDouble, Refusal> {
        let unit = firewall.indentUnit
        let name = Self.name(for: firewall.name)
        let parsed = Parser.parse(source: "protocol P {\n" + firewall.requirements.joined(separator: "\n") + "\n}\n")
        guard let members = parsed.statements.first?.item.as(ProtocolDeclSyntax.self)?.memberBlock.members else {
            return .failure(Refusal("the requirements of \(firewall.name) do not parse (a firebreak bug: please report it)"))
        }
        var parts = Parts(unit: unit, optionalFixtures: optionalFixtures)
        for item in members {
            if let variable = item.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
               let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
               let type = binding.typeAnnotation?.type.trimmedDescription {
                if binding.accessorBlock?.description.contains("async") == true || binding.accessorBlock?.description.contains("throws") == true {
                    return .failure(Refusal("\(firewall.name).\(property) is an async or throwing property, which a stored fixture cannot be"))
                }
                let settable = binding.accessorBlock?.description.contains("set") == true
                parts.add(property: property, type: type, settable: settable, double: name)
                continue
            }
            guard let function = item.decl.as(FunctionDeclSyntax.self) else { continue }
            if function.genericParameterClause != nil {
                // No fixture stands for every type it returns; one that may throw fails, as offline.
                guard optionalFixtures, let throwsClause = function.signature.effectSpecifiers?.throwsClause, throwsClause.type == nil else {
                    return .failure(Refusal("\(firewall.name).\(function.name.text) is generic: a fixture cannot stand for every type it returns"))
                }
                parts.methods.append(function.with(\.body, nil).with(\.leadingTrivia, []).trimmedDescription
                                     + " {\n\(unit)\(unit)throw CancellationError()\n\(unit)}")
                continue
            }
            parts.add(function, double: name)
        }
        var (properties, methods, needsDelay, needsFailure) = (parts.properties, parts.methods, parts.needsDelay, parts.needsFailure)
        // Nanoseconds, not `Duration`: that needs iOS 16 and macOS 13, and dime deploys to iOS 15.
        if needsDelay { properties.append("var delayNanoseconds: UInt64 = 0") }
        if needsFailure { properties.append(firewall.isSendable ? "var failure: (any Error & Sendable)? = nil" : "var failure: (any Error)? = nil") }
        var text = firewall.imports.map { "import \($0)\n" }.joined() + (firewall.imports.isEmpty ? "" : "\n")
        let knobs = [properties.count > (needsDelay ? 1 : 0) + (needsFailure ? 1 : 0) ? "fixtures" : nil,
                     needsDelay ? "a delay" : nil, needsFailure ? "a failure" : nil].compactMap { $0 }
        text += DocComment.lines(knobs.isEmpty ? "A stand-in \(firewall.name) for previews and tests that does nothing."
            : "A stand-in \(firewall.name) for previews and tests: set \(knobs[0] == "fixtures" ? "its " : "")\(knobs.joined(separator: ", ")).")
        let undefaulted = properties.filter { !$0.contains(" = ") }.map { String($0.dropFirst("var ".count)) }
        text += declaration(name, conformingTo: firewall, fixtures: properties)
        text += properties.map { "\(unit)\($0)\n" }.joined()
        if firewall.isClassBound, !undefaulted.isEmpty {
            // A class has no memberwise init: the fixtures every preview passes come through this one.
            methods.insert(classInit(undefaulted, unit: unit), at: 0)
        }
        text += methods.enumerated().map { index, method in (index == 0 && properties.isEmpty ? "" : "\n") + "\(unit)\(method)\n" }.joined()
        text += "}\n"
        if firewall.globalActor != nil { text += "\nextension \(name): \(firewall.name) {}\n" }
        return .success(PreviewDouble(name: name, path: folder + "\(name).swift", source: text,
                                      fixturesWithoutDefault: undefaulted.map { String($0.prefix { $0 != ":" }) },
                                      unsetFixtures: parts.unset))
    }

    /// A struct, or a final class for a class-bound protocol (the type sets a property through it,
    /// so only a reference can stand in). A class with fixtures is not `Sendable` by itself, nor is
    /// a struct holding a fixture of a type that may not be (a SwiftData model, Cisum's
    /// `AudioLikeModel`): a double for a `Sendable` protocol is declared `@unchecked` then, as
    /// previews and tests use it from one thread.
    /// A protocol of a global actor is conformed to in an extension: conformed to in the
    /// declaration, it would make the double's implicit `init()` isolated to that actor, which an
    /// environment key's nonisolated `defaultValue` cannot call in Swift 5 mode. Its members stay
    /// nonisolated, which may witness isolated requirements.
    private static func declaration(_ name: String, conformingTo firewall: FirewallProtocol, fixtures: [String]) -> String {
        let conformance = firewall.globalActor == nil ? ": \(firewall.name)" : ""
        let isolation = firewall.isNonisolated ? "nonisolated " : ""
        guard firewall.isClassBound else {
            guard firewall.isSendable, !fixtures.allSatisfy({ holdsSendableValue($0, sendableNames: firewall.sendableNames) }) else {
                return "\(isolation)struct \(name)\(conformance) {\n"
            }
            return "\(isolation)struct \(name)" + (conformance.isEmpty ? ": " : conformance + ", ") + "@unchecked Sendable {\n"
        }
        let unchecked = firewall.isSendable || firewall.globalActor != nil ? "@unchecked Sendable" : ""
        let inherited = [firewall.globalActor == nil ? firewall.name : "", unchecked].filter { !$0.isEmpty }
        return "\(isolation)final class \(name)" + (inherited.isEmpty ? "" : ": " + inherited.joined(separator: ", ")) + " {\n"
    }

    /// Whether a fixture (`var name: Type = value`) holds standard values and `sendableNames` only.
    private static func holdsSendableValue(_ fixture: String, sendableNames: Set<String>) -> Bool {
        guard let colon = fixture.firstIndex(of: ":") else { return false }
        let type = fixture[fixture.index(after: colon)...].prefix { $0 != "=" }
        if type.contains("any Error & Sendable") { return true }
        let names = type.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
        return !names.isEmpty && names.allSatisfy { StandardSendableTypes.names.contains($0) || sendableNames.contains($0) }
    }

    /// `init(token: String) { self.token = token }` for the fixtures written `name: Type`.
    private static func classInit(_ fixtures: [String], unit: String) -> String {
        let names = fixtures.map { String($0.prefix { $0 != ":" }) }
        return "init(\(fixtures.joined(separator: ", "))) {\n"
            + names.map { "\(unit)\(unit)self.\($0) = \($0)\n" }.joined() + "\(unit)}"
    }

    /// The double's stored fixtures and stub methods, as its requirements are read.
    private struct Parts {
        let unit: String
        let optionalFixtures: Bool
        var properties: [String] = []
        var methods: [String] = []
        var resultNames = Set<String>()
        var needsDelay = false, needsFailure = false
        var unset: [(fixture: String, use: String)] = []

        /// A stored fixture; for a read-only property of a type with no obvious empty value, an
        /// optional one that the property unwraps, stopping a preview that reads it unset.
        mutating func add(property: String, type: String, settable: Bool, double: String) {
            if let value = PreviewDouble.defaultValue(for: type) {
                properties.append("var \(property): \(type) = \(value)")
            } else if optionalFixtures, !settable, let optional = PreviewDouble.optional(type) {
                properties.append("var \(property)Value: \(optional) = nil")
                unset.append(("\(property)Value", "reads \(property)"))
                methods.append("var \(property): \(type) {\n\(unit)\(unit)" + PreviewDouble.unwrap("\(property)Value", double: double, use: "reads \(property)")
                               + "\n\(unit)\(unit)return \(property)Value\n\(unit)}")
            } else {
                properties.append("var \(property): \(type)")
            }
        }

        /// A stub that waits for `delayNanoseconds`, throws `failure` and returns a fixture, as the method's
        /// effects and result ask; a result of a type with no obvious empty value is an optional
        /// fixture the stub unwraps, stopping a preview that calls it unset.
        mutating func add(_ function: FunctionDeclSyntax, double: String) {
            let member = function.name.text
            let effects = function.signature.effectSpecifiers
            let throwsClause = effects?.throwsClause
            var body: [String] = []
            if effects?.asyncSpecifier != nil {
                needsDelay = true
                body.append(throwsClause == nil ? "try? await Task.sleep(nanoseconds: delayNanoseconds)"
                            : "try await Task.sleep(nanoseconds: delayNanoseconds)")
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
                if let value = PreviewDouble.defaultValue(for: returnType) {
                    properties.append("var \(result): \(returnType) = \(value)")
                } else if optionalFixtures, let optional = PreviewDouble.optional(returnType) {
                    properties.append("var \(result): \(optional) = nil")
                    if throwsClause != nil, throwsClause?.type == nil {
                        // A call that may throw fails while unset, as a request would offline: the
                        // preview shows the view's error or empty state instead of stopping.
                        body.append("guard let \(result) else { throw CancellationError() }")
                    } else {
                        unset.append((result, "calls \(member)"))
                        body.append(PreviewDouble.unwrap(result, double: double, use: "calls \(member)"))
                    }
                } else {
                    properties.append("var \(result): \(returnType)")
                }
                body.append(body.isEmpty ? result : "return \(result)")
            }
            let header = function.with(\.body, nil).with(\.leadingTrivia, []).trimmedDescription
            methods.append(body.isEmpty ? header + " {}" : header + " {\n" + body.map { "\(unit)\(unit)\($0)\n" }.joined() + "\(unit)}")
        }
    }

    /// `T?` for a fixture a stub unwraps; nil for an opaque type, which cannot be stored.
    static func optional(_ type: String) -> String? {
        if type.hasPrefix("some ") { return nil }
        return type.contains("->") || type.hasPrefix("any ") || type.contains("&") ? "(\(type))?" : "\(type)?"
    }

    /// `guard let fixture else { preconditionFailure(…) }`: like an unimplemented test dependency,
    /// a preview that uses a member whose fixture it did not set stops, saying which.
    static func unwrap(_ fixture: String, double: String, use: String) -> String {
        "guard let \(fixture) else { preconditionFailure(\"\(double).\(fixture) is not set: set it in a preview that \(use)\") }"
    }

    /// A value that needs no fixture, when the type has an obvious empty one. A publisher's is one
    /// that never sends: `.onReceive(notificationCenter.publisher(for: …))` in a view's body read
    /// an unset fixture, and stopped every preview of the view until one was set.
    static func defaultValue(for type: String) -> String? {
        if type.hasSuffix("?") { return "nil" }
        if type.hasPrefix("[") { return type.contains(":") ? "[:]" : "[]" }
        if type.hasPrefix("Set<") { return "[]" }
        if type.hasPrefix("AnyPublisher<") { return "Empty().eraseToAnyPublisher()" }
        switch type {
        case "Bool": return "false"
        case "Int", "Double", "Float", "CGFloat", "UInt", "Int64", "Int32", "TimeInterval": return "0"
        case "String": return "\"\""
        case "Data": return "Data()"
        case "NotificationCenter.Publisher": return "NotificationCenter().publisher(for: Notification.Name(\"preview\"))"
        default: return nil
        }
    }
}
