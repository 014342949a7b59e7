import FirebreakFix
import Foundation

/// Writes a fix: every change is resolved inside the analysed folders (`FixTarget`), every new text
/// staged whole beside its target (`StagedFile`), and only then are the staged files renamed into
/// place, with interrupts held back, so no file is ever seen half-written, a refused or failed
/// write changes nothing, and an interrupt leaves no temporary file behind.
enum FixWriter {
    static func write(_ targets: [FixTarget]) throws {
        Cleanup.shared.install()
        var staged: [StagedFile] = []
        defer { for file in staged { file.discard() } }
        for target in targets { staged.append(try StagedFile(target)) }
        try Cleanup.shared.deferringSignals {
            for (index, file) in staged.enumerated() {
                do {
                    try file.commit()
                } catch let error as InputError where index > 0 {
                    throw InputError(description: error.description.replacingOccurrences(
                        of: "nothing was changed", with: "\(index) of \(staged.count) files were written"))
                }
            }
        }
    }
}
