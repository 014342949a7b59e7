import FirebreakModel
import FirebreakScan
import SwiftSyntax

/// A class's inits are called from its subclasses too: by `super.init(…)` in a subclass's
/// designated inits, and by every construction of a subclass that declares none and so inherits
/// them. A fix that changes the inits must reach those calls, or the subclasses stop compiling.
extension Fixer {
    struct SubclassCalls {
        var sites: [CallSite] = []
        /// `override` on a subclass's init that overrides one of the class's inits: once those
        /// take a new parameter it overrides nothing, which does not compile.
        var overrides: [(path: String, edit: TextEdit)] = []
        /// Designated inits that leave `super.init()` unwritten, and the superclass Swift calls there.
        var implicit: [(file: ParsedFile, initializer: InitializerDeclSyntax, subclass: String, superclass: String)] = []
    }

    /// For a class, through every subclass that inherits its inits, down to those that declare their own.
    func subclassCalls(of type: TypeInfo) -> Result<SubclassCalls, Refusal> {
        var calls = SubclassCalls()
        guard type.kind == .class, subclasses[type.qualifiedName] != nil else { return .success(calls) }
        // An init that only traps keeps its signature, and so do the overrides of it.
        let unchanged: Set<[String]>
        switch syntax(of: type.declarations) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let declarations):
            let inits = declarations.flatMap { SyntaxQueries.memberBlock(of: $0.node)?.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) } ?? [] }
            unchanged = Set(inits.filter(OwnerRewrite.neverReturns).map(Self.labels))
        }
        var pending = [type.qualifiedName]
        var seen: Set<String> = [type.qualifiedName]
        while let superclass = pending.popLast() {
            for index in subclasses[superclass] ?? [] {
                let subclass = model.symbols.types[index]
                guard seen.insert(subclass.qualifiedName).inserted else { continue }
                let declarations: [(file: ParsedFile, node: DeclSyntax)]
                switch syntax(of: subclass.declarations + subclass.extensions) {
                case .failure(let refusal): return .failure(refusal)
                case .success(let value): declarations = value
                }
                let inits = declarations.flatMap { declaration in
                    (SyntaxQueries.memberBlock(of: declaration.node)?.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) } ?? [])
                        .map { (file: declaration.file, node: $0) }
                }
                for (file, initializer) in inits where !unchanged.contains(Self.labels(initializer)) {
                    guard let modifier = initializer.modifiers.first(where: { $0.name.text == "override" }) else { continue }
                    calls.overrides.append((file.path, TextEdit(start: modifier.positionAfterSkippingLeadingTrivia.utf8Offset,
                                                                end: modifier.endPosition.utf8Offset, replacement: "")))
                }
                let name = subclass.qualifiedName
                let designated = inits.filter { !SyntaxQueries.modifiers(of: $0.node).contains("convenience") }
                if designated.isEmpty {
                    // It inherits the inits: its constructions and its convenience inits' `self.init(…)`
                    // call them, unless they call one of its convenience inits.
                    let own = inits.map(\.node)
                    let inherited = { (call: FunctionCallExprSyntax) in !own.contains { Self.accepts($0, call) } }
                    calls.sites += constructions(of: subclass).filter { inherited($0.call) }.map { $0.through(name) }
                    for (file, initializer) in inits {
                        calls.sites += InitDelegations.find(receiver: "self", in: initializer).filter(inherited)
                            .map { CallSite(file: file, call: $0, subclass: name) }
                    }
                    pending.append(name)
                    continue
                }
                for (file, initializer) in designated where !OwnerRewrite.neverReturns(initializer) {
                    let found = InitDelegations.find(receiver: "super", in: initializer)
                    if found.isEmpty { calls.implicit.append((file, initializer, name, superclass)) }
                    calls.sites += found.map { CallSite(file: file, call: $0, subclass: name) }
                }
            }
        }
        return .success(calls)
    }

    /// The argument labels an init declares, `_` for none: what an override must repeat.
    static func labels(_ initializer: InitializerDeclSyntax) -> [String] {
        initializer.signature.parameterClause.parameters.map(\.firstName.text)
    }

    /// Whether a call's labelled arguments fit an init's parameters in order, the ones it leaves
    /// out having defaults (or, the last, being the trailing closure).
    static func accepts(_ initializer: InitializerDeclSyntax, _ call: FunctionCallExprSyntax) -> Bool {
        var labels = call.arguments.map { $0.label?.text ?? "_" }[...]
        var closures = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        for parameter in initializer.signature.parameterClause.parameters {
            if let next = labels.first, next == parameter.firstName.text {
                labels.removeFirst()
            } else if labels.isEmpty, closures > 0 {
                closures -= 1
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return labels.isEmpty && closures == 0
    }

    /// Per class, the scanned classes whose first inherited name resolves to it.
    static func subclassIndex(_ symbols: SymbolTable, files: [FileFacts]) -> [String: [Int]] {
        var index: [String: [Int]] = [:]
        for (position, type) in symbols.types.enumerated() where type.kind == .class {
            guard let id = type.declarations.first, let first = files[id.file].declarations[id.index].inheritance.first,
                  let superclass = symbols.resolve(first), superclass.kind == .class, superclass.qualifiedName != type.qualifiedName else { continue }
            index[superclass.qualifiedName, default: []].append(position)
        }
        return index
    }
}

/// `super.init(…)` or `self.init(…)` inside one init, outside the closures and types nested in it.
private final class InitDelegations: SyntaxVisitor {
    let receiver: String
    var found: [FunctionCallExprSyntax] = []

    private init(receiver: String) {
        self.receiver = receiver
        super.init(viewMode: .sourceAccurate)
    }

    static func find(receiver: String, in initializer: InitializerDeclSyntax) -> [FunctionCallExprSyntax] {
        guard let body = initializer.body else { return [] }
        let finder = InitDelegations(receiver: receiver)
        finder.walk(body)
        return finder.found
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base,
           receiver == "super" ? base.is(SuperExprSyntax.self) : base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            found.append(node)
        }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
