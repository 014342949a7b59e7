/// What a file's bytes were when a run read them: their hash and length.
public struct FileFingerprint: Hashable, Sendable {
    public var content: ContentHash
    public var length: Int

    public init(content: ContentHash, length: Int) {
        self.content = content
        self.length = length
    }

    init(_ bytes: [UInt8]) {
        self.init(content: ContentHash(bytes), length: bytes.count)
    }
}
