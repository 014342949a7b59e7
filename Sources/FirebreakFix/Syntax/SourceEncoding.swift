/// How a source file is written beyond its text: a UTF-8 byte-order mark, and CRLF line breaks.
///
/// `fix` edits a text without the mark and with LF breaks, and gives the file back its own form,
/// so an edit never drops the mark or leaves LF lines among CRLF ones. A file whose breaks are
/// mixed keeps them as they are (new lines in it end in LF).
struct SourceEncoding: Sendable, Hashable {
    var byteOrderMark = false
    var crlf = false

    private static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The text `fix` edits and the form to restore, nil when the bytes are not UTF-8.
    static func decode(_ bytes: [UInt8]) -> (text: String, encoding: SourceEncoding)? {
        var encoding = SourceEncoding()
        var body = bytes[...]
        if body.starts(with: mark) {
            encoding.byteOrderMark = true
            body = body.dropFirst(mark.count)
        }
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        let lineFeeds = body.indices.filter { body[$0] == 0x0A }
        guard !lineFeeds.isEmpty, lineFeeds.allSatisfy({ $0 > body.startIndex && body[$0 - 1] == 0x0D }) else {
            return (text, encoding)
        }
        encoding.crlf = true
        var bytes: [UInt8] = []
        bytes.reserveCapacity(body.count)
        for index in body.indices where !(body[index] == 0x0D && index + 1 < body.endIndex && body[index + 1] == 0x0A) {
            bytes.append(body[index])
        }
        return (String(decoding: bytes, as: UTF8.self), encoding)
    }

    /// `text` (LF breaks) in the file's own form, without the mark (`FileChange` adds it).
    func restore(_ text: String) -> String {
        guard crlf else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + text.utf8.count / 16)
        for byte in text.utf8 {
            if byte == 0x0A { bytes.append(0x0D) }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
