import SwiftParser
import SwiftSyntax
import XCTest
@testable import FirebreakScan

/// Code lines are the lines that hold a present token, where SwiftSyntax itself places it: on
/// broken input too, where the parser's recovery leaves tokens marked missing.
final class CodeLineTests: XCTestCase {
    /// The lines SwiftSyntax's own converter puts the present tokens' text on.
    private func tokenLines(_ source: String) -> Set<Int> {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "A.swift", tree: tree)
        var lines = Set<Int>()
        for token in tree.tokens(viewMode: .sourceAccurate) where token.presence == .present && token.tokenKind != .endOfFile {
            let start = token.positionAfterSkippingLeadingTrivia
            let end = token.endPositionBeforeTrailingTrivia
            let first = converter.location(for: start).line
            let last = end.utf8Offset > start.utf8Offset ? converter.location(for: AbsolutePosition(utf8Offset: end.utf8Offset - 1)).line : first
            for line in first...last { lines.insert(line) }
        }
        return lines
    }

    private let sources = [
        "struct A {\n    let x = 1\n\n    // note\n    func f() -> Int { x }\n}\n",
        // Recovery: a stray backslash and dot, an unbalanced brace, a bad `as`.
        "extension Handler {\n  func run() async throws -> URL {\n    for item in items as< [Item] {\n"
            + "      guard check(item.kind.identifier) else {\n        continue\n\\       }\n        guard\n"
            + " .        let table } try await item.load(\n            for: Kind.list.identifier) as? [String: Any]\n"
            + "        else {\n          throw Failure.wrongType\n        }\n        return item.url\n      }\n    }\n"
            + "    throw Failure.notFound\n  }\n}\n",
        "let s = \"\"\"\n  a \\(b)\n  \"\"\"\n/* block\n comment */ let t = [\n1,\n\n2]\n",
        // Missing tokens carry placeholder text (`<#type#>`) that takes no bytes of the source:
        // counting it moved every later token down the file, onto blank lines.
        "let x: = 1\n\n\n\n\n\n\n\n\nlet y = 2\n",
        "func f(a: , b: ) -> {\n\n\n\n\n\n\n\n\n\n}\nlet z = g(\n\n\n\n\n\n\n\n\n\n\n\n\n\n",
    ]

    func testCodeLinesAreTheLinesSwiftSyntaxPutsTokensOn() {
        for source in sources {
            let facts = SourceScanner.scan(source: source, path: "A.swift")
            XCTAssertEqual(facts.codeLineCount, tokenLines(source).count, source)
        }
    }

    /// Suppression comments are placed by the same offsets: past a missing `<#type#>`, the comment
    /// on line 9 was read at column 9, eight bytes on.
    func testSuppressionsPastMissingTokensKeepTheirColumn() {
        let source = "let x: = 1\n\n\n\n\n\n\n\n// firebreak:disable-next-line singleton-access\nlet y = 2\n"
        let facts = SourceScanner.scan(source: source, path: "A.swift")
        XCTAssertEqual(facts.suppressions.map(\.position), [SourcePosition(line: 9, column: 1)])
    }
}
