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
        </style></head><body><main>
        \(body)</main>
        <script>
        \(script)</script>
        </body></html>

        """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
