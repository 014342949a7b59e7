import FirebreakModel

/// One offline page to share an analysis: the summary and the rebuilds, every view's closure and
/// savings in a table that sorts by any column and filters by name and module, the drawings of
/// the views that gain most (inline SVG, rendered in-process), and the refactor plan.
public struct AnalysisHTMLReporter: Reporter {
    public static let name = "html"
    public init() {}

    /// The views the page draws, in the order it shows them: the largest savings first, as the
    /// markdown lists them.
    public static func drawnViews(_ report: AnalysisReport, top: Int) -> [String] {
        report.views.sorted { ($0.savings.lines, $0.closure.lines, $1.name) > ($1.savings.lines, $1.closure.lines, $0.name) }
            .prefix(top).map(\.name)
    }

    public func render(_ report: AnalysisReport, options: AnalysisRenderOptions) -> String {
        let summary = report.summary
        let escape = HTMLDocument.escape
        var body = "<h1>firebreak analyze</h1>\n"
        let rebuilds = Figures.savingRebuilds(report, top: options.top)
        let rebuildSection = rebuilds.isEmpty ? "" : "<h2>Rebuilds after an interface edit (\(escape(CostModel.rebuildPhrase)))</h2>\n<ul>\n"
            + rebuilds.map { "<li>\(escape(Figures.rebuildLine($0)))</li>\n" }.joined() + "</ul>\n"
        let leadsWithRebuilds = Figures.leadsWithRebuilds(report)
        if leadsWithRebuilds { body += rebuildSection }
        body += """
            <table><caption>Summary</caption>
            <thead><tr><th scope="col" class="number">Files</th><th scope="col" class="number">Lines</th>
            <th scope="col" class="number">Modules</th><th scope="col" class="number">Views</th>
            <th scope="col" class="number">Median closure</th><th scope="col" class="number">Lines the cuts remove (each once)</th>
            <th scope="col" class="number">Files</th></tr></thead>
            <tbody><tr><td class="number">\(Figures.grouped(summary.files))</td><td class="number">\(Figures.grouped(summary.lines))</td>
            <td class="number">\(summary.modules)</td><td class="number">\(summary.views)</td>
            <td class="number">\(Figures.grouped(summary.medianClosureLines)) lines</td><td class="number">\(Figures.grouped(summary.distinctLinesRemoved))</td>
            <td class="number">\(Figures.grouped(summary.distinctFilesRemoved))</td></tr></tbody></table>
            <p>Estimates: \(escape(Figures.estimates(report.costModel))).<br>Rebuild estimates: \(escape(Figures.rebuildEstimates(report.costModel))).</p>

            """
        let shared = SharedModule(report)
        if let shared {
            body += "<p>\(escape(shared.sentence(report.costModel)))</p>\n"
        } else if summary.linesSaved > 0, summary.estimatedSeconds == 0 {
            body += "<p>\(escape(Figures.sameModuleNote))</p>\n"
        }
        if !leadsWithRebuilds { body += rebuildSection }
        body += viewsTable(report)
        body += HTMLDocument.figures(
            heading: "Closures of the views that gain most",
            intro: "Each drawing: the view's closure as <code>firebreak graph --view</code> draws it (red: violations; dashed: what a firewall cuts).",
            names: Self.drawnViews(report, top: options.top), drawings: options.diagrams) { "\($0)'s closure" }
        if !report.plan.isEmpty {
            body += "<h2>Refactor plan</h2>\n<p>Ranked by cold-build seconds where a cut changes the modules a build needs, "
                + "else by rebuild seconds, else by lines.</p>\n<ol>\n"
                + report.plan.prefix(options.top).map { "<li>\(escape(Figures.planLine($0, report.costModel)))</li>\n" }.joined()
                + "</ol>\n"
        }
        body += "<p><small>\(escape(report.tool.name)) \(escape(report.tool.version))</small></p>\n"
        return HTMLDocument.page(title: "firebreak analyze", body: body, script: HTMLDocument.tableScript(table: "views", noun: "views"))
    }

    private func viewsTable(_ report: AnalysisReport) -> String {
        let escape = HTMLDocument.escape
        let views = report.views.sorted { ($0.savings.lines, $0.closure.lines, $1.name) > ($1.savings.lines, $1.closure.lines, $0.name) }
        let modules = Array(Set(views.map(\.module))).sorted()
        let viewRebuilds = ViewRebuilds(report).byView
        var html = """
            <h2>Views</h2>
            <p class="filters"><label>Name contains <input id="filter" type="search" autocomplete="off"></label>
            <label>Module <select id="module" data-filter="module"><option value="">all</option>
            """ + modules.map { "<option>\(escape($0))</option>" }.joined() + """
            </select></label></p>
            <p id="count" aria-live="polite">\(views.count) of \(views.count) views</p>
            <table id="views">
            <caption>Each view's compile-dependency closure, and what the refactor plan's firewalls save; choose a column heading to sort by it.</caption>
            <thead><tr>
            <th scope="col" aria-sort="none"><button type="button" data-key="name">View</button></th>
            <th scope="col">Module</th>
            <th scope="col" class="number" aria-sort="none"><button type="button" data-key="lines">Closure lines</button></th>
            <th scope="col" class="number" aria-sort="none"><button type="button" data-key="files">Files</button></th>
            <th scope="col" class="number" aria-sort="none"><button type="button" data-key="firewalled">Firewalled lines</button></th>
            <th scope="col" class="number" aria-sort="descending"><button type="button" data-key="saved">Lines saved</button></th>
            <th scope="col" class="number" aria-sort="none"><button type="button" data-key="seconds">Cold build saved</button></th>
            <th scope="col">Recompiled by interface edits of (the costliest first)</th>
            </tr></thead>
            <tbody>

            """
        for view in views {
            let name = escape(view.name)
            html += "<tr data-name=\"\(name.lowercased())\" data-module=\"\(escape(view.module))\" data-lines=\"\(view.closure.lines)\" "
                + "data-files=\"\(view.closure.files)\" data-firewalled=\"\(view.firewalled.lines)\" data-saved=\"\(view.savings.lines)\" "
                + "data-seconds=\"\(view.savings.estimatedSeconds)\">"
                + "<td><code>\(name)</code><br><small>\(escape(view.path)):\(view.line)</small></td><td>\(escape(view.module))</td>"
                + "<td class=\"number\">\(Figures.grouped(view.closure.lines))</td><td class=\"number\">\(view.closure.files)</td>"
                + "<td class=\"number\">\(Figures.grouped(view.firewalled.lines))</td>"
                + "<td class=\"number\">\(Figures.grouped(view.savings.lines)) (\(Figures.percent(view.savings.fraction)))</td>"
                + "<td class=\"number\">\(Figures.seconds(view.savings.estimatedSeconds))"
                + (view.savings.range.map { "<br><small>\(Figures.rangeFigure($0))</small>" } ?? "") + "</td>"
                + "<td>\(escape(ViewRebuilds.described(viewRebuilds[view.name])))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }
}
