import FirebreakScan

/// Why one declaration needs another.
public enum EdgeKind: String, Sendable, Codable, Hashable, CaseIterable {
    case inheritance
    case storedProperty = "stored-property"
    case property
    case parameter
    case returnType = "return-type"
    case genericArgument = "generic-argument"
    case genericConstraint = "generic-constraint"
    case typeAnnotation = "type-annotation"
    case attribute
    case instantiation
    case staticMember = "static-member"
    /// A static member that holds the type's shared instance (`APIClient.shared`).
    case singletonAccess = "singleton-access"
    /// A free function or global variable used by name.
    case reference
    /// Between a type and its extensions, in both directions.
    case `extension`
    /// From a nested type to the type that encloses it.
    case nesting
    /// From a witness value (`static let live = Self(...)`) to its type.
    case witness
    /// From a cut's users to the protocol that replaces the concrete type (firewalled graphs only).
    case firewall

    package init(_ reference: ReferenceKind) {
        switch reference {
        case .inheritance: self = .inheritance
        case .storedProperty: self = .storedProperty
        case .property: self = .property
        case .parameter: self = .parameter
        case .returnType: self = .returnType
        case .genericArgument: self = .genericArgument
        case .genericConstraint: self = .genericConstraint
        case .typeAnnotation: self = .typeAnnotation
        case .attribute: self = .attribute
        case .instantiation: self = .instantiation
        case .staticMember: self = .staticMember
        case .expression: self = .reference
        }
    }

    /// How `why` names the hop: "stored property", "singleton access".
    public var phrase: String {
        rawValue.replacingOccurrences(of: "-", with: " ")
    }

    /// Dependencies a protocol can stand in for. Inheritance cannot be cut that way, and the
    /// structural kinds are not written by the user.
    public var isCuttable: Bool {
        switch self {
        case .inheritance, .extension, .nesting, .witness, .firewall: return false
        default: return true
        }
    }

    /// Kinds that make up a member's signature: what an extracted protocol requirement keeps.
    package var isSignature: Bool {
        switch self {
        case .parameter, .returnType, .storedProperty, .property, .genericArgument, .genericConstraint: return true
        default: return false
        }
    }
}
