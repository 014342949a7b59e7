/// What makes a type a view: SwiftUI's `View`, and the protocols or base classes that
/// `view_protocols` names (`SwiftUIStub.View` for a stub module, `UIViewController` for UIKit
/// screens).
///
/// A type is a view when it conforms to one of them directly, through a protocol that refines one,
/// through a subclass, or through a typealias. The graph follows those edges; role inference, which
/// runs before the graph, follows the same chain by simple name.
public struct ViewProtocols: Sendable, Hashable {
    /// Entries as configured: `Name` or `Module.Name`.
    public let configured: [String]

    public init(_ configured: [String] = []) {
        self.configured = configured
    }

    /// `View` or `Module.View`: identifiers joined by single dots.
    public static func isWellFormed(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.count <= 2 && parts.allSatisfy { part in
            guard let first = part.first, first == "_" || first.isLetter else { return false }
            return part.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        }
    }

    /// Simple names a conformance is matched against before the graph exists.
    public var simpleNames: Set<String> {
        RoleConventions.viewConformances.union(configured.map { String($0.split(separator: ".").last ?? "") })
    }

    /// Whether a framework type (`SwiftUI.View`, `UIKit.UIViewController`) is a view protocol.
    public func matchesExternal(_ qualifiedName: String) -> Bool {
        if qualifiedName == "SwiftUI.View" { return true }
        return configured.contains { entry in
            entry.contains(".") ? qualifiedName == entry : qualifiedName.hasSuffix("." + entry)
        }
    }

    /// Whether a declared type (`name` qualified within `module`) is a view protocol. A module
    /// named SwiftUI in the sources is a stand-in for the framework.
    public func matchesDeclared(_ name: String, module: String) -> Bool {
        if module == "SwiftUI", name == "View" { return true }
        return configured.contains { entry in
            entry.contains(".") ? entry == module + "." + name : entry == name
        }
    }
}
