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
    /// The byte lengths of `folders`' keys: a prefix of another length is no key, and needs
    /// neither a `String` nor a hash (a path has about twenty prefixes, a project few lengths).
    private let folderLengths: Set<Int>

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
        folderLengths = Set(folders.keys.map(\.utf8.count))
    }

    /// Every target whose members include `path`, in target order, each with its specificity:
    /// the same answers as `members[i].specificity(of: path)` for every `i`, asked only of the
    /// targets that list the file or hold one of its folders.
    func matches(_ path: String) -> [Match] {
        var candidates = Set(listing[path] ?? [])
        // A folder holds the file when it is the file itself or a byte prefix ending at a `/`
        // (`ModuleMap.contains`): exactly those prefixes are looked up; the target then decides
        // (exclusions, globs, the most specific folder).
        for key in candidateFolders(of: path) {
            candidates.formUnion(folders[key] ?? [])
        }
        return candidates.sorted().compactMap { target in
            members[target].specificity(of: path).map { Match(target: target, specificity: $0) }
        }
    }

    /// The path itself, and for each `/` in it the text before it and the text up to it, of
    /// those only the ones as long as some folder key.
    private func candidateFolders(of path: String) -> [String] {
        var candidates = [path]
        var path = path
        path.withUTF8 { bytes in
            func prefix(_ end: Int) {
                if folderLengths.contains(end) {
                    candidates.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self))
                }
            }
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
                prefix(index)
                prefix(index + 1)
            }
        }
        return candidates
    }
}
