import Foundation

/// Phase durations on standard error when `FIREBREAK_TIMINGS=1`: how benchmarks separate
/// scanning from graph work without a profiler.
struct PhaseTimer {
    private let enabled = ProcessInfo.processInfo.environment["FIREBREAK_TIMINGS"] == "1"
    private var last = ContinuousClock.now

    mutating func lap(_ phase: String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let seconds = (now - last) / .seconds(1)
        FileHandle.standardError.write(Data("timing: \(phase) \(String(format: "%.3f", seconds)) s\n".utf8))
        last = now
    }
}
