import Foundation

/// Values a command keeps until the process ends, instead of freeing them object by object once
/// its output is written. Freeing the analysis of the 1.5M-line tree (its facts, graph and
/// report) took a quarter of a second on one core after the report was out; the operating system
/// takes the whole heap back at once when the process exits. clang's `-disable-free` does the same.
enum ProcessLifetime {
    private static let kept = KeptValues()

    static func keep(_ value: some Sendable) {
        kept.append(value)
    }

    private final class KeptValues: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [any Sendable] = []

        func append(_ value: any Sendable) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }
    }
}
