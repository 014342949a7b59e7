import FirebreakCost
import Foundation

/// One session of benchmarks/independent: the cold pairs it timed (`cold_pairs.json`,
/// `pairs*.json`, written by run.py --write) and the calibrations made beside them (`cal*.json`).
struct RecordedDay {
    struct Pair: Decodable {
        var name: String
        var naiveRuns: [Double]
        var firewalledRuns: [Double]
        var build: BuildFeatures
        var firewalledBuild: BuildFeatures

        var measuredSaving: Double { CostFit.median(naiveRuns) - CostFit.median(firewalledRuns) }
    }

    /// What run.py --write records.
    struct PairsFile: Decodable {
        var pairs: [Pair]
    }

    private struct CalibrationFile: Decodable {
        var coefficients: BuildCoefficients
    }

    var name: String
    var pairs: [Pair]
    var calibrations: [BuildCoefficients]

    /// Every `day-*` folder under `folder`, in name order.
    static func all(under folder: URL) throws -> [RecordedDay] {
        let days = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("day-") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try days.map(read)
    }

    private static func read(_ day: URL) throws -> RecordedDay {
        let files = try FileManager.default.contentsOfDirectory(at: day, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let decoder = JSONDecoder()
        let pairs = try files.filter { $0.lastPathComponent == "cold_pairs.json" || $0.lastPathComponent.hasPrefix("pairs") }
            .flatMap { try decoder.decode(PairsFile.self, from: Data(contentsOf: $0)).pairs }
        let calibrations = try files.filter { $0.lastPathComponent.hasPrefix("cal") }
            .map { try decoder.decode(CalibrationFile.self, from: Data(contentsOf: $0)).coefficients }
        return RecordedDay(name: day.lastPathComponent, pairs: pairs, calibrations: calibrations)
    }
}
