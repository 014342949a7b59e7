import SwiftParser
import SwiftSyntax

/// A source file read and parsed once for `fix`: the text edits are offsets into `text`.
final class ParsedFile {
    /// As reports show it, relative to the working directory.
    let path: String
    /// Without a byte-order mark, lines ending in LF; `encoding` gives the file back its form.
    let text: String
    let encoding: SourceEncoding
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter

    init(path: String, text: String, encoding: SourceEncoding = SourceEncoding()) {
        self.path = path
        self.text = text
        self.encoding = encoding
        self.tree = Parser.parse(source: text)
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    var hasSyntaxErrors: Bool { tree.hasError }

    /// This file rewritten as `newText` (LF breaks), in the file's own form.
    func change(to newText: String) -> FixPlan.FileChange {
        FixPlan.FileChange(path: path, old: encoding.restore(text), new: encoding.restore(newText), byteOrderMark: encoding.byteOrderMark)
    }

    private lazy var bytes = Array(text.utf8)

    /// Its type and extension declarations, found once.
    private(set) lazy var typeDeclarations: [(name: String, node: DeclSyntax)] = SyntaxQueries.typeDeclarations(in: tree)

    /// The modules the file imports at file scope (`Foundation`, `Networking`).
    var imports: [String] {
        tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription }
    }

    /// 1-based line of a node's first token.
    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    func location(of node: some SyntaxProtocol) -> String {
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return "\(path):\(location.line):\(location.column)"
    }

    /// The offset of the token at a 1-based line and column (as findings give them).
    func offset(line: Int, column: Int) -> Int {
        converter.position(ofLine: line, column: column).utf8Offset
    }

    /// The indentation of the line that holds `position`.
    func indentation(at position: AbsolutePosition) -> String {
        let bytes = self.bytes
        var start = min(position.utf8Offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The length in characters of the line that holds `position`, without its line break.
    func lineLength(at position: AbsolutePosition) -> Int {
        let bytes = self.bytes
        var start = min(position.utf8Offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = min(position.utf8Offset, bytes.count)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self).count
    }

    /// The file's indentation unit: the step in from a line that opens a brace to the line after
    /// it, the most common one (a declaration's continuation lines, aligned under its name, or a
    /// license header's ` * ` are not steps); else four spaces.
    private(set) lazy var indentUnit: String = Self.indentUnit(of: text)

    /// Read once per file: every edit of the file asks for it.
    private static func indentUnit(of text: String) -> String {
        var steps: [String: Int] = [:]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        for (line, next) in zip(lines, lines.dropFirst()) where line.last(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) == "{" {
            let outer = line.prefix { $0 == " " || $0 == "\t" }
            let inner = next.prefix { $0 == " " || $0 == "\t" }
            guard inner.count > outer.count, inner.count < next.count, inner.hasPrefix(outer) else { continue }
            steps[String(inner.dropFirst(outer.count)), default: 0] += 1
        }
        let best = steps.max { ($0.value, $1.key.count, $1.key) < ($1.value, $0.key.count, $0.key) }
        return best?.key ?? "    "
    }
}
