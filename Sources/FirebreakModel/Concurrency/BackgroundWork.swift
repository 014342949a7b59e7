import Dispatch

/// Work a run need not wait for until it ends, such as writing the dependency graph's cache record
/// while the analysis goes on: on two cores the render, which runs on one, leaves the other free.
/// `finish()` waits for all of it, and the command-line tool calls it before the process exits.
public enum BackgroundWork {
    private static let group = DispatchGroup()

    public static func start(_ work: @escaping @Sendable () -> Void) {
        group.enter()
        DispatchQueue.global(qos: .utility).async {
            work()
            group.leave()
        }
    }

    public static func finish() {
        group.wait()
    }
}
