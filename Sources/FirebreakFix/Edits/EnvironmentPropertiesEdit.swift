import Foundation

/// The `@Environment` properties `fix` gives a view, inserted after its `{`. A parent view that
/// builds several hoisted models reads each dependency once: every model's edit asks for the
/// properties it passes (Harbour's `ViewForIOS` built three and declared `preferences` twice), so
/// the insertions at one offset are merged into one, each property once.
enum EnvironmentPropertiesEdit {
    /// The edits with the property insertions at one offset merged into one.
    static func merged(_ edits: [TextEdit]) -> [TextEdit] {
        var groups: [Int: (lines: [String], separated: Bool, first: Int)] = [:]
        var kept: [TextEdit] = []
        for (index, edit) in edits.enumerated() {
            guard edit.start == edit.end, let lines = properties(in: edit.replacement) else {
                kept.append(edit)
                continue
            }
            var group = groups[edit.start] ?? (lines: [], separated: false, first: index)
            group.lines += lines.filter { !group.lines.contains($0) }
            group.separated = group.separated || edit.replacement.hasSuffix("\n")
            groups[edit.start] = group
        }
        let merged = groups.map { offset, group in
            (group.first, TextEdit.insert("\n" + group.lines.joined(separator: "\n") + (group.separated ? "\n" : ""), at: offset))
        }
        return kept + merged.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The property lines of an insertion made only of `@Environment(…) var …` lines.
    private static func properties(in text: String) -> [String]? {
        guard text.hasPrefix("\n") else { return nil }
        let lines = text.split(separator: "\n").map(String.init)
        let isProperty = { (line: String) in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("@Environment(\\.") && line.contains(" var ")
        }
        return !lines.isEmpty && lines.allSatisfy(isProperty) ? lines : nil
    }
}
