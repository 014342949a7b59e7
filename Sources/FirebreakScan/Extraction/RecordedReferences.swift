/// The references a walk has recorded, one per owner, member, name, kind and static member, in
/// the order first met. Looked up in an open-addressing table by a multiplicative hash of the
/// fields' bytes: a `Set` of keys hashed three strings with `Hasher` (SipHash) for every
/// reference the walk met, a tenth of the walk.
struct RecordedReferences {
    private(set) var facts: [ReferenceFact] = []
    /// Index + 1 into `facts`, 0 for an empty slot; a power of two long, at most half full.
    private var slots = [Int32](repeating: 0, count: 64)
    private var hashes: [UInt64] = []

    /// Appends the reference unless one with the same identity is already recorded; the first
    /// one's position is kept, and `position` is asked only for a new one.
    /// The strings are consumed: a new fact keeps them without retaining them again.
    mutating func record(name: consuming String, kind: ReferenceKind, staticMember: consuming String?, owner: Int?,
                         member: consuming String?, position: () -> SourcePosition) {
        let hash = Self.hash(owner: owner, member: member, name: name, staticMember: staticMember)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            if hashes[index] == hash, isRecorded(at: index, name: name, kind: kind, staticMember: staticMember, owner: owner, member: member) {
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(facts.count + 1)
        facts.append(ReferenceFact(name: name, kind: kind, staticMember: staticMember, owner: owner, member: member,
                                   position: position()))
        hashes.append(hash)
        if facts.count * 2 > slots.count { grow() }
    }

    /// Whether the fact at `index` has this identity, its fields read in place: through the
    /// array's subscript, each comparison copied the whole fact out (retaining its strings).
    private func isRecorded(at index: Int, name: String, kind: ReferenceKind, staticMember: String?, owner: Int?, member: String?) -> Bool {
        facts.withUnsafeBufferPointer { buffer in
            let fact = buffer.baseAddress! + index
            return fact.pointee.owner == owner && fact.pointee.name == name && fact.pointee.member == member
                && fact.pointee.kind == kind && fact.pointee.staticMember == staticMember
        }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    /// The kind is left out: it only splits references that share everything else. Eight bytes
    /// at a time, and no closure over a mutable hash (each access to it was checked at run time):
    /// a byte-wise hash of the names was half the cost of recording.
    private static func hash(owner: Int?, member: String?, name: String, staticMember: String?) -> UInt64 {
        var value = UInt64(bitPattern: Int64(owner ?? -1)) &* 0x9e37_79b9_7f4a_7c15
        value = NameHash.mixing(member, into: value)
        value = NameHash.mixing(name, into: value)
        return NameHash.mixing(staticMember, into: value)
    }
}
