import FirebreakModel

/// A drawing before it is DOT: nodes grouped into clusters, edges with their meaning.
/// Built by `DiagramBuilder`, written by `DOTWriter`; style lives in `DiagramStyle`.
public struct Diagram: Sendable, Hashable {
    public enum Layer: String, Sendable, Hashable, CaseIterable, Comparable {
        case presentation, domain, infrastructure, external

        public static func < (lhs: Layer, rhs: Layer) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// In a before/after drawing: whether a node or edge is in both, only after, or only before.
    public enum Change: String, Sendable, Hashable {
        case unchanged, added, removed
    }

    public struct Node: Sendable, Hashable {
        /// Unique, stable, made of `[A-Za-z0-9_]`: becomes the DOT and SVG id.
        public var id: String
        public var label: String
        /// Second label line: `120 lines`, metrics.
        public var detail: String?
        /// The module (or framework) cluster; nil draws the node outside clusters.
        public var module: String?
        public var layer: Layer
        /// The view or type the diagram is about.
        public var isRoot: Bool
        public var change: Change = .unchanged

        public init(id: String, label: String, detail: String?, module: String?, layer: Layer, isRoot: Bool) {
            self.id = id
            self.label = label
            self.detail = detail
            self.module = module
            self.layer = layer
            self.isRoot = isRoot
        }
    }

    public struct Edge: Sendable, Hashable {
        public var from: String
        public var to: String
        public var label: String?
        /// A dependency a lint rule reports: drawn red, labelled with the rule.
        public var violation: String?
        /// A dependency the refactor plan cuts: drawn dashed.
        public var isCut: Bool
        public var change: Change = .unchanged

        public init(from: String, to: String, label: String?, violation: String?, isCut: Bool) {
            self.from = from
            self.to = to
            self.label = label
            self.violation = violation
            self.isCut = isCut
        }
    }

    public var title: String
    public var nodes: [Node]
    public var edges: [Edge]
    /// Said under the title: collapsing, limits.
    public var notes: [String]
    /// A before/after drawing: changes are coloured and the legend explains them.
    public var isComparison = false
    /// Plain edge labels (counts) are placed beside edges rather than on them (module drawings).
    public var labelsBesideEdges = false
    /// Code lines of the closure drawn (frameworks and extracted protocols not counted), for
    /// closure drawings; what the `--all-views` index sorts by.
    public var closureLines: Int?

    public init(title: String, nodes: [Node], edges: [Edge], notes: [String] = []) {
        self.title = title
        self.nodes = nodes
        self.edges = edges
        self.notes = notes
    }
}
