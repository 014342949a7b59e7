/// How long each phase of a run took. The library only records; the CLI prints them to standard
/// error when `FIREBREAK_TIMINGS=1`, which is how benchmarks separate scanning from graph work.
public struct PhaseTimings: Sendable {
    public struct Lap: Sendable, Hashable {
        public var phase: String
        public var seconds: Double
    }

    public private(set) var laps: [Lap] = []
    private var last = ContinuousClock.now

    public init() {}

    /// Ends the current phase under `phase` and starts the next.
    public mutating func lap(_ phase: String) {
        let now = ContinuousClock.now
        laps.append(Lap(phase: phase, seconds: (now - last) / .seconds(1)))
        last = now
    }

    /// Appends the laps of a phase's own steps; the phase's lap, taken next, still covers them.
    public mutating func append(_ steps: PhaseTimings) {
        laps += steps.laps
    }
}
