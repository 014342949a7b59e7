import FirebreakModel
import Foundation

/// `firebreak measure`'s record as text, files first (the same on every machine), then seconds,
/// each beside its estimate and the estimate's error; and as JSON.
public enum MeasurementText {
    public static func render(_ record: MeasurementRecord) -> String {
        var out = "firebreak measure: \(record.project), built with `\(record.buildCommand)`, \(counted(record.runs, "run")) per edit "
            + "(medians, net of a no-op build)\n"
        out += "  before: cold build \(Figures.seconds(record.before.coldSeconds)), no-op \(Figures.seconds(record.before.noOpSeconds))\n"
        if let after = record.after {
            out += "  after fix's firewall: cold build \(Figures.seconds(after.coldSeconds)), no-op \(Figures.seconds(after.noOpSeconds))\n"
        }
        for edit in record.edits {
            out += "\nAn interface edit of \(edit.type) (\(edit.path))\n"
            out += line("before the firewall", edit.before, files: edit.estimated.files, seconds: edit.estimated.seconds,
                        range: edit.estimated.range)
            if let after = edit.after {
                out += line("after the firewall", after, files: edit.estimated.firewalledFiles, seconds: edit.estimated.firewalledSeconds,
                            range: edit.estimated.firewalledRange)
                out += "  saved per edit: " + saving(edit.before, after) + "\n"
            } else if let reason = edit.notMeasuredAfter {
                out += "  after the firewall: not measured: \(reason)\n"
            }
        }
        return out
    }

    public static func json(_ record: MeasurementRecord) throws -> Data {
        guard let data = try PrettyJSONEncoder.encode(record) else { throw EncodingError.invalidValue(record, .init(codingPath: [], debugDescription: "not encodable")) }
        return data
    }

    /// "  before the firewall: 41 files compiled (estimate 41), 5.12 s (estimate ≈5.40 s, 2.4 to 9.8 s, +5 %)"
    static func line(_ label: String, _ rebuild: MeasurementRecord.Rebuild, files: Int, seconds: Double, range: SecondsRange?) -> String {
        let compiled = rebuild.files.map { "\(Figures.files($0)) compiled (estimate \(Grouping.grouped(files)))" }
            ?? "files not shown by the build (estimate \(Grouping.grouped(files)))"
        return "  \(label): \(compiled), \(Figures.seconds(rebuild.seconds)) (estimate \(Figures.estimate(seconds, range)), \(error(seconds, rebuild.seconds)))\n"
    }

    /// The estimate's error relative to the measurement: "+5 %", "−12 %".
    static func error(_ estimate: Double, _ measured: Double) -> String {
        guard measured > 0 else { return "nothing measured" }
        let percent = Int(((estimate - measured) / measured * 100).rounded())
        return percent < 0 ? "−\(-percent) %" : "+\(percent) %"
    }

    static func saving(_ before: MeasurementRecord.Rebuild, _ after: MeasurementRecord.Rebuild) -> String {
        let seconds = Figures.seconds(CostModel.rounded(before.seconds - after.seconds))
        guard let beforeFiles = before.files, let afterFiles = after.files else { return seconds }
        return "\(Figures.files(beforeFiles - afterFiles)), \(seconds)"
    }
}
