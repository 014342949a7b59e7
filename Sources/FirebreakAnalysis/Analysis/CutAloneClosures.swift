import FirebreakModel

/// What each view's closure loses when one cut is made alone, for every cut at once, without
/// building a graph per cut.
///
/// A node leaves a view's closure under cut `c` exactly when every path to it from the view's
/// roots uses one of `c`'s removed dependencies. Per view that is one must-dataflow problem over
/// its closure, like computing dominators: `lostBy(root) = ∅`, and for any other node the
/// intersection over its incoming edges `p → x` of `lostBy(p)`, plus `c` when `c` removes the edge;
/// iterated in reverse postorder to a fixed point, with a bit set of cuts per node. What the view
/// reaches without any removed dependency loses nothing: one search finds that part, usually most
/// of the closure, and the dataflow runs on the rest. The extracted protocol still reaches the
/// types its requirements name: those, and what only they reach, come back. Work grows with the
/// views' closures, not with cuts × graph. Equal, node for node, to closures of
/// `FirewallPlanner.applying([cut], to:)` (a test holds it to that).
struct CutAloneClosures {
    let graph: DependencyGraph
    /// By edge index: the cut that removes it, or -1.
    private let cutOfEdge: [Int32]
    /// By cut: `from << 32 | to` of every removed dependency, its users, and what its protocol reaches.
    let removed: [Set<Int64>]
    private let users: [Set<Int>]
    private let requirements: [[Int]]
    private let nodesOfFile: [[Int]]
    private let nodesOfFramework: [String: [Int]]
    private let words: Int

    init(graph: DependencyGraph, cuts: [FirewallCut]) {
        self.graph = graph
        words = max(1, (cuts.count + 63) / 64)
        removed = cuts.map(\.removedPairs)
        var cutOfPair: [Int64: Int32] = [:]
        for (index, pairs) in removed.enumerated() { for pair in pairs { cutOfPair[pair] = Int32(index) } }
        cutOfEdge = graph.edges.map { cutOfPair[$0.pair] ?? -1 }
        users = cuts.map { Set($0.users) }
        requirements = cuts.map { $0.requirementTypes(in: graph) }
        var nodesOfFile = Array(repeating: [Int](), count: graph.files.count)
        var nodesOfFramework: [String: [Int]] = [:]
        for (index, node) in graph.nodes.enumerated() {
            if let framework = node.framework {
                nodesOfFramework[framework, default: []].append(index)
            } else if let file = node.file {
                nodesOfFile[file].append(index)
            }
        }
        self.nodesOfFile = nodesOfFile
        self.nodesOfFramework = nodesOfFramework
    }

    /// For one view: the nodes of its closure each cut would remove (before the protocol brings
    /// any back), by cut index; cuts that remove nothing are absent.
    func lost(fromRoots roots: [Int]) -> [Int: [Int]] {
        let (free, entries) = freeReach(from: roots)
        guard !entries.isEmpty else { return [:] }
        var starts: [Int] = []
        var seen = Set<Int>()
        for entry in entries where seen.insert(entry.to).inserted { starts.append(entry.to) }
        let edges = ClosureEdges(graph: graph, order: reversePostorder(from: starts, outside: free), cutOfEdge: cutOfEdge)
        // A node entered from the free part by an edge of cut `c` loses at most `c` through it.
        var entering = Array(repeating: UInt64.max, count: edges.order.count * words)
        for entry in entries {
            let index = Int(edges.position[entry.to])
            for word in 0..<words {
                entering[index * words + word] &= Int(entry.cut >> 6) == word ? 1 << UInt64(entry.cut & 63) : 0
            }
        }
        let lostBy = solve(edges, entering: entering)
        var result: [Int: [Int]] = [:]
        for (index, node) in edges.order.enumerated() {
            for word in 0..<words {
                var bits = lostBy[index * words + word]
                while bits != 0 {
                    let bit = bits.trailingZeroBitCount
                    result[word << 6 | bit, default: []].append(node)
                    bits &= bits - 1
                }
            }
        }
        return result
    }

    /// What the view reaches without any removed dependency (no cut takes that away), and the
    /// removed dependencies leaving it: the rest of the closure is entered only through those.
    private func freeReach(from roots: [Int]) -> (free: NodeSet, entries: [(to: Int, cut: Int32)]) {
        let (edges, edgeStart) = (graph.edges, graph.edgeStart)
        var free = NodeSet(capacity: graph.nodes.count)
        var stack: [Int] = []
        var crossings: [(to: Int, cut: Int32)] = []
        for root in roots where !free.contains(root) {
            free.insert(root)
            stack.append(root)
        }
        while let node = stack.popLast() {
            for edgeIndex in edgeStart[node]..<edgeStart[node + 1] {
                let target = Int(edges[edgeIndex].to)
                let cut = cutOfEdge[edgeIndex]
                if cut >= 0 {
                    crossings.append((target, cut))
                } else if !free.contains(target) {
                    free.insert(target)
                    stack.append(target)
                }
            }
        }
        return (free, crossings.filter { !free.contains($0.to) })
    }

    /// `lostBy` of every node of the closure outside its free part, `words` words each in closure
    /// order: each starts at "all cuts" and only shrinks, met with what entering from the free
    /// part costs. In reverse postorder a node sees its predecessors' values first, except along
    /// cycles: after the first sweep only nodes whose predecessor changed are looked at again.
    private func solve(_ edges: ClosureEdges, entering: [UInt64]) -> [UInt64] {
        let count = edges.order.count
        var lostBy = Array(repeating: UInt64.max, count: count * words)
        var dirty = Array(repeating: true, count: count)
        var meet = Array(repeating: UInt64(0), count: words)
        // Held once: reaching them through `graph` per node retains the shared buffers each time,
        // an atomic operation both cores contend for.
        let (graphEdges, edgeStart) = (graph.edges, graph.edgeStart)
        var anyDirty = true
        while anyDirty {
            anyDirty = false
            for index in 0..<count where dirty[index] {
                dirty[index] = false
                for word in 0..<words { meet[word] = entering[index * words + word] }
                for incoming in edges.start[index]..<edges.start[index + 1] {
                    let from = Int(edges.sources[incoming]) * words
                    let cut = Int(edges.labels[incoming])
                    for word in 0..<words {
                        let label: UInt64 = cut >= 0 && cut >> 6 == word ? 1 << UInt64(cut & 63) : 0
                        meet[word] &= lostBy[from + word] | label
                    }
                }
                var changed = false
                for word in 0..<words where lostBy[index * words + word] != meet[word] {
                    lostBy[index * words + word] = meet[word]
                    changed = true
                }
                guard changed else { continue }
                let node = edges.order[index]
                for edgeIndex in edgeStart[node]..<edgeStart[node + 1] {
                    let next = Int(edges.position[Int(graphEdges[edgeIndex].to)])
                    guard next >= 0, !dirty[next] else { continue }
                    dirty[next] = true
                    if next <= index { anyDirty = true }
                }
            }
        }
        return lostBy
    }

    /// The nodes reached from `roots` outside `excluded`, predecessors before successors as far
    /// as cycles allow.
    private func reversePostorder(from roots: [Int], outside excluded: NodeSet) -> [Int] {
        let (edges, edgeStart) = (graph.edges, graph.edgeStart)
        var visited = excluded
        var postorder: [Int] = []
        var stack: [(node: Int, next: Int)] = []
        for root in roots where !visited.contains(root) {
            visited.insert(root)
            stack.append((root, edgeStart[root]))
            while let (node, next) = stack.last {
                if next < edgeStart[node + 1] {
                    stack[stack.count - 1].next += 1
                    let target = Int(edges[next].to)
                    if !visited.contains(target) {
                        visited.insert(target)
                        stack.append((target, edgeStart[target]))
                    }
                } else {
                    stack.removeLast()
                    postorder.append(node)
                }
            }
        }
        return postorder.reversed()
    }

    /// The view's closure metrics with cut `index` made alone: lines, files and frameworks, as
    /// `ClosureMeasurer` gives them on the cut graph.
    func metrics(cut index: Int, lost dominated: [Int], closure: NodeSet, before: ClosureMetrics) -> ClosureMetrics {
        measured(cut: index, lost: dominated, closure: closure, before: before).metrics
    }

    /// The metrics, and the nodes the view loses for good (what comes back through the protocol
    /// left out): what the cut takes out of this view, to count once across views.
    func measured(cut index: Int, lost dominated: [Int], closure: NodeSet, before: ClosureMetrics) -> (metrics: ClosureMetrics, lost: Set<Int>) {
        var lost = Set(dominated)
        var gained: [Int] = []
        if !users[index].isEmpty, users[index].contains(where: { closure.contains($0) && !lost.contains($0) }) {
            (lost, gained) = comingBack(through: index, lost: lost, closure: closure)
        }
        var lines = before.lines
        var touchedFiles = Set<Int>()
        var touchedFrameworks = Set<String>()
        for (nodes, sign) in [(Array(lost), -1), (gained, 1)] {
            for node in nodes {
                if let framework = graph.nodes[node].framework {
                    touchedFrameworks.insert(framework)
                    continue
                }
                lines += sign * graph.nodes[node].codeLines
                if let file = graph.nodes[node].file { touchedFiles.insert(file) }
            }
        }
        let gainedSet = Set(gained)
        func stays(_ node: Int) -> Bool { (closure.contains(node) && !lost.contains(node)) || gainedSet.contains(node) }
        var files = before.files
        for file in touchedFiles {
            let wasIn = nodesOfFile[file].contains { closure.contains($0) }
            files += (nodesOfFile[file].contains(where: stays) ? 1 : 0) - (wasIn ? 1 : 0)
        }
        // Most cuts touch no framework type: the list stays as it was, sorted, with no set built.
        var frameworks = before.frameworks
        if !touchedFrameworks.isEmpty {
            var set = Set(before.frameworks)
            for framework in touchedFrameworks {
                if nodesOfFramework[framework, default: []].contains(where: stays) {
                    set.insert(framework)
                } else {
                    set.remove(framework)
                }
            }
            frameworks = set.sorted()
        }
        var metrics = ClosureMetrics(lines: lines, frameworks: frameworks)
        metrics.files = files
        return (metrics, lost)
    }

    /// The protocol reaches its requirements' types: they, and what they reach, are no longer
    /// lost (or are new to the closure).
    private func comingBack(through index: Int, lost: Set<Int>, closure: NodeSet) -> (lost: Set<Int>, gained: [Int]) {
        var lost = lost
        var gained: [Int] = []
        var visited = Set<Int>()
        var stack = requirements[index]
        while let node = stack.popLast() {
            let known = closure.contains(node) && !lost.contains(node)
            guard !known, visited.insert(node).inserted else { continue }
            if lost.remove(node) == nil { gained.append(node) }
            for edge in graph.successors(of: node) where !removed[index].contains(edge.pair) {
                stack.append(Int(edge.to))
            }
        }
        return (lost, gained)
    }
}

/// A view's closure in reverse postorder, with each node's incoming edges inside it as (position
/// of the source, the cut that removes the edge or -1). Gathered from the closure's own outgoing
/// edges: a popular type's callers elsewhere in the graph are never looked at.
struct ClosureEdges {
    let order: [Int]
    /// Position of each graph node in `order`, -1 outside the closure.
    let position: [Int32]
    let start: [Int]
    let sources: [Int32]
    let labels: [Int32]

    init(graph: DependencyGraph, order: [Int], cutOfEdge: [Int32]) {
        self.order = order
        let (edges, edgeStart) = (graph.edges, graph.edgeStart)
        var position = Array(repeating: Int32(-1), count: graph.nodes.count)
        for (index, node) in order.enumerated() { position[node] = Int32(index) }
        var start = Array(repeating: 0, count: order.count + 1)
        for node in order {
            for edgeIndex in edgeStart[node]..<edgeStart[node + 1] {
                let target = position[Int(edges[edgeIndex].to)]
                if target >= 0 { start[Int(target) + 1] += 1 }
            }
        }
        for index in 1..<start.count { start[index] += start[index - 1] }
        var fill = start
        var sources = Array(repeating: Int32(0), count: start[order.count])
        var labels = Array(repeating: Int32(0), count: start[order.count])
        for (index, node) in order.enumerated() {
            for edgeIndex in edgeStart[node]..<edgeStart[node + 1] {
                let target = Int(position[Int(edges[edgeIndex].to)])
                guard target >= 0 else { continue }
                sources[fill[target]] = Int32(index)
                labels[fill[target]] = cutOfEdge[edgeIndex]
                fill[target] += 1
            }
        }
        self.position = position
        self.start = start
        self.sources = sources
        self.labels = labels
    }
}
