/// Which targets compile a file, found from the file's own path and its ancestor folders rather
/// than by asking every target: a lookup grows with the path's depth, not with the number of
/// targets (a monorepo has hundreds), and copies nothing.
struct TargetMembershipIndex: Sendable {
    struct Match: Equatable {
        /// Index into the targets the index was built from.
        var target: Int
        /// `TargetMembers.specificity(of:)` of the file in that target.
        var specificity: Int
    }

    private let members: [TargetMembers]
    private let listing: [String: [Int]]
    /// Folder path → the targets holding that folder.
    private let folders: [String: [Int]]

    init(_ members: [TargetMembers]) {
        self.members = members
        var listing: [String: [Int]] = [:]
        var folders: [String: [Int]] = [:]
        for (target, member) in members.enumerated() {
            for file in member.files { listing[file, default: []].append(target) }
            for folder in member.folders { folders[folder.path, default: []].append(target) }
        }
        self.listing = listing
        self.folders = folders
    }

    /// Every target whose members include `path`, in target order, each with its specificity:
    /// the same answers as `members[i].specificity(of: path)` for every `i`, asked only of the
    /// targets that list the file or hold one of its folders.
    func matches(_ path: String) -> [Match] {
        var candidates = Set(listing[path] ?? [])
        // A folder holds the file when it is the file itself or a byte prefix ending at a `/`
        // (`ModuleMap.contains`): exactly those prefixes are looked up; the target then decides
        // (exclusions, globs, the most specific folder).
        for key in Self.candidateFolders(of: path) {
            candidates.formUnion(folders[key] ?? [])
        }
        return candidates.sorted().compactMap { target in
            members[target].specificity(of: path).map { Match(target: target, specificity: $0) }
        }
    }

    /// The path itself, and for each `/` in it the text before it and the text up to it.
    private static func candidateFolders(of path: String) -> [String] {
        var candidates = [path]
        let utf8 = path.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                candidates.append(String(path[..<index]))
                candidates.append(String(path[...index]))
            }
            index = utf8.index(after: index)
        }
        return candidates
    }
}
