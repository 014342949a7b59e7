/// A path's bytes as a dictionary key. Paths are compared by their bytes: Swift strings compare by
/// canonical equivalence, so `café.swift` in NFC and in NFD, two files on disk, would otherwise be
/// one. Hashed in one call: `[UInt8]` feeds a hasher one byte at a time, which was a fifth of
/// discovering the 10,688 files of the 1.5-million-line tree.
public struct PathKey: Hashable, Sendable {
    public let bytes: [UInt8]

    public init(_ path: String) {
        bytes = Array(path.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
