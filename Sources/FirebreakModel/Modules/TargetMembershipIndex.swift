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
    /// Folder path → (target, index of the folder among the target's folders).
    private let folders: [String: [(target: Int, folder: Int)]]

    init(_ members: [TargetMembers]) {
        self.members = members
        var listing: [String: [Int]] = [:]
        var folders: [String: [(target: Int, folder: Int)]] = [:]
        for (target, member) in members.enumerated() {
            for file in member.files { listing[file, default: []].append(target) }
            for (index, folder) in member.folders.enumerated() { folders[folder.path, default: []].append((target, index)) }
        }
        self.listing = listing
        self.folders = folders
    }

    /// Every target whose members include `path`, in target order, each with its specificity:
    /// the same answers as `members[i].specificity(of: path)` for every `i`.
    func matches(_ path: String) -> [Match] {
        var best: [Int: Int] = [:]
        for target in listing[path] ?? [] { best[target] = Int.max }
        // A folder holds the file when it is the file itself or a byte prefix ending at a `/`
        // (`ModuleMap.contains`): look up exactly those prefixes, then let the folder decide
        // (exclusions, globs).
        for key in Self.candidateFolders(of: path) {
            for (target, folder) in folders[key] ?? [] where best[target] != Int.max {
                let membership = members[target].folders[folder]
                guard membership.contains(path) else { continue }
                best[target] = max(best[target] ?? 0, membership.path.count)
            }
        }
        return best.map { Match(target: $0.key, specificity: $0.value) }.sorted { $0.target < $1.target }
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
