/// The names nearest to one a user typed: for "no target named…" and "no view named…" errors.
public enum NameSuggestions {
    /// Up to `limit` names, closest first: case-insensitive edit distance within a third of the
    /// name's length (at least 2), or names that contain what was typed.
    public static func nearest(to typed: String, among names: [String], limit: Int = 3) -> [String] {
        let wanted = typed.lowercased()
        let threshold = max(2, wanted.count / 3)
        var scored: [(distance: Int, name: String)] = []
        for name in Set(names) {
            let candidate = name.lowercased()
            let distance = editDistance(Array(wanted), Array(candidate))
            if distance <= threshold {
                scored.append((distance, name))
            } else if wanted.count >= 3, candidate.contains(wanted) {
                scored.append((threshold + 1 + abs(candidate.count - wanted.count), name))
            }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
    }

    /// "; did you mean A, B?" for an error message, or nothing when there is no suggestion.
    public static func phrase(_ suggestions: [String]) -> String {
        suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
