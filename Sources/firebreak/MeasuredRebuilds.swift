import FirebreakModel
import Foundation

/// `analyze --measured FILE`: the rebuilds a `firebreak measure` record timed, set beside the
/// estimates of the same edits.
enum MeasuredRebuilds {
    static func attach(_ file: String, to report: inout AnalysisReport) throws {
        let record = try load(file)
        var matched = 0
        for index in report.rebuilds.indices {
            let rebuild = report.rebuilds[index]
            guard let edit = record.edits.first(where: { $0.type == rebuild.type && $0.module == rebuild.module }) else { continue }
            report.rebuilds[index].measured = AnalysisReport.MeasuredRebuild(edit)
            matched += 1
        }
        if matched < record.edits.count {
            let missing = record.edits.filter { edit in !report.rebuilds.contains { $0.type == edit.type && $0.module == edit.module } }
            FileHandle.standardError.write(Data(("warning: \(file): no rebuild of "
                + missing.map(\.type).joined(separator: ", ") + " in this analysis; those measurements are not shown\n").utf8))
        }
    }

    static func load(_ file: String) throws -> MeasurementRecord {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw InputError(description: "--measured: cannot read \(file)")
        }
        struct Header: Decodable {
            var kind: String?
            var schemaVersion: Int?
        }
        let header = try? JSONDecoder().decode(Header.self, from: data)
        guard header?.kind == "measurement" else {
            throw InputError(description: "--measured: \(file) is not a record written by `firebreak measure --output`")
        }
        guard header?.schemaVersion == MeasurementRecord.schemaVersion else {
            throw InputError(description: "--measured: \(file) is a measurement record of schema \(header?.schemaVersion ?? 0); "
                + "this firebreak reads schema \(MeasurementRecord.schemaVersion)")
        }
        do {
            return try JSONDecoder().decode(MeasurementRecord.self, from: data)
        } catch {
            throw InputError(description: "--measured: \(file) is damaged: \(error)")
        }
    }
}
