import Dispatch
import Foundation

/// Maps `0..<count` on every core, for passes whose elements are independent (a closure per
/// view, the views a cut reaches). Results come back in index order, so nothing downstream can
/// depend on which thread finished first.
public enum ParallelMap {
    /// At most `count` threads (`--jobs`); nil: one per core. Output never depends on it.
    public static func limitThreads(to count: Int?) {
        limit.set(count)
    }

    public static func map<T>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        let workers = min(limit.get() ?? ProcessInfo.processInfo.activeProcessorCount, count)
        guard workers > 1 else { return (0..<count).map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                let slots = ResultSlots(buffer.baseAddress!)
                // Small chunks claimed as workers free up, so that expensive elements that sit
                // together are shared out and no worker waits long for the last.
                let claims = IndexClaims(count: count, chunk: count / (workers * 64))
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while let range = claims.claim() {
                        for index in range { slots.initialize(index, to: transform(index)) }
                    }
                }
                initialized = count
            }
        }
    }

    private static let limit = ThreadLimit()

    /// Set once by the command line, read by every map.
    private final class ThreadLimit: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int?

        func set(_ count: Int?) { lock.withLock { value = count } }
        func get() -> Int? { lock.withLock { value } }
    }

    /// Each index is written by exactly one worker, and read only after all have finished.
    private struct ResultSlots<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
        init(_ base: UnsafeMutablePointer<T>) { self.base = base }
        func initialize(_ index: Int, to value: T) { (base + index).initialize(to: value) }
    }
}
