import FirebreakDiff
import FirebreakModel
import FirebreakReport
import Foundation

/// Two analyses in this process, compared through the JSON that `diff BEFORE.json AFTER.json`
/// reads, so every form of comparison works on exactly the same data.
enum ComparedAnalyses {
    static func compare(_ before: AnalysisReport, _ after: AnalysisReport, beforeSource: String, afterSource: String,
                        writingTo directory: String? = nil) throws -> (ComparedReport, ComparedReport) {
        let json = AnalysisJSONReporter()
        let beforeText = json.render(before, options: AnalysisRenderOptions())
        let afterText = json.render(after, options: AnalysisRenderOptions())
        if let directory {
            try OutputFile.write(Data(beforeText.utf8), to: (directory as NSString).appendingPathComponent("before.json"))
            try OutputFile.write(Data(afterText.utf8), to: (directory as NSString).appendingPathComponent("after.json"))
        }
        do {
            return (try ComparedReport.decode(Data(beforeText.utf8), source: beforeSource),
                    try ComparedReport.decode(Data(afterText.utf8), source: afterSource))
        } catch let error as ComparedReport.LoadError {
            throw InputError(description: error.description)
        }
    }
}
