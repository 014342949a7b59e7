/// `graph --all-views`: a file name per view and the index.html that links them.
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

    public static func html(_ entries: [(name: String, file: String)], format: String) -> String {
        var html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>firebreak: view closures</title></head><body>\n"
        html += "<h1>View closures</h1>\n<ul>\n"
        for entry in entries {
            let name = escape(entry.name)
            let file = escape(entry.file)
            if format == "png" || format == "svg" {
                html += "<li><a href=\"\(file)\">\(name)</a><br><img src=\"\(file)\" alt=\"\(name)\" style=\"max-width:100%\"></li>\n"
            } else {
                html += "<li><a href=\"\(file)\">\(name)</a></li>\n"
            }
        }
        return html + "</ul>\n</body></html>\n"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
