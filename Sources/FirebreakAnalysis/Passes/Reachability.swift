import FirebreakModel
import FirebreakScan

/// Everything reachable from many root sets at once.
///
/// Strongly connected components (Tarjan, iterative, so deep graphs cannot overflow the stack)
/// are completed successors-first, so one pass in completion order gives each component the union
/// of its own nodes and its successors' sets. Cost grows with the graph, not views × graph: each
/// component's set is computed once and shared by every view that reaches it.
public enum Reachability {
    /// For each entry of `roots`, the set of nodes reachable from any of its nodes (roots included).
    public static func closures(of graph: DependencyGraph, roots: [[Int]]) -> [NodeSet] {
        let count = graph.nodes.count
        let components = stronglyConnectedComponents(graph, from: roots.flatMap { $0 })
        var reach: [NodeSet?] = Array(repeating: nil, count: components.members.count)
        // Each successor component is merged once per component, however many edges lead to it.
        var mergedInto = Array(repeating: -1, count: components.members.count)
        for component in components.members.indices {
            var set = NodeSet(capacity: count)
            mergedInto[component] = component
            for node in components.members[component] {
                set.insert(node)
                for edge in graph.successors(of: node) {
                    let next = components.componentOfNode[Int(edge.to)]
                    guard mergedInto[next] != component, let successor = reach[next] else { continue }
                    mergedInto[next] = component
                    set.formUnion(successor)
                }
            }
            reach[component] = set
        }
        let finished = reach, componentOfNode = components.componentOfNode
        return ParallelMap.map(roots.count) { index in
            var set = NodeSet(capacity: count)
            for root in roots[index] { if let component = finished[componentOfNode[root]] { set.formUnion(component) } }
            return set
        }
    }

    struct Components {
        /// Component of each node; -1 for nodes not reachable from the roots.
        var componentOfNode: [Int]
        /// Members of each component, in completion order (successors before predecessors).
        var members: [[Int]]
    }

    static func stronglyConnectedComponents(_ graph: DependencyGraph, from roots: [Int]) -> Components {
        let count = graph.nodes.count
        var index = Array(repeating: -1, count: count)
        var low = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var componentOfNode = Array(repeating: -1, count: count)
        var members: [[Int]] = []
        var stack: [Int] = []
        var next = 0
        var calls: [(node: Int, edge: Int)] = []

        for root in roots where index[root] == -1 {
            index[root] = next; low[root] = next; next += 1
            stack.append(root); onStack[root] = true
            calls.append((root, graph.edgeStart[root]))
            while let (node, edge) = calls.last {
                if edge < graph.edgeStart[node + 1] {
                    calls[calls.count - 1].edge += 1
                    let target = Int(graph.edges[edge].to)
                    if index[target] == -1 {
                        index[target] = next; low[target] = next; next += 1
                        stack.append(target); onStack[target] = true
                        calls.append((target, graph.edgeStart[target]))
                    } else if onStack[target] {
                        low[node] = min(low[node], index[target])
                    }
                    continue
                }
                calls.removeLast()
                if low[node] == index[node] {
                    var component: [Int] = []
                    while let top = stack.popLast() {
                        onStack[top] = false
                        componentOfNode[top] = members.count
                        component.append(top)
                        if top == node { break }
                    }
                    members.append(component)
                }
                if let parent = calls.last?.node { low[parent] = min(low[parent], low[node]) }
            }
        }
        return Components(componentOfNode: componentOfNode, members: members)
    }
}
