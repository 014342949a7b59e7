import Dispatch
import Foundation

/// Removes registered temporary files and directories when the process is interrupted (SIGINT,
/// SIGTERM, SIGHUP), after stopping the child that may still be writing into them, then exits 130
/// (SIGINT) or 128 + the signal. `diff --base` registers its checkout, `fix --apply` its staging
/// files. Inside `deferringSignals` an interrupt waits until the block is done, so a fix's renames
/// are never cut in half.
final class Cleanup: @unchecked Sendable {
    /// Where the signal handler writes the signal's number; set before any handler is installed.
    nonisolated(unsafe) private static var signalWriteEnd: Int32 = -1

    static let shared = Cleanup()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var child: Process?
    private var installed = false
    private var interrupting = false
    private var deferring = 0
    private var pendingSignal: Int32?

    func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        // Ctrl-C reaches git too; a write to its closed stdin must fail, not kill firebreak with
        // SIGPIPE before the handler has removed the checkout.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        Cleanup.signalWriteEnd = ends[1]
        // A caught signal, not an ignored one read back by a dispatch source: the kernel hands a
        // process's signal to any thread that does not block it, and one that reached a thread
        // Foundation or Dispatch had started unblocked was dropped, so the run went on to exit 0.
        // A handler runs on whichever thread gets it and only writes the number to a pipe; the
        // removal runs on a thread of its own, never queued behind the analysis.
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { caught in
                var number = UInt8(truncatingIfNeeded: caught)
                _ = write(Cleanup.signalWriteEnd, &number, 1)
            }
        }
        let readEnd = ends[0]
        Thread.detachNewThread { [self] in
            var number: UInt8 = 0
            while true {
                let count = read(readEnd, &number, 1)
                if count == 1 { interrupted(by: Int32(number)) }
                if count == 0 || (count < 0 && errno != EINTR) { return }
            }
        }
    }

    /// A file or directory to remove if the process is interrupted. One made while the handler is
    /// already removing the others is removed here, and the caller waits for the handler's exit.
    func register(_ path: String) {
        lock.lock()
        guard !interrupting else {
            lock.unlock()
            try? FileManager.default.removeItem(atPath: path)
            parkUntilExit()
        }
        paths.insert(path)
        lock.unlock()
    }

    func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    func track(_ process: Process?) {
        lock.lock()
        child = process
        lock.unlock()
    }

    /// Runs `body` with interrupts held back; one that arrived meanwhile is handled after it. If the
    /// handler is already at work, `body` does not start: the process is about to exit.
    func deferringSignals<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        guard !interrupting else {
            lock.unlock()
            parkUntilExit()
        }
        deferring += 1
        lock.unlock()
        defer {
            lock.lock()
            deferring -= 1
            let pending = deferring == 0 ? pendingSignal : nil
            lock.unlock()
            if let pending { interrupted(by: pending) }
        }
        return try body()
    }

    /// A child died of a signal: if it was the terminal's interrupt, firebreak's own handler is about
    /// to run; give it a moment before treating the death as git's failure.
    func waitForInterruptHandler() {
        for _ in 0..<100 {
            lock.lock()
            let started = interrupting
            lock.unlock()
            if started { return }
            usleep(10_000)
        }
    }

    /// Never returns once an interrupt is being handled: the handler removes the checkout and exits.
    func waitIfInterrupting() {
        lock.lock()
        let waiting = interrupting
        lock.unlock()
        while waiting { sleep(60) }
    }

    /// The handler is removing what was registered and will exit: nothing more may be written.
    private func parkUntilExit() -> Never {
        while true { sleep(60) }
    }

    private func interrupted(by signalNumber: Int32) {
        lock.lock()
        if deferring > 0 {
            pendingSignal = pendingSignal ?? signalNumber
            lock.unlock()
            return
        }
        interrupting = true
        let running = child
        let pending = paths
        lock.unlock()
        if let running, running.isRunning {
            kill(running.processIdentifier, SIGKILL)
            // Foundation reaps the child; poll rather than wait beside it.
            for _ in 0..<200 where running.isRunning { usleep(5_000) }
        }
        // `remove()` may be deleting the same tree on the main thread: whichever removal loses an
        // entry to the other fails, so try until the path is gone.
        for path in pending {
            for _ in 0..<50 where FileManager.default.fileExists(atPath: path) {
                try? FileManager.default.removeItem(atPath: path)
                if FileManager.default.fileExists(atPath: path) { usleep(2_000) }
            }
        }
        let removed = pending.isEmpty ? "" : "; removed its temporary files"
        FileHandle.standardError.write(Data("firebreak: interrupted\(removed)\n".utf8))
        exit(128 + signalNumber)
    }
}
