import SwiftSyntax

/// A type the protocol's signatures name that is declared in the concrete type's file
/// (`struct User` beside `APIClient`): it moves to its own file beside the protocol, or the
/// high-level side would still compile the infrastructure file to see it.
struct TypeMove: Hashable {
    var name: String
    var fromPath: String
    var removal: TextEdit
    var toPath: String
    var source: String

    static func make(name: String, from file: ParsedFile, besides protocolPath: String) -> TypeMove? {
        guard let item = file.tree.statements.first(where: { item in
            guard let declaration = item.item.as(DeclSyntax.self) else { return false }
            return SyntaxQueries.name(of: declaration) == name && !declaration.is(ExtensionDeclSyntax.self)
        }) else { return nil }
        // The declaration with its doc comment, without the blank lines before it.
        var leading = item.leadingTrivia.pieces[...]
        while let first = leading.first, first.isNewline || first.isSpaceOrTab { leading = leading.dropFirst() }
        let text = Trivia(pieces: Array(leading)).description + item.trimmedDescription
        // Foundation only: the file's other imports may be the very SDKs the move keeps away.
        let imports = file.tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription }
            .filter { $0 == "Foundation" }.map { "import \($0)" }
        let folder = protocolPath.lastIndex(of: "/").map { String(protocolPath[...$0]) } ?? ""
        return TypeMove(
            name: name, fromPath: file.path,
            removal: TextEdit(start: item.position.utf8Offset, end: item.endPosition.utf8Offset, replacement: ""),
            toPath: folder + "\(name).swift",
            source: imports.map { "\($0)\n" }.joined() + (imports.isEmpty ? "" : "\n") + text + "\n")
    }
}
