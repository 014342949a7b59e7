import SwiftParser
import SwiftSyntax

/// Experimental: each function body's outermost expressions and what they hold, keyed by the line
/// the compiler's `-debug-time-function-bodies` names, for fitting a type-checking cost per body.
struct FunctionWork {
    struct Root: Encodable {
        var tokens = 0, operators = 0, integers = 0, floats = 0, strings = 0, interpolations = 0
        var typeCalls = 0, calls = 0, closures = 0, elements = 0, ternaries = 0, members = 0, implicitMembers = 0
        /// Conversions (`Double(…)`) whose argument's type the solver must find first: a member, a call, an
        /// unwrap or a subscript in it (`Double(xs.count)`), where `Double(n)` is fixed by `n`'s type.
        var opaqueConversions = 0
        /// Names of values (`n`, `weight`, `$0`): operands whose type the solver looks up, not guesses.
        var identifiers = 0
    }

    struct Body: Encodable {
        var line: Int
        var kind: String
        var tokens = 0
        var statements = 0
        var roots: [Root] = []
    }

    private(set) var bodies: [Body] = []

    init(source: String) {
        let tree = Parser.parse(source: source)
        let visitor = Visitor(converter: SourceLocationConverter(fileName: "", tree: tree))
        visitor.walk(tree)
        bodies = visitor.finished
    }

    private final class Visitor: SyntaxAnyVisitor {
        let converter: SourceLocationConverter
        var open: [Body] = []
        var finished: [Body] = []
        var rootStack: [Root] = []
        var depths: [Int] = [0]

        init(converter: SourceLocationConverter) {
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        func line(_ position: AbsolutePosition) -> Int { converter.location(for: position).line }

        /// The position the compiler names a body by, or nil when the node has no body of its own.
        func bodyStart(_ node: Syntax) -> (Int, String)? {
            if let function = node.as(FunctionDeclSyntax.self), function.body != nil {
                return (line(function.name.positionAfterSkippingLeadingTrivia), "function")
            }
            if let initializer = node.as(InitializerDeclSyntax.self), initializer.body != nil {
                return (line(initializer.initKeyword.positionAfterSkippingLeadingTrivia), "initializer")
            }
            if let accessor = node.as(AccessorDeclSyntax.self), accessor.body != nil {
                return (line(accessor.accessorSpecifier.positionAfterSkippingLeadingTrivia), "accessor")
            }
            if let block = node.as(AccessorBlockSyntax.self), case .getter = block.accessors {
                return (line(block.leftBrace.positionAfterSkippingLeadingTrivia), "getter")
            }
            if let deinitializer = node.as(DeinitializerDeclSyntax.self), deinitializer.body != nil {
                return (line(deinitializer.deinitKeyword.positionAfterSkippingLeadingTrivia), "deinitializer")
            }
            return nil
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            if let (line, kind) = bodyStart(node) {
                open.append(Body(line: line, kind: kind))
                depths.append(0)
            }
            guard !open.isEmpty else { return .visitChildren }
            if node.is(TokenSyntax.self) {
                open[open.count - 1].tokens += 1
                if !rootStack.isEmpty { rootStack[rootStack.count - 1].tokens += 1 }
                return .visitChildren
            }
            if node.is(CodeBlockItemSyntax.self) { open[open.count - 1].statements += 1 }
            if let closure = node.as(ClosureExprSyntax.self), closure.statements.count > 1 {
                if !rootStack.isEmpty { rootStack[rootStack.count - 1].closures += 1 }
                depths.append(0)
                return .visitChildren
            }
            if node.is(ExprSyntax.self), !ExpressionWork.isStatement(node) {
                if depths[depths.count - 1] == 0 { rootStack.append(Root()) }
                depths[depths.count - 1] += 1
                count(node, in: &rootStack[rootStack.count - 1])
            }
            return .visitChildren
        }

        func count(_ node: Syntax, in root: inout Root) {
            if node.is(BinaryOperatorExprSyntax.self) { root.operators += 1 }
            if node.is(IntegerLiteralExprSyntax.self) { root.integers += 1 }
            if node.is(FloatLiteralExprSyntax.self) { root.floats += 1 }
            if let string = node.as(StringLiteralExprSyntax.self) {
                root.strings += 1
                root.interpolations += string.segments.filter { $0.is(ExpressionSegmentSyntax.self) }.count
            }
            if let call = node.as(FunctionCallExprSyntax.self) {
                root.calls += 1
                if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                   name.first?.isUppercase == true {
                    root.typeCalls += 1
                    if call.arguments.contains(where: { Self.isOpaque(Syntax($0.expression)) }) { root.opaqueConversions += 1 }
                }
            }
            if let reference = node.as(DeclReferenceExprSyntax.self),
               reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != reference.id,
               reference.parent?.is(MemberAccessExprSyntax.self) != true { root.identifiers += 1 }
            if node.is(ClosureExprSyntax.self) { root.closures += 1 }
            if let array = node.as(ArrayExprSyntax.self) { root.elements += array.elements.count }
            if let dictionary = node.as(DictionaryExprSyntax.self), case .elements(let list) = dictionary.content {
                root.elements += list.count
            }
            if node.is(UnresolvedTernaryExprSyntax.self) || node.is(TernaryExprSyntax.self) { root.ternaries += 1 }
            if let member = node.as(MemberAccessExprSyntax.self) {
                if member.base == nil { root.implicitMembers += 1 } else { root.members += 1 }
            }
        }

        /// Whether an argument holds an expression whose type is found only by solving it (closures aside).
        static func isOpaque(_ node: Syntax) -> Bool {
            if let member = node.as(MemberAccessExprSyntax.self), member.base != nil { return true }
            if node.is(FunctionCallExprSyntax.self) || node.is(ForceUnwrapExprSyntax.self) || node.is(SubscriptCallExprSyntax.self)
                || node.is(OptionalChainingExprSyntax.self) { return true }
            if node.is(ClosureExprSyntax.self) { return false }
            return node.children(viewMode: .sourceAccurate).contains { isOpaque($0) }
        }

        override func visitAnyPost(_ node: Syntax) {
            guard !open.isEmpty else { return }
            if let closure = node.as(ClosureExprSyntax.self), closure.statements.count > 1 {
                depths.removeLast()
            } else if node.is(ExprSyntax.self), !ExpressionWork.isStatement(node) {
                depths[depths.count - 1] -= 1
                if depths[depths.count - 1] == 0 { open[open.count - 1].roots.append(rootStack.removeLast()) }
            }
            if bodyStart(node) != nil {
                depths.removeLast()
                finished.append(open.removeLast())
            }
        }
    }
}
