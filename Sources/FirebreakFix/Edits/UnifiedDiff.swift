/// `diff -u` output for one file, from the standard library's line difference: what `fix` prints
/// in a dry run and what `git apply` and `patch -p1` read.
public enum UnifiedDiff {
    /// Lines of context around each change, as `diff -u` uses.
    static let context = 3

    /// `old` nil is a new file. Empty when nothing changed.
    public static func render(path: String, old: String?, new: String) -> String {
        let oldLines = old.map(lines) ?? []
        let newLines = lines(new)
        guard old == nil || oldLines != newLines else { return "" }
        let header = (old == nil ? "--- /dev/null\n" : "--- a/\(path)\n") + "+++ b/\(path)\n"
        return header + hunks(oldLines, newLines).joined()
    }

    /// Lines with their terminators, so a missing final newline shows.
    static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        // By byte: a CRLF break is one Character, which a comparison with "\n" would miss.
        var start = text.startIndex
        for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: "\n") {
            let next = text.utf8.index(after: index)
            result.append(text[start..<next])
            start = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// One operation per line of the merged sequence: kept, removed or inserted.
    private enum Operation: Equatable {
        case keep(old: Int, new: Int)
        case remove(old: Int)
        case insert(new: Int)
    }

    private static func operations(_ old: [Substring], _ new: [Substring]) -> [Operation] {
        let difference = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var result: [Operation] = []
        var oldIndex = 0, newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removed.contains(oldIndex) {
                result.append(.remove(old: oldIndex))
                oldIndex += 1
            } else if newIndex < new.count, inserted.contains(newIndex) {
                result.append(.insert(new: newIndex))
                newIndex += 1
            } else {
                result.append(.keep(old: oldIndex, new: newIndex))
                oldIndex += 1
                newIndex += 1
            }
        }
        return result
    }

    private static func hunks(_ old: [Substring], _ new: [Substring]) -> [String] {
        let operations = operations(old, new)
        let changed = operations.indices.filter { if case .keep = operations[$0] { false } else { true } }
        guard !changed.isEmpty else { return [] }
        // Group changes whose context windows touch.
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let window = max(0, index - context)...min(operations.count - 1, index + context)
            if let last = groups.last, window.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...window.upperBound
            } else {
                groups.append(window)
            }
        }
        return groups.map { range in
            var body = ""
            var oldStart: Int?, newStart: Int?
            var oldCount = 0, newCount = 0
            var oldBefore = 0, newBefore = 0
            for operation in operations[..<range.lowerBound] {
                switch operation {
                case .keep: oldBefore += 1; newBefore += 1
                case .remove: oldBefore += 1
                case .insert: newBefore += 1
                }
            }
            for operation in operations[range] {
                switch operation {
                case .keep(let o, let n):
                    oldStart = oldStart ?? o
                    newStart = newStart ?? n
                    oldCount += 1
                    newCount += 1
                    body += line(" ", old[o])
                case .remove(let o):
                    oldStart = oldStart ?? o
                    oldCount += 1
                    body += line("-", old[o])
                case .insert(let n):
                    newStart = newStart ?? n
                    newCount += 1
                    body += line("+", new[n])
                }
            }
            // diff -u numbers an empty side by the line before it.
            let oldFirst = oldCount == 0 ? oldBefore : (oldStart ?? oldBefore) + 1
            let newFirst = newCount == 0 ? newBefore : (newStart ?? newBefore) + 1
            return "@@ -\(span(oldFirst, oldCount)) +\(span(newFirst, newCount)) @@\n" + body
        }
    }

    private static func span(_ first: Int, _ count: Int) -> String {
        count == 1 ? "\(first)" : "\(first),\(count)"
    }

    private static func line(_ marker: String, _ text: Substring) -> String {
        text.utf8.last == UInt8(ascii: "\n") ? marker + text : marker + text + "\n\\ No newline at end of file\n"
    }
}
