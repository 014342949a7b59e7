import Foundation
import SwiftSyntax

/// Adds `import Module` to a file that passes a live instance from a module it did not import.
enum ImportEdit {
    /// After the last file-scope import, or at the top; nil when the file imports it already, or
    /// when the module has no name an import can use (an analysed folder without a project
    /// description is named after the folder, which is not a Swift module).
    static func adding(_ module: String, to file: ParsedFile) -> TextEdit? {
        guard !module.isEmpty, !file.imports.contains(module) else { return nil }
        let imports = file.tree.statements.filter { $0.item.is(ImportDeclSyntax.self) }
        guard let last = imports.last else {
            let first = file.tree.statements.first
            return .insert("import \(module)\n\n", at: first?.positionAfterSkippingLeadingTrivia.utf8Offset ?? 0)
        }
        return .insert("\nimport \(module)", at: last.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    /// The edits with each import inserted once: fixes of several types in one file each add
    /// the import their live value needs, at the same place.
    static func deduplicated(_ edits: [TextEdit]) -> [TextEdit] {
        var seen = Set<String>()
        return edits.filter { edit in
            let line = edit.replacement.trimmingCharacters(in: .whitespacesAndNewlines)
            guard edit.start == edit.end, line.hasPrefix("import "), !line.contains("\n") else { return true }
            return seen.insert(line).inserted
        }
    }
}
