import Foundation

/// A drawing rendered within a pixel budget: drawn again with fewer nodes (the far side of the
/// closure collapses first) until its layout fits or is near enough to be scaled down and still
/// read, and only then scaled. A 4,000-pixel PNG of a real screen is not read, it is panned.
public enum FittedDrawing {
    public struct Result: Sendable {
        public var diagram: Diagram
        public var data: Data
        /// Said on standard error, not drawn: how far the drawing was scaled down, if at all.
        public var scaleNote: String?
    }

    /// `graph`'s default budget: a drawing that opens whole on a laptop's screen at 1:1 or close.
    public static let defaultMaxPixels = 2400

    /// Below this share of its laid-out size a 10-point label is no longer read comfortably.
    static let readableScale = 0.7
    static let fewestNodes = 8
    static let attempts = 5

    /// - Parameters:
    ///   - maxNodes: the node limit asked for; lowered as needed, never raised.
    ///   - maxPixels: the budget; nil draws at `maxNodes` whatever the size.
    ///   - format: nil writes DOT, which has no size until something lays it out.
    ///   - draw: the diagram at a node limit.
    public static func render(maxNodes: Int, maxPixels: Int?, format: GraphvizRenderer.Format?,
                              draw: (Int) throws -> Diagram) throws -> Result {
        guard let format else {
            let diagram = try draw(maxNodes)
            return Result(diagram: diagram, data: Data(DOTWriter.write(diagram).utf8))
        }
        guard let maxPixels else {
            let diagram = try draw(maxNodes)
            return Result(diagram: diagram, data: try GraphvizRenderer.shared.render(dot: DOTWriter.write(diagram), format: format))
        }
        return try fit(maxNodes: maxNodes, maxPixels: maxPixels, format: format, draw: draw)
    }

    static func fit(maxNodes: Int, maxPixels: Int, format: GraphvizRenderer.Format,
                    draw: (Int) throws -> Diagram) throws -> Result {
        var limit = maxNodes
        var previousNodeCount = Int.max
        for attempt in 1...attempts {
            var diagram = try draw(limit)
            if limit < maxNodes {
                diagram.notes.append("node limit lowered from \(maxNodes) to \(limit) to fit \(Figures.grouped(maxPixels)) pixels (--max-pixels)")
            }
            let rendering = try GraphvizRenderer.shared.render(dot: DOTWriter.write(diagram), format: format, maxPixels: maxPixels)
            let scale = Double(maxPixels) / Double(max(rendering.longerSide, 1))
            let next = min(limit - 1, Int(Double(diagram.nodes.count) * scale.squareRoot()))
            let unchanged = diagram.nodes.count >= previousNodeCount
            if scale >= readableScale || next < fewestNodes || unchanged || attempt == attempts {
                return Result(diagram: diagram, data: rendering.data, scaleNote: scale < 1 ? scaleNote(scale, maxPixels) : nil)
            }
            previousNodeCount = diagram.nodes.count
            limit = next
        }
        preconditionFailure("the last attempt returns")
    }

    static func scaleNote(_ scale: Double, _ maxPixels: Int) -> String {
        "scaled to \(Int((scale * 100).rounded(.down))) % to fit \(Figures.grouped(maxPixels)) pixels (a lower --max-nodes or a --depth draws less, and larger)"
    }
}
