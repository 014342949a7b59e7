/// Shortest dependency paths from one set of nodes to another, for `firebreak why`.
public enum DependencyPath {
    public struct Hop: Sendable, Hashable, Codable {
        /// The node reached.
        public var name: String
        /// How it is reached from the previous hop (`stored-property`, `singleton-access`).
        public var kind: EdgeKind
        /// Where that dependency is written, `path:line`; nil for structural hops.
        public var location: String?
    }

    public struct Path: Sendable, Hashable, Codable {
        public var start: String
        public var hops: [Hop]
    }

    /// Up to `limit` shortest paths (breadth-first, edges in source order), deterministic.
    public static func shortest(in graph: DependencyGraph, from sources: [Int], to targets: Set<Int>, limit: Int) -> [Path] {
        var distance = Array(repeating: -1, count: graph.nodes.count)
        var predecessors = Array(repeating: [DependencyGraph.Edge](), count: graph.nodes.count)
        var queue: [Int] = []
        for source in sources where distance[source] == -1 {
            distance[source] = 0
            queue.append(source)
        }
        var head = 0
        var found: [Int] = []
        var foundDistance = Int.max
        while head < queue.count {
            let node = queue[head]
            head += 1
            if distance[node] > foundDistance { break }
            if targets.contains(node) {
                found.append(node)
                foundDistance = distance[node]
                continue
            }
            for edge in graph.successors(of: node) {
                let next = Int(edge.to)
                if distance[next] == -1 {
                    distance[next] = distance[node] + 1
                    predecessors[next].append(edge)
                    queue.append(next)
                } else if distance[next] == distance[node] + 1 {
                    predecessors[next].append(edge)
                }
            }
        }
        // Hops are named by symbol, so reaching `APIClient.shared` and `APIClient` through the
        // same line reads as one path.
        var paths: [Path] = []
        var seen = Set<Path>()
        func name(_ node: Int) -> String { graph.symbols[graph.nodes[node].symbol].name }
        func unwind(_ node: Int, _ suffix: [Hop]) {
            guard paths.count < limit else { return }
            if distance[node] == 0 {
                let path = Path(start: name(node), hops: suffix)
                if seen.insert(path).inserted { paths.append(path) }
                return
            }
            for edge in predecessors[node] {
                let hop = Hop(name: name(node), kind: edge.kind, location: graph.location(of: edge))
                unwind(Int(edge.from), [hop] + suffix)
            }
        }
        for target in found { unwind(target, []) }
        return paths
    }
}
