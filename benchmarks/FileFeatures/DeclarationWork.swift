import SwiftParser
import SwiftSyntax

/// Experimental: what a file declares that the compiler generates code for, for testing
/// cost-model terms against tokens outside bodies.
struct DeclarationWork {
    /// struct, class, enum, actor (each gets metadata and value witnesses).
    var types = 0
    var protocols = 0
    var extensions = 0
    /// Functions, initializers, subscripts and accessors with a body.
    var bodies = 0
    /// Stored properties of types (each gets a getter, a setter and a modify coroutine).
    var storedProperties = 0
    var enumCases = 0
    /// Names in inheritance clauses (conformances: witness tables).
    var inherited = 0
    /// Generic parameters and requirements.
    var generics = 0

    init(source: String) {
        let visitor = Visitor(viewMode: .sourceAccurate)
        visitor.walk(Parser.parse(source: source))
        self = visitor.work
    }

    private init(empty: Void) {}

    private final class Visitor: SyntaxVisitor {
        var work = DeclarationWork(empty: ())

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { work.types += 1; return .visitChildren }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { work.types += 1; return .visitChildren }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { work.types += 1; return .visitChildren }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { work.types += 1; return .visitChildren }
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { work.protocols += 1; return .visitChildren }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { work.extensions += 1; return .visitChildren }
        override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind { work.enumCases += 1; return .visitChildren }
        override func visit(_ node: InheritedTypeSyntax) -> SyntaxVisitorContinueKind { work.inherited += 1; return .visitChildren }
        override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind { work.generics += 1; return .visitChildren }
        override func visit(_ node: GenericRequirementSyntax) -> SyntaxVisitorContinueKind { work.generics += 1; return .visitChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { if node.body != nil { work.bodies += 1 }; return .visitChildren }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { if node.body != nil { work.bodies += 1 }; return .visitChildren }
        override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind { if node.body != nil { work.bodies += 1 }; return .visitChildren }
        override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { if node.accessorBlock != nil { work.bodies += 1 }; return .visitChildren }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard Self.isMember(node), !node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) else {
                return .visitChildren
            }
            for binding in node.bindings {
                switch binding.accessorBlock?.accessors {
                case .getter?: work.bodies += 1
                case .accessors(let list)?:
                    // willSet/didSet observe a stored property; get/set compute one.
                    if list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) { break }
                    work.storedProperties += 1
                case nil: work.storedProperties += 1
                }
            }
            return .visitChildren
        }

        /// A property of a type (not a local, not a global).
        static func isMember(_ node: VariableDeclSyntax) -> Bool {
            node.parent?.is(MemberBlockItemSyntax.self) == true
        }
    }
}
