import FirebreakModel

/// One page to share a lint run: the summary, then every finding in a table that filters by rule,
/// severity and path, offline (HTMLDocument). Filters are labelled form controls; the count of
/// shown findings is a live region.
public struct HTMLReporter: Reporter {
    public static let name = "html"
    public init() {}

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        let summary = report.summary
        var body = "<h1>firebreak lint</h1>\n<p>\(counted(summary.errors, "error")), \(counted(summary.warnings, "warning")), "
            + "\(counted(summary.notes, "note")) in \(counted(summary.filesScanned, "file"))"
        if summary.suppressed > 0 { body += ", \(summary.suppressed) suppressed" }
        if summary.baselined > 0 { body += ", \(summary.baselined) in baseline" }
        body += ".</p>\n"
        if !report.findings.isEmpty {
            let rules = Array(Set(report.findings.map(\.rule))).sorted()
            body += "<p class=\"filters\"><label>Rule <select id=\"rule\"><option value=\"\">all</option>"
                + rules.map { "<option>\(HTMLDocument.escape($0))</option>" }.joined() + "</select></label>"
                + "<label>Severity <select id=\"severity\"><option value=\"\">all</option><option>error</option>"
                + "<option>warning</option><option>note</option></select></label>"
                + "<label>Path contains <input id=\"path\" type=\"search\" autocomplete=\"off\"></label></p>\n"
            body += "<p id=\"count\" aria-live=\"polite\">\(counted(report.findings.count, "finding")) shown</p>\n"
            body += "<table id=\"findings\"><caption>Findings by file and line.</caption>\n"
                + "<thead><tr><th scope=\"col\">Severity</th><th scope=\"col\">Location</th><th scope=\"col\">Rule</th>"
                + "<th scope=\"col\">Message</th></tr></thead>\n<tbody>\n"
            for finding in report.findings {
                let severity = finding.severity.rawValue
                let path = HTMLDocument.escape(finding.path)
                var message = HTMLDocument.escape(finding.message)
                if let hint = finding.hint { message += "<br><small>fix: \(HTMLDocument.escape(hint))</small>" }
                body += "<tr data-rule=\"\(HTMLDocument.escape(finding.rule))\" data-severity=\"\(severity)\" data-path=\"\(path)\">"
                    + "<td class=\"\(severity)\">\(severity)</td><td><code>\(path):\(finding.line):\(finding.column)</code></td>"
                    + "<td><code>\(HTMLDocument.escape(finding.rule))</code></td><td>\(message)</td></tr>\n"
            }
            body += "</tbody></table>\n"
        }
        if !report.diagnostics.isEmpty {
            body += "<h2>Files skipped or read in part</h2>\n<ul>\n"
                + report.diagnostics.map { "<li><code>\(HTMLDocument.escape($0.path))</code>: \(HTMLDocument.escape($0.message))</li>\n" }.joined()
                + "</ul>\n"
        }
        body += "<p><small>\(HTMLDocument.escape(report.tool.name)) \(HTMLDocument.escape(report.tool.version))</small></p>\n"
        return HTMLDocument.page(title: "firebreak lint", body: body, script: Self.script)
    }

    static let script = """
        const rows = Array.from(document.querySelectorAll("#findings tbody tr"));
        const controls = ["rule", "severity", "path"].map(id => document.getElementById(id)).filter(Boolean);
        const count = document.getElementById("count");
        function apply() {
          const [rule, severity, path] = controls.map(control => control.value.trim());
          let shown = 0;
          for (const row of rows) {
            const match = (!rule || row.dataset.rule === rule) && (!severity || row.dataset.severity === severity)
              && (!path || row.dataset.path.includes(path));
            row.hidden = !match;
            if (match) shown += 1;
          }
          count.textContent = shown + (shown === 1 ? " finding" : " findings") + " shown";
        }
        for (const control of controls) control.addEventListener("input", apply);

        """
}
