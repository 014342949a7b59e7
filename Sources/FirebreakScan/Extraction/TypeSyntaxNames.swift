@_spi(RawSyntax) import SwiftSyntax

/// Reading type names out of syntax without guessing more than the syntax says.
///
/// Reads the raw tree (`@_spi(RawSyntax)`), as `FactExtractor` walks it: no node is wrapped.
enum TypeSyntaxNames {
    /// A token's text. A token the parser supplied (missing) has its kind's default text, as
    /// `TokenSyntax.text` says.
    static func text(_ token: RawTokenSyntax) -> String {
        String(syntaxText: token.tokenText)
    }

    /// `A.B` for `A.B`, `A.B?`, `any A.B`, `some A`, `A.B!`; nil for tuples, functions and the like.
    static func name(of type: RawTypeSyntax) -> String? {
        switch type.raw.kind {
        case .identifierType:
            return unescaped(text(RawIdentifierTypeSyntax(type)!.name))
        case .memberType:
            let member = RawMemberTypeSyntax(type)!
            guard let base = name(of: member.baseType) else { return nil }
            return base + "." + unescaped(text(member.name))
        case .optionalType:
            return name(of: RawOptionalTypeSyntax(type)!.wrappedType)
        case .implicitlyUnwrappedOptionalType:
            return name(of: RawImplicitlyUnwrappedOptionalTypeSyntax(type)!.wrappedType)
        case .someOrAnyType:
            return name(of: RawSomeOrAnyTypeSyntax(type)!.constraint)
        case .attributedType:
            return name(of: RawAttributedTypeSyntax(type)!.baseType)
        default:
            return nil
        }
    }

    /// `A.B` for an expression that can only name a type: `A`, `A.B`, with every component
    /// starting with an upper-case letter (Swift's convention for types).
    static func typePath(of expression: RawExprSyntax) -> String? {
        switch expression.raw.kind {
        case .declReferenceExpr:
            let token = RawDeclReferenceExprSyntax(expression)!.baseName
            guard mayBeTypeLike(token) else { return nil }
            let name = unescaped(text(token))
            return isTypeLike(name) ? name : nil
        case .memberAccessExpr:
            let member = RawMemberAccessExprSyntax(expression)!
            guard let base = member.base, mayBeTypeLike(member.declName.baseName) else { return nil }
            let name = unescaped(text(member.declName.baseName))
            guard isTypeLike(name), let basePath = typePath(of: base) else { return nil }
            return basePath + "." + name
        case .genericSpecializationExpr:
            return typePath(of: RawGenericSpecializationExprSyntax(expression)!.expression)
        default:
            return nil
        }
    }

    /// False when the token's first byte (past a backtick) rules out `isTypeLike`, without making
    /// a `String`: most bases of member accesses are values (`viewModel.items`, `self.title`).
    static func mayBeTypeLike(_ token: RawTokenSyntax) -> Bool {
        let text = token.tokenText
        guard let first = text.first else { return false }
        let byte = first == UInt8(ascii: "`") && text.count > 1 ? text[text.index(after: text.startIndex)] : first
        return byte >= 0x80 || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
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

    static func attributeNames(_ attributes: RawAttributeListSyntax) -> [String] {
        var names: [String] = []
        for element in attributes.layoutView.children {
            guard let attribute = element.flatMap(RawAttributeSyntax.init), let name = name(of: attribute.attributeName) else { continue }
            names.append(name)
        }
        return names
    }

    static func inheritedNames(_ clause: RawInheritanceClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        var names: [String] = []
        for element in clause.inheritedTypes.layoutView.children {
            guard let inherited = element.flatMap(RawInheritedTypeSyntax.init), let name = name(of: inherited.type) else { continue }
            names.append(name)
        }
        return names
    }

    static func genericParameterNames(_ clause: RawGenericParameterClauseSyntax?) -> [String] {
        guard let clause else { return [] }
        return clause.parameters.layoutView.children.compactMap { element in
            element.flatMap(RawGenericParameterSyntax.init).map { text($0.name) }
        }
    }
}
