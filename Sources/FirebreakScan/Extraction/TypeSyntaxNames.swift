import SwiftSyntax

/// Reading type names out of syntax without guessing more than the syntax says.
enum TypeSyntaxNames {
    /// `A.B` for `A.B`, `A.B?`, `any A.B`, `some A`, `A.B!`; nil for tuples, functions and the like.
    static func name(of type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return unescaped(identifier.name.text)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            guard let base = name(of: member.baseType) else { return nil }
            return base + "." + unescaped(member.name.text)
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return name(of: optional.wrappedType)
        }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return name(of: unwrapped.wrappedType)
        }
        if let some = type.as(SomeOrAnyTypeSyntax.self) {
            return name(of: some.constraint)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return name(of: attributed.baseType)
        }
        return nil
    }

    /// `A.B` for an expression that can only name a type: `A`, `A.B`, with every component
    /// starting with an upper-case letter (Swift's convention for types).
    static func typePath(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let text = unescaped(reference.baseName.text)
            return isTypeLike(text) ? text : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            let text = unescaped(member.declName.baseName.text)
            guard isTypeLike(text), let basePath = typePath(of: base) else { return nil }
            return basePath + "." + text
        }
        if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
            return typePath(of: specialized.expression)
        }
        return nil
    }

    static func isTypeLike(_ name: String) -> Bool {
        // Asked for nearly every name in the file: ASCII needs no Unicode property table.
        guard let byte = name.utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        guard let first = name.unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }

    static func unescaped(_ name: String) -> String {
        guard name.utf8.first == UInt8(ascii: "`") else { return name }
        if name.hasSuffix("`"), name.count >= 2 {
            return String(name.dropFirst().dropLast())
        }
        return name
    }

    static func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { element in
            guard case .attribute(let attribute) = element else { return nil }
            return name(of: attribute.attributeName)
        }
    }

    static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.compactMap { name(of: $0.type) } ?? []
    }

    static func genericParameterNames(_ clause: GenericParameterClauseSyntax?) -> [String] {
        clause?.parameters.map { $0.name.text } ?? []
    }
}
