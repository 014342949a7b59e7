/// Parses the text of one comment into a suppression, if it is one.
///
/// Accepted: `// firebreak:disable-next-line singleton-access`, `/* firebreak:disable all */`,
/// several rules separated by spaces or commas, and an optional ` -- reason` at the end.
enum SuppressionComment {
    static let prefix = "firebreak:"
    /// `prefix`'s bytes, and the index of its `k`, a byte code seldom holds, to search by.
    static let marker = Array(prefix.utf8)
    static let markerAnchor = 8

    static func parse(_ comment: String, position: SourcePosition) -> SuppressionFact? {
        var body = Substring(comment)
        if body.hasPrefix("//") {
            body = body.dropFirst(2)
        } else if body.hasPrefix("/*") {
            body = body.dropFirst(2)
            if body.hasSuffix("*/") { body = body.dropLast(2) }
        } else {
            return nil
        }
        body = body.drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix(prefix) else { return nil }
        body = body.dropFirst(prefix.count)
        if let reason = body.range(of: " --") { body = body[..<reason.lowerBound] }
        let words = body.split { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" || $0 == "\r" }.map(String.init)
        guard let commandText = words.first else { return nil }
        return SuppressionFact(
            command: SuppressionFact.Command(rawValue: commandText),
            commandText: commandText,
            rules: Array(words.dropFirst()),
            position: position
        )
    }
}
