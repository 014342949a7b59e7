/// What every page firebreak writes shares: one self-contained file (inline style and script, no
/// fetch), escaping, and the look of its tables and controls.
enum HTMLDocument {
    static func page(title: String, body: String, script: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body { font: 14px system-ui, sans-serif; margin: 2rem; color: #111827; }
        table { border-collapse: collapse; min-width: 40rem; }
        th, td { padding: .35rem .75rem; border-bottom: 1px solid #e5e7eb; text-align: left; vertical-align: top; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        th button { font: inherit; font-weight: 600; background: none; border: 0; padding: 0; cursor: pointer; }
        th button:focus-visible, a:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
        .filters label { margin-right: 1rem; }
        .error { color: #b91c1c; } .warning { color: #b45309; } .note { color: #1d4ed8; }
        code { font-size: 13px; }
        img { max-width: 100%; }
        .diagram { margin: 1.5rem 0; }
        .diagram .canvas { overflow: auto; max-height: 85vh; border: 1px solid #e5e7eb; border-radius: 4px; }
        .diagram svg { display: block; width: 100%; height: auto; max-height: 80vh; }
        .diagram .zoom { margin-bottom: .25rem; }
        .diagram .zoom button { font: inherit; min-width: 2rem; margin-right: .25rem; }
        </style></head><body><main>
        \(body)</main>
        <script>
        \(script)\(zoomScript)</script>
        </body></html>

        """
    }

    /// Sorting by any column (`th > button[data-key]`, `aria-sort` kept current) and filtering by
    /// name (`#filter`, rows' `data-name`) and by each `select[data-filter]` (rows' data attribute
    /// of that name), with a live count (`#count`: "N of M <noun>"), for the table `#<table>`.
    static func tableScript(table: String, noun: String) -> String {
        """
        const body = document.querySelector("#\(table) tbody");
        const rows = Array.from(body.rows);
        const filter = document.getElementById("filter");
        const selects = Array.from(document.querySelectorAll("select[data-filter]"));
        const count = document.getElementById("count");
        function apply() {
          const text = filter.value.trim().toLowerCase();
          let shown = 0;
          for (const row of rows) {
            const match = row.dataset.name.includes(text)
              && selects.every(select => !select.value || row.dataset[select.dataset.filter] === select.value);
            row.hidden = !match;
            if (match) shown += 1;
          }
          count.textContent = shown + " of " + rows.length + " \(noun)";
        }
        filter.addEventListener("input", apply);
        for (const select of selects) select.addEventListener("input", apply);
        for (const button of document.querySelectorAll("#\(table) th button")) {
          button.addEventListener("click", () => {
            const key = button.dataset.key;
            const header = button.parentElement;
            const descending = header.getAttribute("aria-sort") !== "descending" && key !== "name"
              || header.getAttribute("aria-sort") === "ascending";
            for (const other of document.querySelectorAll("#\(table) th")) other.setAttribute("aria-sort", "none");
            header.setAttribute("aria-sort", descending ? "descending" : "ascending");
            const value = row => key === "name" ? row.dataset.name : Number(row.dataset[key]);
            rows.sort((a, b) => {
              const order = value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0;
              return descending ? -order : order;
            });
            for (const row of rows) body.appendChild(row);
          });
        }

        """
    }

    /// Drawings fit the page (width, and most of the window's height) until zoomed: in, out, and
    /// back to fit; a zoomed drawing scrolls inside its frame. Nothing happens on a page without one.
    static let zoomScript = """
        for (const figure of document.querySelectorAll("figure.diagram")) {
          const svg = figure.querySelector("svg");
          if (!svg) continue;
          let zoom = 1;
          const apply = () => {
            svg.style.width = zoom * 100 + "%";
            svg.style.maxHeight = zoom === 1 ? "" : "none";
            figure.dataset.zoom = String(zoom);
          };
          const steps = { in: () => Math.min(zoom * 1.5, 8), out: () => Math.max(zoom / 1.5, 1), fit: () => 1 };
          for (const button of figure.querySelectorAll("button[data-zoom]")) {
            button.addEventListener("click", () => { zoom = steps[button.dataset.zoom](); apply(); });
          }
        }

        """

    /// A heading, a sentence on how to read them, and one captioned figure per drawing (SVG
    /// markup inlined, fitted to the page, with zoom controls), in `names` order; nothing when
    /// none of `names` has a drawing.
    static func figures(heading: String, intro: String, names: [String], drawings: [String: String], label: (String) -> String) -> String {
        let drawn = names.filter { drawings[$0] != nil }
        guard !drawn.isEmpty else { return "" }
        return "<h2>\(escape(heading))</h2>\n<p>\(intro)</p>\n" + drawn.map { name in
            "<figure class=\"diagram\" role=\"group\" aria-label=\"\(escape(label(name)))\">"
                + "<div class=\"zoom\"><button type=\"button\" data-zoom=\"out\" aria-label=\"Zoom out\">−</button>"
                + "<button type=\"button\" data-zoom=\"fit\">Fit</button>"
                + "<button type=\"button\" data-zoom=\"in\" aria-label=\"Zoom in\">+</button></div>"
                + "<div class=\"canvas\">\(drawings[name] ?? "")</div><figcaption>\(escape(name))</figcaption></figure>\n"
        }.joined()
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
