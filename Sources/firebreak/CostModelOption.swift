import FirebreakModel
import Foundation

/// `--calibration FILE` or `--seconds-per-kloc X` (or neither: the reference model) as a cost model.
enum CostModelOption {
    static func costModel(_ secondsPerKloc: Double?, calibration: String? = nil) throws -> CostModel {
        if let calibration {
            guard secondsPerKloc == nil else {
                throw InputError(description: "--calibration and --seconds-per-kloc are two different cost models; choose one")
            }
            do {
                return CostModel.calibrated(try Calibration.load(file: calibration), file: calibration)
            } catch let error as Calibration.LoadError {
                throw InputError(description: error.description)
            }
        }
        guard let secondsPerKloc else { return CostModel() }
        guard secondsPerKloc.isFinite, secondsPerKloc > 0 else {
            throw InputError(description: "--seconds-per-kloc must be a positive number, got \(secondsPerKloc)")
        }
        return CostModel.lineRate(secondsPerKloc: secondsPerKloc)
    }
}
