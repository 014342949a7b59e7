/// Writes a `Diagram` as DOT: clusters by module, then by layer; a legend; byte-identical output
/// for the same diagram (nodes and edges sorted, no addresses or timestamps).
public enum DOTWriter {
    public static func write(_ diagram: Diagram) -> String {
        var out = "digraph firebreak {\n"
        var title = diagram.title
        for note in diagram.notes { title += "\n" + note }
        out += "  label=\(quoted(title));\n"
        for (key, value) in DiagramStyle.graphAttributes(nodeCount: diagram.nodes.count) { out += "  \(key)=\(quoted(value));\n" }
        out += "  node [fontname=\(quoted(DiagramStyle.font)), fontsize=10, style=\"filled,rounded\", penwidth=1];\n"
        out += "  edge [fontname=\(quoted(DiagramStyle.font)), fontsize=8, color=\(quoted(DiagramStyle.edgeColor)), arrowsize=0.6];\n"

        let nodes = diagram.nodes.sorted { $0.id < $1.id }
        let modules = Dictionary(grouping: nodes, by: { $0.module ?? "" })
        for module in modules.keys.sorted() {
            let members = modules[module]!
            if module.isEmpty {
                for node in members { out += nodeLine(node, indent: "  ") }
                continue
            }
            out += "  subgraph \(quoted("cluster_" + identifier(module))) {\n"
            out += "    label=\(quoted(module)); style=\"rounded\"; color=\(quoted(DiagramStyle.clusterColor));\n"
            let layers = Dictionary(grouping: members, by: \.layer)
            for layer in layers.keys.sorted() {
                out += "    subgraph \(quoted("cluster_" + identifier(module) + "_" + layer.rawValue)) {\n"
                out += "      label=\(quoted(layer.rawValue)); style=\"dashed\"; color=\(quoted(DiagramStyle.clusterColor)); fontsize=9;\n"
                for node in layers[layer]! { out += nodeLine(node, indent: "      ") }
                out += "    }\n"
            }
            out += "  }\n"
        }
        let edges = diagram.edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        for edge in edges {
            var attributes: [String] = []
            if let rule = edge.violation {
                attributes.append("color=\(quoted(DiagramStyle.violationColor))")
                attributes.append("fontcolor=\(quoted(DiagramStyle.violationColor))")
                attributes.append("penwidth=1.6")
                attributes.append("label=\(quoted(rule))")
            } else if let label = edge.label {
                // Beside the edge, a label takes no room in the layout: counts on every edge of a
                // dense module graph otherwise bend the edges around them.
                attributes.append("\(diagram.labelsBesideEdges ? "xlabel" : "label")=\(quoted(label))")
            }
            if edge.isCut { attributes.append("style=\"dashed\"") }
            switch edge.change {
            case .unchanged: break
            case .removed:
                attributes.removeAll { $0.hasPrefix("color=") || $0.hasPrefix("fontcolor=") || $0.hasPrefix("style=") || $0.hasPrefix("penwidth=") }
                attributes += ["color=\(quoted(DiagramStyle.removedColor))", "fontcolor=\(quoted(DiagramStyle.removedColor))",
                               "style=\"dashed\"", "penwidth=1.6"]
            case .added:
                attributes.removeAll { $0.hasPrefix("color=") || $0.hasPrefix("fontcolor=") || $0.hasPrefix("style=") || $0.hasPrefix("penwidth=") }
                attributes += ["color=\(quoted(DiagramStyle.addedColor))", "fontcolor=\(quoted(DiagramStyle.addedColor))",
                               "style=\"bold\"", "penwidth=2"]
            }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            out += "  \(quoted(edge.from)) -> \(quoted(edge.to))\(suffix);\n"
        }
        out += diagram.isComparison ? comparisonLegend() : legend()
        out += "}\n"
        return out
    }

    static func nodeLine(_ node: Diagram.Node, indent: String) -> String {
        var label = node.label
        if let detail = node.detail { label += "\n" + detail }
        var attributes = [
            "id=\(quoted(node.id))", "label=\(quoted(label))", "shape=\(DiagramStyle.shape(node.layer))",
            "fillcolor=\(quoted(DiagramStyle.fill(node.layer)))",
        ]
        switch node.change {
        case .unchanged:
            if node.isRoot { attributes.append("penwidth=\(DiagramStyle.rootPenWidth)") }
        case .removed:
            attributes += ["color=\(quoted(DiagramStyle.removedColor))", "style=\"filled,rounded,dashed\"",
                           "penwidth=\(DiagramStyle.rootPenWidth)"]
        case .added:
            attributes += ["color=\(quoted(DiagramStyle.addedColor))", "penwidth=\(DiagramStyle.rootPenWidth)"]
        }
        return "\(indent)\(quoted(node.id)) [\(attributes.joined(separator: ", "))];\n"
    }

    static func legend() -> String {
        var out = "  subgraph \"cluster_legend\" {\n"
        out += "    label=\"legend\"; style=\"rounded\"; color=\(quoted(DiagramStyle.clusterColor)); fontsize=9;\n"
        for layer in Diagram.Layer.allCases {
            out += "    \(quoted("legend_" + layer.rawValue)) [label=\(quoted(layer.rawValue)), shape=\(DiagramStyle.shape(layer)), "
                + "fillcolor=\(quoted(DiagramStyle.fill(layer)))];\n"
        }
        out += "    \"legend_presentation\" -> \"legend_domain\" [label=\"depends on\"];\n"
        out += "    \"legend_domain\" -> \"legend_infrastructure\" [label=\"rule id\", color=\(quoted(DiagramStyle.violationColor)), "
            + "fontcolor=\(quoted(DiagramStyle.violationColor)), penwidth=1.6];\n"
        out += "    \"legend_infrastructure\" -> \"legend_external\" [label=\"suggested cut\", style=\"dashed\"];\n"
        out += "  }\n"
        return out
    }

    static func comparisonLegend() -> String {
        var out = "  subgraph \"cluster_legend\" {\n"
        out += "    label=\"legend\"; style=\"rounded\"; color=\(quoted(DiagramStyle.clusterColor)); fontsize=9;\n"
        out += "    \"legend_before\" [label=\"in both\", shape=box, fillcolor=\(quoted(DiagramStyle.fill(.domain)))];\n"
        out += "    \"legend_removed\" [label=\"removed\", shape=box, fillcolor=\(quoted(DiagramStyle.fill(.domain))), "
            + "color=\(quoted(DiagramStyle.removedColor)), style=\"filled,rounded,dashed\", penwidth=\(DiagramStyle.rootPenWidth)];\n"
        out += "    \"legend_added\" [label=\"added\", shape=box, fillcolor=\(quoted(DiagramStyle.fill(.domain))), "
            + "color=\(quoted(DiagramStyle.addedColor)), penwidth=\(DiagramStyle.rootPenWidth)];\n"
        out += "    \"legend_before\" -> \"legend_removed\" [label=\"removed\", color=\(quoted(DiagramStyle.removedColor)), "
            + "fontcolor=\(quoted(DiagramStyle.removedColor)), style=\"dashed\", penwidth=1.6];\n"
        out += "    \"legend_before\" -> \"legend_added\" [label=\"added\", color=\(quoted(DiagramStyle.addedColor)), "
            + "fontcolor=\(quoted(DiagramStyle.addedColor)), style=\"bold\", penwidth=2];\n"
        out += "    \"legend_both\" [label=\"in both\", shape=box, fillcolor=\(quoted(DiagramStyle.fill(.infrastructure)))];\n"
        out += "    \"legend_before\" -> \"legend_both\" [label=\"violation in both (rule id)\", color=\(quoted(DiagramStyle.violationColor)), "
            + "fontcolor=\(quoted(DiagramStyle.violationColor)), penwidth=1.6];\n"
        out += "  }\n"
        return out
    }

    /// A DOT double-quoted string: backslashes and quotes escaped, newlines as `\n`, so any
    /// name (quotes, angle brackets, backslashes, non-ASCII) stays one literal label.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `[A-Za-z0-9_]` only, for cluster names and ids.
    static func identifier(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let isWord = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
            if isWord { out.unicodeScalars.append(scalar) } else { out += "_" }
        }
        return out
    }
}
