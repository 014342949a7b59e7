/// What a failed build's log shows a reader: its diagnostics when it has any, else its end.
///
/// A verbose build interleaves compiler command lines thousands of characters long with the
/// diagnostics, so the log's last characters are often one command line and no error at all.
enum BuildLogExcerpt {
    static func of(_ log: String, diagnostics limit: Int = 20, tail: Int = 2000) -> String {
        let diagnostics = log.split(whereSeparator: \.isNewline).filter { line in
            line.contains(" error: ") || line.hasPrefix("error: ")
        }
        guard diagnostics.isEmpty else {
            let shown = diagnostics.prefix(limit).joined(separator: "\n")
            let more = diagnostics.count > limit ? "\n… and \(diagnostics.count - limit) more errors" : ""
            return "its errors:\n" + shown + more
        }
        return "the end of its output:\n" + log.suffix(tail)
    }
}
