import FirebreakModel

/// A `--fail-on` condition of `diff`: `new-findings`, or `closure-growth:PERCENT` (any view in
/// both reports whose closure grew by more than PERCENT percent of its lines).
public enum FailCondition: Sendable, Hashable {
    case newFindings
    case closureGrowth(percent: Double)

    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public init(parsing text: String) throws {
        if text == "new-findings" {
            self = .newFindings
            return
        }
        if text.hasPrefix("closure-growth:") {
            let number = text.dropFirst("closure-growth:".count).replacingOccurrences(of: "%", with: "")
            guard let percent = Double(number), percent.isFinite, percent >= 0 else {
                throw SyntaxError(description: "--fail-on closure-growth needs a percentage of 0 or more, got '\(text)'")
            }
            self = .closureGrowth(percent: percent)
            return
        }
        throw SyntaxError(description: "unknown --fail-on condition '\(text)'; expected new-findings or closure-growth:PERCENT")
    }

    public var text: String {
        switch self {
        case .newFindings: return "new-findings"
        case .closureGrowth(let percent):
            return "closure-growth:" + (percent == percent.rounded() ? String(Int(percent)) : String(percent))
        }
    }

    func evaluate(_ diff: ReportDiff) -> ReportDiff.Check {
        switch self {
        case .newFindings:
            let count = diff.new.count
            return ReportDiff.Check(
                condition: text, failed: count > 0,
                detail: count == 0 ? "no new findings" : "\(count) new finding\(count == 1 ? "" : "s")")
        case .closureGrowth(let percent):
            let grown = diff.regressed.filter { $0.fraction * 100 > percent }
            guard !grown.isEmpty else {
                return ReportDiff.Check(condition: text, failed: false, detail: "no view's closure grew by more than \(text.dropFirst("closure-growth:".count))%")
            }
            let names = grown.prefix(5).map { "\($0.view) +\(Int(($0.fraction * 100).rounded()))%" }.joined(separator: ", ")
            return ReportDiff.Check(
                condition: text, failed: true,
                detail: "\(grown.count) view\(grown.count == 1 ? "" : "s") grew by more than \(text.dropFirst("closure-growth:".count))%: \(names)\(grown.count > 5 ? ", …" : "")")
        }
    }
}
