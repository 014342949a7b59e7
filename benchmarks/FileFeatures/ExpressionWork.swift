import SwiftParser
import SwiftSyntax

/// Experimental: how a file's expressions are shaped, for testing cost-model terms.
struct ExpressionWork {
    var roots = 0
    var rootTokens = 0
    var squaredTokens = 0
    var functions = 0
    var maxRoot = 0

    init(source: String) {
        let tree = Parser.parse(source: source)
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        self = visitor.work
    }

    private final class Visitor: SyntaxAnyVisitor {
        var work = ExpressionWork(empty: ())
        var depth = 0
        var saved: [Int] = []

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if let closure = node.as(ClosureExprSyntax.self), closure.statements.count > 1 {
                // A closure of several statements is solved statement by statement.
                saved.append(depth)
                depth = 0
                return .visitChildren
            }
            if node.is(ExprSyntax.self), !Self.isStatementExpression(node) {
                if depth == 0 {
                    var count = 0
                    for _ in node.tokens(viewMode: .sourceAccurate) { count += 1 }
                    work.roots += 1
                    work.rootTokens += count
                    work.squaredTokens += count * count
                    work.maxRoot = max(work.maxRoot, count)
                }
                depth += 1
            }
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(AccessorDeclSyntax.self) {
                work.functions += 1
            }
            return .visitChildren
        }

        override func visitAnyPost(_ node: Syntax) {
            if let closure = node.as(ClosureExprSyntax.self), closure.statements.count > 1 {
                depth = saved.removeLast()
                return
            }
            if node.is(ExprSyntax.self), !Self.isStatementExpression(node) { depth -= 1 }
        }

        /// `if` and `switch` in statement position parse as expressions; they are statements whose
        /// conditions and bodies hold the expressions the type checker solves.
        static func isStatementExpression(_ node: Syntax) -> Bool {
            guard node.is(IfExprSyntax.self) || node.is(SwitchExprSyntax.self) else { return false }
            return node.parent?.is(ExpressionStmtSyntax.self) == true
        }
    }

    private init(empty: Void) {}

    static func isStatement(_ node: Syntax) -> Bool { Visitor.isStatementExpression(node) }
}
