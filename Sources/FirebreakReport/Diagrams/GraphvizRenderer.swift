import CGraphviz
import Foundation

/// Lays out and renders DOT text with libgraphviz, in-process.
///
/// Graphviz is not thread-safe (its DOT parser uses globals), so every call goes through one
/// process-wide lock, and one long-lived context serves all renders: a context per render leaks
/// in the text-layout plugin. Every graph and layout is freed before the lock is released.
public final class GraphvizRenderer: @unchecked Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case png, svg, pdf
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// A drawing and the size its layout asked for, in pixels at Graphviz's 96 dpi, before any
    /// scaling to a budget: larger than the budget means the drawing was scaled down to fit it.
    public struct Rendering: Sendable {
        public var data: Data
        public var laidOutWidth: Int
        public var laidOutHeight: Int

        public var longerSide: Int { max(laidOutWidth, laidOutHeight) }
    }

    /// The process's only renderer.
    public static let shared = GraphvizRenderer()

    /// Graphviz's bitmap resolution; its layouts are in points (1/72 inch).
    static let pixelsPerInch = 96.0

    private let lock = NSLock()
    private var context: OpaquePointer?

    private init() {}

    /// - Parameter engine: a Graphviz layout engine; `dot` for layered drawings.
    public func render(dot: String, format: Format, engine: String = "dot") throws -> Data {
        try render(dot: dot, format: format, engine: engine, maxPixels: nil).data
    }

    /// - Parameter maxPixels: the longest side the drawing may take (PNG pixels; SVG and PDF
    ///   the same size at 96 dpi); a larger layout is scaled down to it.
    public func render(dot: String, format: Format, engine: String = "dot", maxPixels: Int?) throws -> Rendering {
        lock.lock()
        defer { lock.unlock() }
        if context == nil { context = gvContext() }
        guard let context else { throw Failure(description: "cannot create a Graphviz context") }
        guard let graph = agmemread(Self.bounded(dot, maxPixels: maxPixels)) else {
            throw Failure(description: "Graphviz cannot read the generated DOT")
        }
        defer { agclose(graph) }
        guard gvLayout(context, graph, engine) == 0 else {
            throw Failure(description: "Graphviz layout '\(engine)' failed; is its plugin configuration present (libgvc6-config-update -c)?")
        }
        defer { gvFreeLayout(context, graph) }
        let size = Self.boundingBox(of: UnsafeMutableRawPointer(graph))
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, format.rawValue, &buffer, &length) == 0, let buffer else {
            throw Failure(description: "Graphviz cannot render \(format.rawValue)")
        }
        defer { gvFreeRenderData(buffer) }
        return Rendering(data: Data(bytes: buffer, count: Int(length)), laidOutWidth: size.width, laidOutHeight: size.height)
    }

    /// The DOT with a `size` that Graphviz scales a larger drawing down to (never up).
    static func bounded(_ dot: String, maxPixels: Int?) -> String {
        guard let maxPixels, let brace = dot.firstIndex(of: "{") else { return dot }
        let inches = Double(maxPixels) / pixelsPerInch
        let size = String(format: "%.4f,%.4f", inches, inches)
        return String(dot[...brace]) + "\n  size=\"\(size)\";" + String(dot[dot.index(after: brace)...])
    }

    /// The laid-out graph's `bb` ("llx,lly,urx,ury" in points) in pixels; zero when absent.
    private static func boundingBox(of graph: UnsafeMutableRawPointer) -> (width: Int, height: Int) {
        let text = "bb".withCString { name in agget(graph, UnsafeMutablePointer(mutating: name)) }
        guard let text else { return (0, 0) }
        let numbers = String(cString: text).split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { Double($0) }
        guard numbers.count == 4 else { return (0, 0) }
        let scale = pixelsPerInch / 72
        return (Int(((numbers[2] - numbers[0]) * scale).rounded(.up)), Int(((numbers[3] - numbers[1]) * scale).rounded(.up)))
    }
}
