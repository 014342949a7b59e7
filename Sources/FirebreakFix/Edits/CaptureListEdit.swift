import Foundation

/// A capture list `fix` gives a closure that had none (`{ [apiClient = self.apiClient] in … }`), so
/// the closure holds the injected constant rather than `self`. Two dependencies read in one closure
/// each ask for one; they are merged into a single list, since `{ [a = self.a] [b = self.b] in` does
/// not parse.
enum CaptureListEdit {
    /// A new list of `item` for a closure whose signature starts at `offset`, or, with `addsIn`, for
    /// one without a signature, after its `{`.
    static func insert(_ item: String, at offset: Int, addsIn: Bool) -> TextEdit {
        .insert(addsIn ? " [\(item)] in" : "[\(item)] ", at: offset)
    }

    /// The edits with the new capture lists inserted at one offset merged into one.
    static func merged(_ edits: [TextEdit]) -> [TextEdit] {
        var lists: [Int: (items: [String], addsIn: Bool, first: Int)] = [:]
        var kept: [TextEdit] = []
        for (index, edit) in edits.enumerated() {
            guard edit.start == edit.end, let (items, addsIn) = parse(edit.replacement) else {
                kept.append(edit)
                continue
            }
            var list = lists[edit.start] ?? (items: [], addsIn: addsIn, first: index)
            list.items += items.filter { !list.items.contains($0) }
            lists[edit.start] = list
        }
        let merged = lists.map { offset, list in (list.first, insert(list.items.joined(separator: ", "), at: offset, addsIn: list.addsIn)) }
        return kept + merged.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The items of a list `insert` wrote, and whether it adds `in`.
    private static func parse(_ text: String) -> (items: [String], addsIn: Bool)? {
        let addsIn = text.hasPrefix(" [") && text.hasSuffix("] in")
        guard addsIn || (text.hasPrefix("[") && text.hasSuffix("] ")) else { return nil }
        let inner = text.dropFirst(addsIn ? 2 : 1).dropLast(addsIn ? 4 : 2)
        let items = inner.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty, items.allSatisfy({ $0.contains(" = self.") }) else { return nil }
        return (items, addsIn)
    }
}
