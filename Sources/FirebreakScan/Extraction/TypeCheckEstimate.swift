import Foundation
@_spi(RawSyntax) @_spi(ExperimentalLanguageFeatures) import SwiftSyntax

/// What the type checker will spend on a file's function bodies, estimated from their syntax, and
/// how many of the file's tokens sit in expressions and in function bodies.
///
/// A body costs `perToken × tokens` plus, for each outermost expression it holds, an amount that
/// grows exponentially with the expression's operators, literals, calls and closures (each adds
/// choices to the constraint solver) and saturates at `cap` (no expression of ordinary code cost
/// more in the data). Fitted on the compiler's own per-body timings (`-debug-time-function-bodies`)
/// of real modules and generated code; benchmarks/typecheck has the fit and docs/closure-model.md
/// the check on code it never saw. The same walk as benchmarks/FileFeatures/FunctionWork.swift.
struct TypeCheckEstimate {
    /// Milliseconds of type-checking, in millionths of a second so that sums are exact.
    private(set) var microseconds = 0
    /// Tokens inside outermost expressions, of bodies or not (stored property initializers too).
    private(set) var expressionTokens = 0
    /// Tokens inside the code blocks of functions, initializers, deinitializers and accessors
    /// (signatures excluded): the rest are the declarations the cost model prices per token.
    private(set) var bodyTokens = 0

    /// The fitted model (benchmarks/typecheck/coefficients.json, milliseconds).
    enum Model {
        static let perToken = 0.0022744315802869525
        static let base = -2.040236460855885
        static let cap = 8.315487580991045
        static let operators = 0.9246515291369836
        static let integers = 0.1125071745104563
        static let floats = 1.1446843074963313
        static let typeCalls = 0.5482868973361303
        static let calls = 0.01633066874792967
        static let closures = 0.7990802409234944
        static let elements = 1.995930174180493
        static let ternaries = -0.22119503851393035
        static let interpolations = 0.9142112929523362
        static let members = 0.1116617000432661
        static let implicitMembers = -0.07759990828493343
        static let perTenTokens = 0.214906389599871
    }

    /// The estimate of a walk that has seen the whole file.
    init(_ walk: Walk) {
        microseconds = Int((walk.milliseconds * 1000).rounded())
        expressionTokens = walk.expressionTokens
        bodyTokens = walk.bodyTokens
    }

    /// One outermost expression's counts.
    fileprivate struct Root {
        /// The walk's count of present tokens when the root was entered, and the tokens of the
        /// roots nested in it (a closure's statements), which are theirs; `tokens` is set on leaving.
        var firstToken = 0, nestedTokens = 0
        var tokens = 0, operators = 0, integers = 0, floats = 0, typeCalls = 0, calls = 0, closures = 0
        var elements = 0, ternaries = 0, interpolations = 0, members = 0, implicitMembers = 0

        var milliseconds: Double {
            var exponent = Model.base + Model.operators * Double(operators) + Model.integers * Double(integers)
            exponent += Model.floats * Double(floats) + Model.typeCalls * Double(typeCalls) + Model.calls * Double(calls)
            exponent += Model.closures * Double(closures) + Model.elements * Double(elements)
            exponent += Model.ternaries * Double(ternaries) + Model.interpolations * Double(interpolations)
            exponent += Model.members * Double(members) + Model.implicitMembers * Double(implicitMembers)
            exponent += Model.perTenTokens * Double(tokens) / 10
            let raw = exp(min(exponent, 30))
            return raw * Model.cap / (raw + Model.cap)
        }
    }

    /// What the estimate gathers from one walk of the raw tree, in source order: every layout node
    /// entered and left, every token, the same nodes a source-accurate `SyntaxAnyVisitor` sees.
    /// `FactExtractor`'s walk drives it, so a file is walked once for all its facts.
    struct Walk {
        private(set) var milliseconds = 0.0
        private(set) var expressionTokens = 0
        private(set) var bodyTokens = 0
        /// Present tokens met so far. Bodies, roots and body blocks keep the count they were
        /// entered at and take the difference on leaving: every token touched three counters on
        /// the stacks before, each a uniqueness check.
        private var presentTokens = 0
        /// Open code blocks of bodies (`isBodyBlock`), nested ones included, and the count the
        /// outermost one was entered at.
        private var bodyBlocks = 0
        private var bodyBlockFirstToken = 0
        /// The token count each open body was entered at, and the tokens of the bodies nested in
        /// it; roots are priced only inside one.
        private var bodies: [(firstToken: Int, nestedTokens: Int)] = []
        /// The innermost open root (when `hasRoot`), and the roots it is nested in (a closure of
        /// several statements inside an expression opens roots of its own). Kept out of the stack
        /// while open: every expression node counts into it, and a stack's element cost a
        /// uniqueness check each time.
        private var root = Root()
        private var hasRoot = false
        private var outerRoots: [Root] = []
        /// Expression depth within the current root, and the depths of the scopes outside this one:
        /// a scope (the file, a body, a closure of several statements, which is solved statement by
        /// statement) starts roots afresh.
        private var depth = 0
        private var outerDepths: [Int] = []

        /// What entering a node opened, for leaving it.
        struct Frame {
            fileprivate var isBody = false
            fileprivate var isBodyBlock = false
            fileprivate var opensScope = false
            fileprivate var opensExpression = false
        }

        /// A present token (`TokenScan` has asked); missing ones are not counted.
        mutating func presentToken() {
            presentTokens += 1
        }

        @inline(__always)  // once per node, from the walk's one call site
        mutating func enter(_ raw: RawSyntax, _ kind: SyntaxKind, parent: SyntaxKind?) -> Frame {
            var frame = Frame()
            switch kind {
            case .functionDecl, .initializerDecl, .accessorDecl, .deinitializerDecl, .accessorBlock, .codeBlock:
                frame.isBody = Self.isBody(raw, kind)
                frame.isBodyBlock = Self.isBodyBlock(raw, kind, parent: parent)
                if frame.isBodyBlock {
                    if bodyBlocks == 0 { bodyBlockFirstToken = presentTokens }
                    bodyBlocks += 1
                }
                if frame.isBody {
                    bodies.append((presentTokens, 0))
                    openScope()
                }
                // Only these can be bodies or body blocks, and none is an expression: most nodes
                // are neither, and are told so by this one switch.
                return frame
            default:
                break
            }
            if kind == .closureExpr, (RawClosureExprSyntax(raw)?.statements.layoutView.children.count ?? 0) > 1 {
                if hasRoot { root.closures += 1 }
                openScope()
                frame.opensScope = true
            } else if Self.isExpression(kind, raw), !Self.isStatement(kind, parent: parent) {
                if depth == 0 {
                    if hasRoot { outerRoots.append(root) }
                    root = Root(firstToken: presentTokens)
                    hasRoot = true
                }
                depth += 1
                Self.count(raw, kind, in: &root)
                frame.opensExpression = true
            }
            return frame
        }

        private mutating func openScope() {
            outerDepths.append(depth)
            depth = 0
        }

        private mutating func closeScope() {
            depth = outerDepths.removeLast()
        }

        @inline(__always)  // once per node, from the walk's one call site
        mutating func leave(_ frame: Frame) {
            if frame.opensScope {
                closeScope()
            } else if frame.opensExpression {
                depth -= 1
                if depth == 0 {
                    var finished = root
                    let span = presentTokens - finished.firstToken
                    finished.tokens = span - finished.nestedTokens
                    if let outer = outerRoots.popLast() {
                        root = outer
                        root.nestedTokens += span
                    } else {
                        hasRoot = false
                    }
                    expressionTokens += finished.tokens
                    if !bodies.isEmpty { milliseconds += finished.milliseconds }
                }
            }
            if frame.isBodyBlock {
                bodyBlocks -= 1
                if bodyBlocks == 0 { bodyTokens += presentTokens - bodyBlockFirstToken }
            }
            if frame.isBody {
                closeScope()
                let body = bodies.removeLast()
                let span = presentTokens - body.firstToken
                if !bodies.isEmpty { bodies[bodies.count - 1].nestedTokens += span }
                milliseconds += Model.perToken * Double(span - body.nestedTokens)
            }
        }

        static func isBody(_ raw: RawSyntax, _ kind: SyntaxKind) -> Bool {
            switch kind {
            case .functionDecl: return RawFunctionDeclSyntax(raw)?.body != nil
            case .initializerDecl: return RawInitializerDeclSyntax(raw)?.body != nil
            case .accessorDecl: return RawAccessorDeclSyntax(raw)?.body != nil
            case .deinitializerDecl: return RawDeinitializerDeclSyntax(raw)?.body != nil
            case .accessorBlock: return RawAccessorBlockSyntax(raw)?.accessors.kind == .codeBlockItemList
            default: return false
            }
        }

        /// The code block of a body, without the signature `isBody` includes.
        static func isBodyBlock(_ raw: RawSyntax, _ kind: SyntaxKind, parent: SyntaxKind?) -> Bool {
            switch kind {
            case .codeBlock:
                return parent == .functionDecl || parent == .initializerDecl || parent == .deinitializerDecl || parent == .accessorDecl
            case .accessorBlock: return RawAccessorBlockSyntax(raw)?.accessors.kind == .codeBlockItemList
            default: return false
            }
        }

        /// `RawExprSyntax.isKindOf(raw)` on the kind the walk has read already: that call reads it
        /// again, and both cost a call into SwiftSyntax for every node. The list is swift-syntax's
        /// (checked against it in debug builds, which the tests run).
        static func isExpression(_ kind: SyntaxKind, _ raw: RawSyntax) -> Bool {
            let isExpression: Bool
            switch kind {
            case .arrayExpr, .arrowExpr, .asExpr, .assignmentExpr, .awaitExpr, .binaryOperatorExpr, .booleanLiteralExpr,
                 .borrowExpr, ._canImportExpr, ._canImportVersionInfo, .closureExpr, .consumeExpr, .copyExpr,
                 .declReferenceExpr, .dictionaryExpr, .discardAssignmentExpr, .doExpr, .editorPlaceholderExpr,
                 .floatLiteralExpr, .forceUnwrapExpr, .functionCallExpr, .genericSpecializationExpr, .ifExpr, .inOutExpr,
                 .infixOperatorExpr, .integerLiteralExpr, .isExpr, .keyPathExpr, .macroExpansionExpr, .memberAccessExpr,
                 .missingExpr, .nilLiteralExpr, .optionalChainingExpr, .packElementExpr, .packExpansionExpr, .patternExpr,
                 .postfixIfConfigExpr, .postfixOperatorExpr, .prefixOperatorExpr, .regexLiteralExpr, .sequenceExpr,
                 .simpleStringLiteralExpr, .stringLiteralExpr, .subscriptCallExpr, .superExpr, .switchExpr, .ternaryExpr,
                 .tryExpr, .tupleExpr, .typeExpr, .unresolvedAsExpr, .unresolvedIsExpr, .unresolvedTernaryExpr, .unsafeExpr:
                isExpression = true
            default:
                isExpression = false
            }
            assert(isExpression == RawExprSyntax.isKindOf(raw), "swift-syntax's expression kinds changed: \(kind)")
            return isExpression
        }

        /// `if` and `switch` in statement position parse as expressions; they are statements whose
        /// conditions and bodies hold the expressions the type checker solves.
        static func isStatement(_ kind: SyntaxKind, parent: SyntaxKind?) -> Bool {
            (kind == .ifExpr || kind == .switchExpr) && parent == .expressionStmt
        }

        fileprivate static func count(_ raw: RawSyntax, _ kind: SyntaxKind, in root: inout Root) {
            switch kind {
            case .binaryOperatorExpr: root.operators += 1
            case .integerLiteralExpr: root.integers += 1
            case .floatLiteralExpr: root.floats += 1
            case .stringLiteralExpr:
                if let segments = RawStringLiteralExprSyntax(raw)?.segments.layoutView.children {
                    for segment in segments where segment?.kind == .expressionSegment { root.interpolations += 1 }
                }
            case .functionCallExpr:
                root.calls += 1
                if let called = RawFunctionCallExprSyntax(raw)?.calledExpression, let reference = RawDeclReferenceExprSyntax(called),
                   Self.startsUppercase(reference.baseName.tokenText) {
                    root.typeCalls += 1
                }
            case .closureExpr: root.closures += 1
            case .arrayExpr: root.elements += RawArrayExprSyntax(raw)?.elements.layoutView.children.count ?? 0
            case .dictionaryExpr:
                if let content = RawDictionaryExprSyntax(raw)?.content, content.kind == .dictionaryElementList {
                    root.elements += content.layoutView?.children.count ?? 0
                }
            case .unresolvedTernaryExpr, .ternaryExpr: root.ternaries += 1
            case .memberAccessExpr:
                if RawMemberAccessExprSyntax(raw)?.base == nil { root.implicitMembers += 1 } else { root.members += 1 }
            default: break
            }
        }

        /// `Double(…)`, not `compute(…)`: a call of a type's initializer, whose overloads the solver tries.
        static func startsUppercase(_ name: SyntaxText) -> Bool {
            guard let first = name.first else { return false }
            if first < 0x80 { return (0x41...0x5A).contains(first) }
            return String(syntaxText: name).first?.isUppercase == true
        }
    }
}
