import FirebreakModel

/// A type that keeps an infrastructure type in an instance property wraps it, and one whose code
/// reads an infrastructure type's shared instance or constructs one uses it: either is
/// infrastructure too (a repository around an API client, an image loader calling an image
/// service). Followed through the links until nothing changes. Types whose traits, own code or
/// layer folder decided are left as they are (feature code's singleton read is the finding); a class
/// that only kept state in memory takes what it wraps or uses.
enum Wrapping {
    static let reasonPrefix = "wraps "
    static let usesPrefix = "uses "

    static func resolve(_ judge: TypeJudge, fixed: [RoleAssignment?], folder: [RoleAssignment?], lastResort: [RoleAssignment?]) -> [RoleAssignment?] {
        var current = fixed.indices.map { fixed[$0] ?? folder[$0] ?? lastResort[$0] }
        let candidates = fixed.indices.filter { index in
            fixed[index] == nil && folder[index] == nil && lastResort[index]?.role != .infrastructure && !judge.evidence.links[index].isEmpty
        }
        var changed = true
        while changed {
            changed = false
            for index in candidates where current[index]?.role != .infrastructure {
                guard let link = judge.evidence.links[index].first(where: { isInfrastructure($0.type, current, judge) }) else { continue }
                current[index] = RoleAssignment(.infrastructure, reason(link, judge))
                changed = true
            }
        }
        return current
    }

    private static func reason(_ link: InputOutputEvidence.Link, _ judge: TypeJudge) -> String {
        let target = judge.symbols.types[link.type].qualifiedName
        let place = "\(judge.files[link.file].path):\(link.line)"
        switch link.kind {
        case .stores: return reasonPrefix + "\(target), infrastructure, in its property \(link.via) (\(place))"
        case .reads: return usesPrefix + "\(target), infrastructure, through its shared instance (\(place))"
        case .constructs: return usesPrefix + "\(target), infrastructure, which it constructs (\(place))"
        }
    }

    /// Infrastructure by its own judgement, or, when nothing in it decided, by its place.
    private static func isInfrastructure(_ index: Int, _ current: [RoleAssignment?], _ judge: TypeJudge) -> Bool {
        if let role = current[index] { return role.role == .infrastructure }
        let type = judge.symbols.types[index]
        return type.kind.isReferenceType && judge.placeRole(type).role == .infrastructure
    }
}
