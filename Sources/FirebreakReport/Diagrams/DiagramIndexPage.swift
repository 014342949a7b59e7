/// `graph --all-views`: a file name per view and the index.html that lists them, with their sizes.
public enum DiagramIndexPage {
    public static func fileName(for name: String, existing: Set<String>) -> String {
        var base = String(name.unicodeScalars.map { scalar -> Character in
            let isWord = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            return isWord || scalar == "." || scalar == "-" ? Character(scalar) : "_"
        })
        if base.isEmpty { base = "view" }
        var candidate = base
        var suffix = 2
        while existing.contains(where: { $0.hasPrefix(candidate + ".") }) {
            candidate = "\(base)-\(suffix)"
            suffix += 1
        }
        return candidate
    }

    /// One view's row: its drawing's file and what the drawing holds.
    public struct Entry: Sendable {
        public var name: String
        public var file: String
        public var lines: Int
        public var nodes: Int
        public var violations: Int

        public init(name: String, file: String, diagram: Diagram) {
            self.name = name
            self.file = file
            lines = diagram.closureLines ?? 0
            nodes = diagram.nodes.count
            violations = diagram.edges.filter { $0.violation != nil }.count
        }
    }

    /// A self-contained page (no fetch, no external script): a table of the views, largest
    /// closure first, that sorts by any column and filters by name; headers are buttons, the sort
    /// is announced through `aria-sort`, the row count through a live region.
    public static func html(_ entries: [Entry], format: String) -> String {
        let rows = entries.sorted { ($1.lines, $0.name) < ($0.lines, $1.name) }
        var html = """
            <h1>View closures</h1>
            <p><label for="filter">Filter views by name</label> <input id="filter" type="search" autocomplete="off"></p>
            <p id="count" aria-live="polite">\(rows.count) of \(rows.count) views</p>
            <table id="views">
            <caption>Each view's drawn closure; choose a column heading to sort by it.</caption>
            <thead><tr>
            <th scope="col" aria-sort="none"><button type="button" data-key="name">View</button></th>
            <th scope="col" class="number" aria-sort="descending"><button type="button" data-key="lines">Code lines</button></th>
            <th scope="col" class="number" aria-sort="none"><button type="button" data-key="nodes">Drawn nodes</button></th>
            <th scope="col" class="number" aria-sort="none"><button type="button" data-key="violations">Violations</button></th>
            </tr></thead>
            <tbody>

            """
        for entry in rows {
            let name = HTMLDocument.escape(entry.name)
            let file = HTMLDocument.escape(entry.file)
            var cell = "<a href=\"\(file)\">\(name)</a>"
            if format == "png" || format == "svg" {
                cell += "<details><summary>drawing</summary><img loading=\"lazy\" src=\"\(file)\" alt=\"\(name)'s closure\"></details>"
            }
            html += "<tr data-name=\"\(name.lowercased())\" data-lines=\"\(entry.lines)\" "
                + "data-nodes=\"\(entry.nodes)\" data-violations=\"\(entry.violations)\"><td>\(cell)</td>"
                + "<td class=\"number\">\(entry.lines)</td><td class=\"number\">\(entry.nodes)</td><td class=\"number\">\(entry.violations)</td></tr>\n"
        }
        html += """
            </tbody></table>

            """
        return HTMLDocument.page(title: "firebreak: view closures", body: html, script: HTMLDocument.tableScript(table: "views", noun: "views"))
    }

}
