import FirebreakModel
import FirebreakScan

/// Types only previews and tests use: their code may construct and read whatever it likes.
enum PreviewOnlyTypes {
    /// Types only previews and tests use, with the reason: declared under `#if DEBUG` and named
    /// nowhere else, or named by a preview and nowhere else. A preview side is a `#Preview`, a
    /// test, a preview helper member, a preview or double type, or debug-only code; a type's
    /// mentions of itself do not count.
    static func find(files: [FileFacts], symbols: SymbolTable, testFiles: [Int: String]) -> [String: String] {
        // By index: copying each type's sets and arrays out of the table cost more than the loop.
        let candidates = symbols.types.indices.filter { symbols.types[$0].kind != .protocol }
        // Names are looked up once per reference part, then counted by number: hashing a
        // `String` again for each set it goes into was most of this pass.
        var seen: Set<String> = []
        let names = NameNumbers(candidates.map { symbols.types[$0].simpleName }.filter { seen.insert($0).inserted })
        let filter = NameFilter(names.names)
        // Per file on every core: which names its code uses, on the preview side or not, by
        // number, repeats kept (a set of numbers per file cost more in hashing and growing
        // than the repeats cost in flags set twice).
        let perFile = ParallelMap.map(files.count) { file in
            namesUsed(in: files[file], isTest: testFiles[file] != nil || RoleConventions.isTestPath(files[file].path), names: names, filter: filter)
        }
        var usedElsewhere = [Bool](repeating: false, count: names.count)
        var usedByPreviews = [Bool](repeating: false, count: names.count)
        for used in perFile {
            for number in used.elsewhere { usedElsewhere[number] = true }
            for number in used.previews { usedByPreviews[number] = true }
        }
        var result: [String: String] = [:]
        for type in candidates {
            guard let number = names.number(of: symbols.types[type].simpleName), !usedElsewhere[number] else { continue }
            if symbols.types[type].declarations.allSatisfy({ files[$0.file].declarations[$0.index].isDebugOnly }) {
                result[symbols.types[type].qualifiedName] = "declared under #if DEBUG and used only by previews and tests"
            } else if usedByPreviews[number] {
                result[symbols.types[type].qualifiedName] = "used only by previews and tests"
            }
        }
        return result
    }

    /// The candidate names one file's code uses, by number, on the preview side or not.
    private static func namesUsed(in facts: FileFacts, isTest: Bool, names: NameNumbers, filter: NameFilter) -> (elsewhere: [Int], previews: [Int]) {
        // The two arrays, not the file's facts: a copy of those retained all their arrays.
        let declarations = facts.declarations
        let references = facts.references
        var usedElsewhere: [Int] = []
        var usedByPreviews: [Int] = []
        // Whether each declaration, with what encloses it, is preview code (0: not asked
        // yet, 1: no, 2: yes), and whether a reference from it is: asked for every name a
        // reference holds, and consecutive references mostly share their owner and member.
        var previewChain = [UInt8](repeating: 0, count: declarations.count)
        var lastSite: (owner: Int, member: String?)?
        var lastSiteIsPreview = false
        func isPreviewSide(owner: Int?, member: String?) -> Bool {
            guard !isTest, let owner else { return isTest }
            if let site = lastSite, site.owner == owner, site.member == member { return lastSiteIsPreview }
            if previewChain[owner] == 0 { previewChain[owner] = Self.isPreviewChain(declarations, owner) ? 2 : 1 }
            lastSite = (owner, member)
            lastSiteIsPreview = previewChain[owner] == 2 || Self.isPreviewHelper(declarations, owner, member: member)
            return lastSiteIsPreview
        }
        for index in references.indices {
            let owner = references[index].owner, member = references[index].member
            func record(_ named: String) {
                guard filter.mayContain(named), let number = names.number(of: named) else { return }
                if let owner, Self.encloses(declarations, owner, named) { return }
                if isPreviewSide(owner: owner, member: member) { usedByPreviews.append(number) } else { usedElsewhere.append(number) }
            }
            let name = references[index].name
            if name.isQualifiedName {
                for named in name.nameComponents { record(named) }
            } else {
                record(name)
            }
        }
        return (usedElsewhere, usedByPreviews)
    }

    /// Code that exists for previews: a `#Preview`, debug-only code, or a type named or
    /// conforming like a preview or double, with what encloses it.
    /// A type naming itself (or an extension of it naming it) is no use of it.
    private static func encloses(_ declarations: [DeclarationFact], _ index: Int, _ name: String) -> Bool {
        // By index: copying each declaration on the way up was most of this pass.
        var current: Int? = index
        while let at = current {
            if declarations[at].name.hasLastNameComponent(name) { return true }
            current = declarations[at].parent
        }
        return false
    }

    /// A static preview helper (`static var preview`) of the declaration, read through its type.
    private static func isPreviewHelper(_ declarations: [DeclarationFact], _ index: Int, member: String?) -> Bool {
        guard let member, PreviewHelperNames.contains(member) else { return false }
        return declarations[index].members.contains(where: { $0.name == member && $0.isStatic })
    }

    /// The declaration or one that encloses it is a `#Preview`, debug-only, or named or
    /// conforming like a preview or double.
    private static func isPreviewChain(_ declarations: [DeclarationFact], _ index: Int) -> Bool {
        var current: Int? = index
        while let at = current {
            if declarations[at].kind == .preview || declarations[at].isDebugOnly
                || RoleConventions.hasExemptName(declarations[at].simpleName)
                || declarations[at].inheritance.contains(where: RoleConventions.exemptConformances.contains) {
                return true
            }
            current = declarations[at].parent
        }
        return false
    }
}
