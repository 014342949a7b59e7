import FirebreakReport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// DOT writing and in-process rendering through libgraphviz.
final class DiagramRenderingTests: XCTestCase {
    private static let hostile = [
        "Quote\"d", "Angle<Bracket>", "Back\\slash", "Ünïcødé·名前", "Line\nBreak", "Amp&ersand", "Brace{}",
    ]

    private func sample(names: [String] = ["ProfileView", "ProfileViewModel", "APIClient"]) -> Diagram {
        let nodes = names.enumerated().map { index, name in
            Diagram.Node(id: "n\(index)", label: name, detail: "\(index + 1) lines", module: index == 0 ? nil : "App",
                         layer: index == 2 ? .infrastructure : .presentation, isRoot: index == 0)
        }
        var edges: [Diagram.Edge] = []
        for index in 1..<names.count {
            edges.append(Diagram.Edge(from: "n\(index - 1)", to: "n\(index)", label: nil,
                                      violation: index == 2 ? "singleton-access" : nil, isCut: index == 2))
        }
        return Diagram(title: "Title \"with\" <tricky> \\ names", nodes: nodes, edges: edges, notes: ["a note"])
    }

    func testDOTIsByteIdenticalAndEscapesEveryName() throws {
        let diagram = sample(names: Self.hostile)
        let dot = DOTWriter.write(diagram)
        XCTAssertEqual(dot, DOTWriter.write(diagram))
        XCTAssertTrue(dot.contains(#"label="Quote\"d\n1 lines""#), dot)
        XCTAssertTrue(dot.contains(#"label="Back\\slash\n3 lines""#), dot)
        XCTAssertTrue(dot.contains(#"label="Line\nBreak\n5 lines""#), dot)
        XCTAssertTrue(dot.contains("Ünïcødé·名前"))
        // Graphviz reads it back: hostile names never break the DOT or the SVG.
        let svg = String(decoding: try GraphvizRenderer.shared.render(dot: dot, format: .svg), as: UTF8.self)
        XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse(), "SVG is not well-formed XML")
        XCTAssertTrue(svg.contains("Quote&quot;d") || svg.contains("Quote\"d"), svg)
        XCTAssertTrue(svg.contains("Angle&lt;Bracket&gt;"), svg)
        XCTAssertTrue(svg.contains("Ünïcødé·名前"), svg)
    }

    func testComparisonsTellAddedRemovedAndStandingViolationsApart() {
        var diagram = sample(names: ["A", "B", "C", "D"])
        diagram.isComparison = true
        diagram.edges = [
            Diagram.Edge(from: "n0", to: "n1", label: nil, violation: "singleton-access", isCut: false),
            Diagram.Edge(from: "n1", to: "n2", label: nil, violation: "singleton-access", isCut: false),
            Diagram.Edge(from: "n2", to: "n3", label: nil, violation: nil, isCut: false),
        ]
        diagram.edges[1].change = .removed
        diagram.edges[2].change = .added
        let lines = DOTWriter.write(diagram).split(separator: "\n").map(String.init)
        let standing = lines.first { $0.hasPrefix(#"  "n0" -> "n1""#) } ?? ""
        let removed = lines.first { $0.hasPrefix(#"  "n1" -> "n2""#) } ?? ""
        let added = lines.first { $0.hasPrefix(#"  "n2" -> "n3""#) } ?? ""
        XCTAssertTrue(standing.contains(##"color="#dc2626""##) && standing.contains(#"label="singleton-access""#), standing)
        XCTAssertTrue(removed.contains(##"color="#16a34a""##) && removed.contains(#"style="dashed""#), removed)
        XCTAssertTrue(added.contains(##"color="#ea580c""##) && added.contains(#"style="bold""#), added)
        XCTAssertTrue(lines.contains { $0.contains("violation in both (rule id)") }, "the legend names all three")
    }

    func testViolationsAreRedAndLabelledAndCutsDashed() {
        let dot = DOTWriter.write(sample())
        XCTAssertTrue(dot.contains(##""n1" -> "n2" [color="#dc2626", fontcolor="#dc2626", penwidth=1.6, label="singleton-access", style="dashed"];"##), dot)
        XCTAssertTrue(dot.contains(#""n0" -> "n1";"#), dot)
        XCTAssertTrue(dot.contains("subgraph \"cluster_App\""), dot)
        XCTAssertTrue(dot.contains("subgraph \"cluster_App_infrastructure\""), dot)
        XCTAssertTrue(dot.contains("subgraph \"cluster_legend\""), dot)
    }

    func testPNGHasMagicBytesAndDimensions() throws {
        let png = try GraphvizRenderer.shared.render(dot: DOTWriter.write(sample()), format: .png)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width and height, big-endian, at bytes 16–23.
        let bytes = Array(png)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertGreaterThan(width, 200)
        XCTAssertGreaterThan(height, 100)
    }

    func testSVGParsesAndCarriesNodeIDs() throws {
        let svg = try GraphvizRenderer.shared.render(dot: DOTWriter.write(sample()), format: .svg)
        XCTAssertTrue(XMLParser(data: svg).parse())
        let text = String(decoding: svg, as: UTF8.self)
        for id in ["n0", "n1", "n2"] { XCTAssertTrue(text.contains("id=\"\(id)\""), "missing \(id)") }
    }

    func testPDFHasItsHeader() throws {
        let pdf = try GraphvizRenderer.shared.render(dot: DOTWriter.write(sample()), format: .pdf)
        XCTAssertEqual(String(decoding: pdf.prefix(5), as: UTF8.self), "%PDF-")
    }

    func testConcurrentRendersAreSerialisedSafely() {
        let dot = DOTWriter.write(sample())
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if (try? GraphvizRenderer.shared.render(dot: dot, format: .svg))?.isEmpty != false { failures.increment() }
        }
        XCTAssertEqual(failures.value, 0)
    }

    func testUnreadableDOTIsAnErrorNotACrash() {
        XCTAssertThrowsError(try GraphvizRenderer.shared.render(dot: "digraph { a -> ", format: .svg))
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
