import FirebreakModel
import SwiftSyntax

/// A default argument that reads a shared instance runs when the type is built. Where building
/// that shared instance builds the type (Maccy: `AppState.shared` builds `History.shared`, whose
/// init would default to `AppState.shared`), the static's initialiser runs again inside itself,
/// and the app traps at launch. `fix` finds that cycle before it writes such a default.
extension Fixer {
    /// The chain of types from `type`'s initialisation to `target`: what its static properties'
    /// values, its stored properties' initial values (not lazy ones) and its inits build or read
    /// the shared instance of, followed through those types in turn. Nil when `target` is not reached.
    func initializationPath(from type: String, to target: String) -> [String]? {
        var seen: Set<String> = [type]
        var queue: [[String]] = [[type]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            for next in builtAtInitialization(path.last!).sorted() where seen.insert(next).inserted || next == target {
                if next == target { return path + [next] }
                queue.append(path + [next])
            }
        }
        return nil
    }

    /// The scanned types a type's initialisation names with a call or a member read
    /// (`History(…)`, `History.shared`).
    private func builtAtInitialization(_ type: String) -> Set<String> {
        guard let resolved = model.symbols.resolveQualified(type) ?? model.symbols.resolve(type),
              case .success(let declarations) = syntax(of: Array(resolved.declarations.prefix(1)) + resolved.extensions) else { return [] }
        let collector = InitializationNames(viewMode: .sourceAccurate)
        for (_, node) in declarations {
            for item in SyntaxQueries.memberBlock(of: node)?.members ?? [] {
                if let initializer = item.decl.as(InitializerDeclSyntax.self) {
                    collector.walk(initializer)
                } else if let variable = item.decl.as(VariableDeclSyntax.self), !SyntaxQueries.modifiers(of: item.decl).contains("lazy") {
                    // A lazy property's value is built at its first read, not with the instance.
                    variable.bindings.compactMap(\.initializer).forEach { collector.walk($0) }
                }
            }
        }
        return Set(collector.names.filter { $0 != type && model.symbols.resolve($0) != nil })
    }
}

/// Capitalised names called (`History(`) or read a member of (`History.shared`).
private final class InitializationNames: SyntaxVisitor {
    var names = Set<String>()

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) { insert(reference.baseName.text) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let reference = node.base?.as(DeclReferenceExprSyntax.self) { insert(reference.baseName.text) }
        return .visitChildren
    }

    private func insert(_ name: String) {
        if name.first?.isUppercase == true { names.insert(name) }
    }
}
