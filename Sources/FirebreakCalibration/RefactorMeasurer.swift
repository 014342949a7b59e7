import FirebreakCost
import FirebreakModel
import Foundation

/// Times one copy of a project the way `benchmarks/rebuild/measure.py` times a package: a cold
/// build, three no-op builds (their median is what every rebuild is net of), then `runs`
/// rebuilds after each interface edit, with the files the driver compiled.
public struct RefactorMeasurer: Sendable {
    public var build: ProjectBuild
    public var runs: Int
    public var progress: @Sendable (String) -> Void

    public init(build: ProjectBuild, runs: Int, progress: @escaping @Sendable (String) -> Void) {
        self.build = build
        self.runs = runs
        self.progress = progress
    }

    /// The side's cold and no-op builds, and each edit's rebuilds (nil for an edit not given).
    public func measure(_ directory: URL, side: String, edits: [InterfaceEdit?]) throws
        -> (MeasurementRecord.Side, [MeasurementRecord.Rebuild?]) {
        // Beside the copy, not in it: a build command may read everything in its folder.
        let log = directory.deletingLastPathComponent().appendingPathComponent(directory.lastPathComponent + ".log")
        progress("\(side): cold build")
        let cold = try build.run(in: directory, log: log, label: "\(side), cold build")
        progress("\(side): cold build \(Self.seconds(cold.seconds)); three no-op builds")
        let noOp = CostFit.median(try (0..<3).map { _ in try build.run(in: directory, log: log, label: "\(side), no-op build").seconds })
        var rebuilds: [MeasurementRecord.Rebuild?] = []
        for (index, edit) in edits.enumerated() {
            guard let edit else {
                rebuilds.append(nil)
                continue
            }
            var seconds: [Double] = []
            var files: [Int] = []
            for run in 0..<runs {
                Self.waitForTheNextSecond()
                try edit.apply(number: index * runs + run, in: directory)
                let outcome = try build.run(in: directory, log: log, label: "\(side), interface edit of \(edit.type)")
                seconds.append(max(0, outcome.seconds - noOp))
                files.append(outcome.compiledFiles.count)
                progress("\(side): interface edit of \(edit.type) \(run + 1)/\(runs): \(Self.seconds(seconds.last!)) net, "
                    + "\(outcome.compiledFiles.count) files")
            }
            let medianFiles = files.sorted()[files.count / 2]
            rebuilds.append(MeasurementRecord.Rebuild(
                files: medianFiles > 0 ? medianFiles : nil, seconds: CostModel.rounded(CostFit.median(seconds)),
                runs: seconds.map(CostModel.rounded)))
        }
        return (MeasurementRecord.Side(coldSeconds: CostModel.rounded(cold.seconds), noOpSeconds: CostModel.rounded(noOp)), rebuilds)
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f s", value) }

    /// An edit made in the same wall-clock second as the build before it was sometimes not seen
    /// (that build compiled nothing, the next one did its work).
    static func waitForTheNextSecond() {
        let now = Date().timeIntervalSince1970
        Thread.sleep(forTimeInterval: 1.05 - (now - now.rounded(.down)))
    }
}
