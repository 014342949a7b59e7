/// The nodes enclosing the one being walked, outermost first. The walk pushes and pops one for
/// every node of the tree; held in memory of its own, neither needs the uniqueness check an
/// array's mutation makes.
struct AncestorStack: ~Copyable {
    private var base: UnsafeMutablePointer<WalkedNode>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 64
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    mutating func push(_ node: WalkedNode) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<WalkedNode>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }

    @inline(__always)
    mutating func pop() {
        precondition(count > 0, "popped an empty ancestor stack")
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    var last: WalkedNode? {
        count > 0 ? base[count - 1] : nil
    }

    /// The node at `index`, 0 being the outermost.
    subscript(index: Int) -> WalkedNode {
        precondition(index >= 0 && index < count, "ancestor \(index) of \(count)")
        return base[index]
    }
}
