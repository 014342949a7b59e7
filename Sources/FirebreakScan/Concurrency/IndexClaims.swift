import Foundation

/// Hands out `0..<count` to workers in order, a chunk at a time, as each asks for more: a worker
/// that drew cheap elements takes more of them, so all finish together. Striding the indices
/// over the workers in advance left one core idle at the end while the other finished its share
/// (0.2 s of a 7 s scan of 10,688 files).
final class IndexClaims: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private let chunk: Int

    init(count: Int, chunk: Int = 1) {
        self.count = count
        self.chunk = max(1, chunk)
    }

    /// The next indices to work on, or nil when every index is taken.
    func claim() -> Range<Int>? {
        lock.withLock {
            guard next < count else { return nil }
            let start = next
            next = min(count, next + chunk)
            return start..<next
        }
    }
}
