import Dispatch
import FirebreakModel
import Foundation

/// A one-line progress report on standard error, for runs long enough to wonder about.
///
/// Nothing is written unless standard error is a terminal and the run has lasted a second; the
/// line is rewritten in place ten times a second and erased when the work is done, so logs and
/// pipes never see it.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    private var done = 0
    private var shown = false
    /// Replaces the scanning count once scanning is over.
    private var phase: String?
    private var finished = false
    private let timer: DispatchSourceTimer

    /// nil when standard error is not a terminal.
    static func start() -> ProgressLine? {
        guard isatty(STDERR_FILENO) != 0, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
        return ProgressLine()
    }

    private init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + 1, repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    func scanned(_ count: Int, of total: Int) {
        lock.lock()
        done = max(done, count)
        self.total = total
        lock.unlock()
    }

    private func draw() {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        shown = true
        let text = phase.map { "firebreak: \($0)" }
            ?? (total == 0 ? "firebreak: finding Swift files"
                : done < total ? "firebreak: scanning \(Grouping.grouped(done)) of \(Grouping.grouped(total)) files"
                : "firebreak: building the dependency graph of \(Grouping.grouped(total)) files")
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    /// What the run does now, e.g. "computing closures".
    func enter(_ phase: String) {
        lock.lock()
        self.phase = phase
        lock.unlock()
    }

    /// A warning on standard error, above the progress line when there is one.
    static func warn(_ line: String, above progress: ProgressLine?) {
        if let progress { progress.print(line) } else { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }

    /// Writes a whole line (a warning) above the progress line.
    func print(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(((shown && !finished) ? "\r\u{1B}[K" : "").utf8 + Array(line.utf8) + [10]))
    }

    /// Stops drawing and erases the line; safe to call more than once.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        timer.cancel()
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
