import FirebreakDiff
import FirebreakModel
import FirebreakReport
import Foundation

/// Drawings made from saved reports and for pages: a report's graph as a diagram builder, and a
/// diagram as SVG markup to inline in HTML.
enum ReportDiagrams {
    /// The builder for an analysis report's graph; a lint report, or one written before graphs
    /// were saved, is a clear input error.
    static func builder(for report: ComparedReport, file: String) throws -> DiagramBuilder {
        guard let snapshot = report.graph else {
            throw InputError(description: report.kind == .lint
                ? "\(file) is a lint report; --diff needs analysis reports (`firebreak analyze --format json`)"
                : "\(file) has no dependency graph (schema v\(report.schemaVersion), firebreak \(report.toolVersion)); write it again with `firebreak analyze --format json`")
        }
        do {
            return DiagramBuilder(graph: try snapshot.graph(), findings: report.findings.map { ($0.rule, $0.path, $0.line, $0.symbol) })
        } catch let error as GraphSnapshot.Invalid {
            throw InputError(description: "\(file): damaged graph (\(error.description))")
        }
    }

    /// SVG without the XML declaration and doctype, which belong to a file, not to an element;
    /// drawn as `graph` draws it by default, within its pixel budget.
    static func inlineSVG(_ draw: (Int) throws -> Diagram) throws -> String {
        do {
            let fitted = try FittedDrawing.render(maxNodes: DiagramBuilder.Options().maxNodes, maxPixels: FittedDrawing.defaultMaxPixels,
                                                  format: .svg, draw: draw)
            let svg = String(decoding: fitted.data, as: UTF8.self)
            return svg.range(of: "<svg").map { String(svg[$0.lowerBound...]) } ?? svg
        } catch let failure as GraphvizRenderer.Failure {
            throw InputError(description: failure.description)
        }
    }
}
