@_spi(RawSyntax) import SwiftSyntax

/// The dependency facts: which names each declaration uses, and where.
extension FactExtractor {
    // MARK: - Owners and members

    func enterOwner(_ index: Int?, genericNames: [String]) {
        ownerStack.append(index ?? ownerStack.last ?? -1)
        memberStack.append(nil)
        pushGenericScope(genericNames)
    }

    func exitOwner() {
        ownerStack.removeLast()
        memberStack.removeLast()
        popGenericScope()
    }

    private func pushGenericScope(_ names: [String]) {
        genericScopes.append(Set(names))
        if !names.isEmpty { genericScopesInUse += 1 }
    }

    private func popGenericScope() {
        if let scope = genericScopes.popLast(), !scope.isEmpty { genericScopesInUse -= 1 }
    }

    /// The simple name of the innermost enclosing type or extension.
    var ownTypeName: String? {
        declarationStack.last.map { declarations[$0].name.lastNameComponent }
    }

    /// Whether the node being entered or left is a member of a type or extension.
    func isMember() -> Bool {
        ancestor(0)?.kind == .memberBlockItem
    }

    func enterMember(
        _ name: String, kind: MemberKind, isStatic: Bool, isWitness: Bool, isStored: Bool = false, node: WalkedNode,
        genericNames: [String]
    ) {
        pushGenericScope(genericNames)
        guard isMember(), let owner = declarationStack.last else { return }
        declarations[owner].members.append(MemberFact(
            name: name, kind: kind, isStatic: isStatic, isWitness: isWitness, isStored: isStored,
            startLine: position(of: node).line, endLine: endLine(of: node)))
        memberStack.append(name)
    }

    func exitMember() {
        popGenericScope()
        guard isMember(), declarationStack.last != nil else { return }
        memberStack.removeLast()
    }

    // MARK: - Recording

    private func isGenericName(_ name: String) -> Bool {
        genericScopes.contains { $0.contains(name) }
    }

    func recordReference(_ name: consuming String, kind: ReferenceKind, staticMember: consuming String? = nil, at node: WalkedNode) {
        // Most code declares no generic parameter: then no name needs a String to be looked up.
        if Self.startsWithSelfOrWildcard(name) || (genericScopesInUse > 0 && isGenericName(String(name.firstNameComponent))) {
            return
        }
        let owner = ownerStack.last.flatMap { $0 >= 0 ? $0 : nil }
        let member = memberStack.last ?? nil
        references.record(name: name, kind: kind, staticMember: staticMember, owner: owner, member: member) {
            position(of: node)
        }
    }

    /// Whether the name's first component is `Self` or `_`, which name no type of their own. Read
    /// off the first bytes: every reference recorded asks.
    static func startsWithSelfOrWildcard(_ name: String) -> Bool {
        let fast = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let first = bytes.first else { return false }
            let end: Int
            if first == UInt8(ascii: "_") {
                end = 1
            } else if first == UInt8(ascii: "S"), bytes.count >= 4, bytes[1] == UInt8(ascii: "e"), bytes[2] == UInt8(ascii: "l"),
                      bytes[3] == UInt8(ascii: "f") {
                end = 4
            } else {
                return false
            }
            return bytes.count == end || bytes[end] == UInt8(ascii: ".")
        }
        if let fast { return fast }
        let first = name.firstNameComponent
        return first == "Self" || first == "_"
    }

    /// A binding without accessors, or with only observers, stores a value.
    static func isStoredBinding(_ binding: RawPatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        guard let accessors = RawAccessorDeclListSyntax(block.accessors) else { return false }
        return accessors.layoutView.children.allSatisfy { element in
            guard let specifier = element.flatMap(RawAccessorDeclSyntax.init)?.accessorSpecifier.tokenText else { return true }
            return specifier == "willSet" || specifier == "didSet"
        }
    }
}
