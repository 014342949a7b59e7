import FirebreakModel
import FirebreakScan

/// Decides whether a static read is a shared service instance, and whether a construction
/// creates an infrastructure service: the judgement the access and construction rules share.
struct DependencyClassifier {
    let model: RoleModel
    let knowledge: RuleKnowledge
    /// `Type.member` of the static properties the scanned code declares in extensions of types it
    /// does not declare (`extension Logger { static let shared = … }`).
    private let extensionStatics: Set<String>

    init(model: RoleModel, knowledge: RuleKnowledge) {
        self.model = model
        self.knowledge = knowledge
        var statics: Set<String> = []
        for (file, facts) in model.files.enumerated() {
            for index in facts.declarations.indices where facts.declarations[index].kind == .extension && !facts.declarations[index].staticProperties.isEmpty
                && model.symbols.typeIndex(of: DeclarationID(file: file, index: index)) == nil {
                for property in facts.declarations[index].staticProperties { statics.insert("\(facts.declarations[index].simpleName).\(property.name)") }
            }
        }
        extensionStatics = statics
    }

    func role(of type: TypeInfo) -> Role {
        let first = type.declarations[0]
        return model.declarationRoles[first.file][first.index].role
    }

    /// True when `access` reads a process-wide shared instance of a service, other than a type
    /// reading its own singleton, by its shape: a static stored instance of a class or actor that
    /// keeps state or does I/O (`SingletonAccessRule`), a configured one, or a platform or SDK
    /// service used as one; never a log call.
    func isSingletonRead(_ access: MemberAccessFact, file: Int) -> Bool {
        let enclosing = model.enclosingTypeNames(at: access.context, file: file)
        if access.base == "Self" || enclosing.contains(access.baseSimpleName) { return false }
        if knowledge.services.isAllowed(type: access.base, member: access.member) { return false }
        if let chained = access.chainedMember, ServiceKnowledge.isLoggingCall(member: chained, on: access.baseSimpleName) { return false }
        // A logger kept in a property (`let logger = MagicLogger.shared`) is read for its log calls.
        if access.chainedMember == nil, access.baseSimpleName.hasSuffix("Logger") { return false }
        if let index = model.symbols.resolvedIndex(access.base) {
            if model.isSharedInstance(typeIndex: index, member: access.member, chainedMember: access.chainedMember) { return true }
            return knowledge.services.isConfiguredSingleton(type: access.base, member: access.member)
        }
        // A dependency-injection library's container (Factory's `Container.shared`) resolves what
        // the app registered on it: reading it is what it is for, as a composition root's are.
        // CloudKit's `CKContainer.default()` is a service, named so or not.
        if access.chainedMember != nil, RoleConventions.isCompositionRootName(access.baseSimpleName),
           !ServiceKnowledge.isKnownServiceType(access.baseSimpleName) { return false }
        if extensionStatics.contains("\(access.baseSimpleName).\(access.member)"), !ServiceKnowledge.isKnownServiceType(access.baseSimpleName) {
            return false
        }
        return knowledge.services.isExternalSingleton(type: access.base, member: access.member, chainedMember: access.chainedMember,
                                                      chainedArgument: access.chainedArgument)
    }

    /// True when `instantiation` constructs a class or actor of the infrastructure layer or a
    /// platform service object; `anyKind` also accepts value types of the infrastructure layer.
    func isServiceConstruction(_ instantiation: InstantiationFact, file: Int, anyKind: Bool = false) -> Bool {
        let name = instantiation.typeName
        // Most constructions name neither a scanned type nor a known service (`Text(…)`,
        // `String(…)`): nothing to look up, and no enclosing names to gather.
        if !model.symbols.declaresType(simpleName: name.lastNameComponent),
           !ServiceKnowledge.isServiceConstruction(type: instantiation.simpleTypeName, labels: instantiation.argumentLabels) {
            return false
        }
        let enclosing = model.enclosingTypeNames(at: instantiation.context, file: file)
        if name == "Self" || enclosing.contains(instantiation.simpleTypeName) { return false }
        if let type = Self.nestedType(name, in: enclosing, model.symbols) ?? model.symbols.resolve(name) {
            guard anyKind || type.kind.isReferenceType else { return false }
            guard type.kind != .protocol, type.kind != .enum || anyKind else { return false }
            if RoleConventions.valueLikeSuffixes.contains(where: type.simpleName.hasSuffix) { return false }
            return role(of: type) == .infrastructure
        }
        return ServiceKnowledge.isServiceConstruction(type: instantiation.simpleTypeName, labels: instantiation.argumentLabels)
    }

    /// `Options` written inside `FileScanner` is `FileScanner.Options` when that exists, as the
    /// compiler looks up nested types first, innermost enclosing type first.
    static func nestedType(_ name: String, in enclosing: [String], _ symbols: SymbolTable) -> TypeInfo? {
        guard !enclosing.isEmpty else { return nil }
        for depth in enclosing.indices {
            let outer = enclosing[depth...].reversed().joined(separator: ".")
            if let type = symbols.resolveQualified(outer + "." + name) { return type }
        }
        return nil
    }

    func symbol(of access: MemberAccessFact) -> String {
        "\(access.base).\(access.member)\(access.isCall ? "()" : "")"
    }
}
