import FirebreakDiff
import FirebreakModel

/// The diff as one offline page: the checks and the summary first, findings fixed, new and moved,
/// then every view whose closure changed in a table that sorts by any column and filters by name
/// and by direction, drawings of the largest changes (inline SVG), and the rebuilds.
public struct DiffHTMLReporter: Reporter {
    public static let name = "html"
    public init() {}

    /// The views the page draws before and after: the largest changes of closure first.
    public static func drawnViews(_ diff: ReportDiff, top: Int) -> [String] {
        (diff.improved + diff.regressed).sorted { (abs($0.lines), $1.view) > (abs($1.lines), $0.view) }.prefix(top).map(\.view)
    }

    public func render(_ diff: ReportDiff, options: DiffRenderOptions) -> String {
        let escape = HTMLDocument.escape
        var body = "<h1>firebreak diff</h1>\n" + summaryTables(diff)
        body += section("Fixed findings", diff.fixed, header: ["Location", "Rule", "Symbol"]) {
            ["<code>\(escape(DiffFigures.location($0)))</code>", escape($0.rule), "<code>\(escape($0.symbol))</code>"]
        }
        body += section("New findings", diff.new, header: ["Location", "Rule", "Symbol", "Message"]) {
            ["<code>\(escape(DiffFigures.location($0)))</code>", escape($0.rule), "<code>\(escape($0.symbol))</code>", escape($0.message)]
        }
        body += section("Moved findings", diff.moved, header: ["From", "To", "Rule", "Symbol"]) {
            ["<code>\(escape($0.from))</code>", "<code>\(escape($0.to))</code>", escape($0.rule), "<code>\(escape($0.symbol))</code>"]
        }
        if diff.costModel != nil {
            body += viewsTable(diff)
            body += section("Views added or removed", diff.addedViews.map { ("added", $0) } + diff.removedViews.map { ("removed", $0) },
                            header: ["View", "Change"]) { ["<code>\(escape($0.1))</code>", $0.0] }
            body += section("Refactored views: estimated against realised", diff.refactored,
                            header: ["View", "Estimated lines", "Realised lines", "Of the estimate"]) { item in
                ["<code>\(escape(item.view))</code>", "−\(Figures.grouped(item.estimatedLines))",
                 "−\(Figures.grouped(item.realisedLines))", Figures.percent(item.realisedFraction)]
            }
        }
        body += HTMLDocument.figures(
            heading: "Closures before and after",
            intro: "As <code>firebreak graph --diff</code> draws them: removed code green and dashed, added code orange and bold, "
                + "violations on both sides red.",
            names: Self.drawnViews(diff, top: options.top), drawings: options.diagrams) { "\($0): closure before and after" }
        if let rebuilds = diff.rebuilds, !rebuilds.isEmpty {
            body += "<h2>Rebuilds after an interface edit (\(escape(CostModel.rebuildPhrase)))</h2>\n<ul>\n"
                + rebuilds.map { "<li><code>\(escape($0.type))</code>: \(escape(DiffFigures.rebuild($0)))</li>\n" }.joined() + "</ul>\n"
        }
        body += "<p><small>before: \(escape(DiffFigures.side(diff.before))); after: \(escape(DiffFigures.side(diff.after)))</small></p>\n"
        return HTMLDocument.page(title: "firebreak diff", body: body, script: HTMLDocument.tableScript(table: "views", noun: "views"))
    }

    /// The checks, then the findings and closures in one table each.
    private func summaryTables(_ diff: ReportDiff) -> String {
        let escape = HTMLDocument.escape
        let summary = diff.summary
        var body = ""
        let failed = diff.checks.filter(\.failed)
        if !diff.checks.isEmpty {
            body += failed.isEmpty
                ? "<p><strong>Checks passed:</strong> " + diff.checks.map { "<code>\(escape($0.condition))</code>" }.joined(separator: ", ") + "</p>\n"
                : "<p class=\"error\"><strong>Checks failed:</strong> "
                    + failed.map { "<code>\(escape($0.condition))</code> (\(escape($0.detail)))" }.joined(separator: "; ") + "</p>\n"
        }
        body += """
            <table><caption>Findings</caption><thead><tr><th scope="col" class="number">Fixed</th><th scope="col" class="number">New</th>
            <th scope="col" class="number">Moved</th><th scope="col" class="number">Unchanged</th></tr></thead>
            <tbody><tr><td class="number">\(summary.fixedFindings)</td><td class="number">\(summary.newFindings)</td>
            <td class="number">\(summary.movedFindings)</td><td class="number">\(summary.unchangedFindings)</td></tr></tbody></table>

            """
        if let costModel = diff.costModel {
            body += """
                <table><caption>Closures</caption><thead><tr><th scope="col" class="number">Views smaller</th>
                <th scope="col" class="number">Views larger</th><th scope="col" class="number">Views added / removed</th>
                <th scope="col" class="number">Closures summed over views</th><th scope="col" class="number">Estimated time saved</th></tr></thead>
                <tbody><tr><td class="number">\(summary.viewsImproved)</td><td class="number">\(summary.viewsRegressed)</td>
                <td class="number">\(summary.viewsAdded) / \(summary.viewsRemoved)</td><td class="number">\(escape(DiffFigures.totalLines(summary)))</td>
                <td class="number">≈\(escape(DiffFigures.seconds(summary.estimatedSecondsSaved, summary.low, summary.high))), \(escape(costModel.phrase))</td></tr></tbody></table>
                <p>Seconds are \(escape(DiffFigures.costModel(costModel))).</p>

                """
        }
        return body
    }

    /// Every view whose closure changed; the script needs the table's controls even when it is empty.
    private func viewsTable(_ diff: ReportDiff) -> String {
        let escape = HTMLDocument.escape
        let changes = diff.improved.map { ("smaller", $0) } + diff.regressed.map { ("larger", $0) }
        var html = """
            <h2>Views whose closure changed</h2>
            <p class="filters"><label>Name contains <input id="filter" type="search" autocomplete="off"></label>
            <label>Closure <select id="change" data-filter="change"><option value="">all</option><option>smaller</option><option>larger</option></select></label></p>
            <p id="count" aria-live="polite">\(changes.count) of \(changes.count) views</p>
            <table id="views"><caption>Closure before and after; choose a column heading to sort by it.</caption>
            <thead><tr><th scope="col" aria-sort="none"><button type="button" data-key="name">View</button></th>
            <th scope="col" class="number" aria-sort="none"><button type="button" data-key="lines">Change in lines</button></th>
            <th scope="col">Closure</th><th scope="col" class="number">Files</th><th scope="col" class="number">Modules</th>
            <th scope="col" class="number" aria-sort="none"><button type="button" data-key="seconds">Estimated time saved</button></th>
            <th scope="col">Frameworks</th></tr></thead>
            <tbody>

            """
        for (direction, change) in changes {
            var frameworks: [String] = []
            if !change.frameworksDropped.isEmpty { frameworks.append("drops " + change.frameworksDropped.joined(separator: ", ")) }
            if !change.frameworksAdded.isEmpty { frameworks.append("adds " + change.frameworksAdded.joined(separator: ", ")) }
            html += "<tr data-name=\"\(escape(change.view).lowercased())\" data-change=\"\(direction)\" data-lines=\"\(change.lines)\" "
                + "data-seconds=\"\(change.estimatedSecondsSaved)\"><td><code>\(escape(change.view))</code></td>"
                + "<td class=\"number\">\(DiffFigures.signed(change.lines))</td><td>\(escape(DiffFigures.change(change)))</td>"
                + "<td class=\"number\">\(change.before.files) → \(change.after.files)</td>"
                + "<td class=\"number\">\(change.before.modules) → \(change.after.modules)</td>"
                + "<td class=\"number\">≈\(escape(DiffFigures.seconds(change.estimatedSecondsSaved, change.low, change.high)))</td>"
                + "<td>\(escape(frameworks.joined(separator: "; ")))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// A heading and a table of every item (the page is for reading whole, unlike a PR comment).
    private func section<Item>(_ title: String, _ items: [Item], header: [String], _ cells: (Item) -> [String]) -> String {
        guard !items.isEmpty else { return "" }
        var html = "<h2>\(HTMLDocument.escape(title)) (\(items.count))</h2>\n<table><thead><tr>"
            + header.map { "<th scope=\"col\">\($0)</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for item in items { html += "<tr>" + cells(item).map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
        return html + "</tbody></table>\n"
    }
}
