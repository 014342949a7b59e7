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

    /// The process's only renderer.
    public static let shared = GraphvizRenderer()

    private let lock = NSLock()
    private var context: OpaquePointer?

    private init() {}

    /// - Parameter engine: a Graphviz layout engine; `dot` for layered drawings.
    public func render(dot: String, format: Format, engine: String = "dot") throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        if context == nil { context = gvContext() }
        guard let context else { throw Failure(description: "cannot create a Graphviz context") }
        guard let graph = agmemread(dot) else { throw Failure(description: "Graphviz cannot read the generated DOT") }
        defer { agclose(graph) }
        guard gvLayout(context, graph, engine) == 0 else {
            throw Failure(description: "Graphviz layout '\(engine)' failed; is its plugin configuration present (libgvc6-config-update -c)?")
        }
        defer { gvFreeLayout(context, graph) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, format.rawValue, &buffer, &length) == 0, let buffer else {
            throw Failure(description: "Graphviz cannot render \(format.rawValue)")
        }
        defer { gvFreeRenderData(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }
}
