/// How each kind of node and edge looks: data, so the legend and the drawing cannot disagree.
public enum DiagramStyle {
    static let font = "Helvetica"

    /// Fill colour per layer; infrastructure is shaded darker than the rest.
    static func fill(_ layer: Diagram.Layer) -> String {
        switch layer {
        case .presentation: return "#dbeafe"
        case .domain: return "#dcfce7"
        case .infrastructure: return "#fca5a5"
        case .external: return "#e5e7eb"
        }
    }

    static func shape(_ layer: Diagram.Layer) -> String {
        layer == .external ? "component" : "box"
    }

    static let violationColor = "#dc2626"
    /// Before/after drawings: what the change removed is green and dashed, what it added orange and
    /// bold, so neither is mistaken for a violation both sides have (red, labelled with its rule).
    static let removedColor = "#16a34a"
    static let addedColor = "#ea580c"
    static let edgeColor = "#6b7280"
    static let rootPenWidth = "2.5"
    static let clusterColor = "#9ca3af"

    /// Graph attributes that keep `dot` fast on the graphs firebreak hands it.
    /// Crossing minimisation and ranking are bounded (`nslimit`, `mclimit`) only for drawings
    /// large enough to need it: on a module graph of 20 modules and 130 edges the bounded layout
    /// routed edges around every cluster, while the full one took a fraction of a second.
    static func graphAttributes(nodeCount: Int) -> [(String, String)] {
        let bounded = nodeCount > boundedLayoutAbove ? [("nslimit", "1"), ("mclimit", "1")] : []
        return [("rankdir", "LR"), ("newrank", "true")] + bounded + [
            ("nodesep", "0.25"), ("ranksep", "0.6"), ("fontname", font), ("labelloc", "t"), ("charset", "UTF-8"),
        ]
    }

    static let boundedLayoutAbove = 150
}
