import FirebreakModel
import Foundation

/// `FIREBREAK_TIMINGS=1`: each phase's seconds on standard error, as `timing: PHASE SECONDS s`
/// lines (benchmarks/ reads them).
enum TimingsOutput {
    static let enabled = ProcessInfo.processInfo.environment["FIREBREAK_TIMINGS"] == "1"

    static func write(_ timings: PhaseTimings) {
        guard enabled else { return }
        let text = timings.laps.map { "timing: \($0.phase) \(String(format: "%.3f", $0.seconds)) s\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }
}
