import Foundation
import SwiftParser
import SwiftSyntax
import XCTest

/// firebreak's own shape: no function, initializer or subscript in Sources/ runs over 60 lines
/// (from its first attribute or keyword to its closing brace, doc comment not counted).
final class FunctionLengthTests: XCTestCase {
    static let limit = 60

    func testNoFunctionInSourcesIsLongerThanTheLimit() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        XCTAssertGreaterThan(files.count, 100, "Sources/ should be found beside Tests/")
        var long: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let tree = Parser.parse(source: text)
            let converter = SourceLocationConverter(fileName: file.path, tree: tree)
            let finder = LongFunctions(converter: converter, limit: Self.limit)
            finder.walk(tree)
            long += finder.found.map { "\(file.path.dropFirst(sources.path.count + 1)):\($0)" }
        }
        XCTAssertEqual(long, [], "functions over \(Self.limit) lines")
    }

    func testTheWalkMeasuresFromTheDeclarationToItsClosingBrace() {
        let body = (1...59).map { "    let x\($0) = \($0)" }.joined(separator: "\n")
        let source = "/// Docs do not count.\nfunc long() {\n\(body)\n}\nfunc short() {}\n"
        let tree = Parser.parse(source: source)
        let finder = LongFunctions(converter: SourceLocationConverter(fileName: "x.swift", tree: tree), limit: 60)
        finder.walk(tree)
        XCTAssertEqual(finder.found, ["2 long: 61 lines"])
    }
}

private final class LongFunctions: SyntaxVisitor {
    let converter: SourceLocationConverter
    let limit: Int
    var found: [String] = []

    init(converter: SourceLocationConverter, limit: Int) {
        self.converter = converter
        self.limit = limit
        super.init(viewMode: .sourceAccurate)
    }

    private func measure(_ node: some SyntaxProtocol, name: String) {
        let start = node.startLocation(converter: converter, afterLeadingTrivia: true).line
        let end = node.endLocation(converter: converter, afterTrailingTrivia: false).line
        if end - start + 1 > limit { found.append("\(start) \(name): \(end - start + 1) lines") }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, name: node.name.text)
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, name: "init")
        return .visitChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        measure(node, name: "subscript")
        return .visitChildren
    }
}
