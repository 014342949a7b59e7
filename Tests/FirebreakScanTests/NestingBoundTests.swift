import XCTest
@testable import FirebreakScan

/// What the pre-parse bounds reject, and the ordinary code they must let through.
final class NestingBoundTests: XCTestCase {
    private func violation(_ source: String) -> String? {
        NestingBound.violation(in: Array(source.utf8))
    }

    func testOrdinaryCodePasses() {
        XCTAssertNil(violation("let m = [[1, 2], [3]]\nlet t: [[String: [Int]]] = [:]\n"))
        XCTAssertNil(violation(#"let s = "\(user.name) has \(items.map { "\($0.title)" }.joined(separator: ", ")) (\(count(of: f(g(1)))))""# + "\n"))
        // Many interpolations one after another, each closed: a template, not nesting.
        XCTAssertNil(violation("let html = \"\"\"\n" + String(repeating: "<li>\\(item.name)</li>\n", count: 500) + "\"\"\"\n"))
        // In a raw string `\(` is text: a regex of escaped parentheses.
        XCTAssertNil(violation("let r = #\"" + String(repeating: #"\(\d+"#, count: 60) + "\"#\n"))
        // Brackets inside strings and comments do not count.
        XCTAssertNil(violation("let s = \"" + String(repeating: "[", count: 40) + "\" // " + String(repeating: "[", count: 40) + "\n"))
    }

    func testSquareBracketsPastTheBound() {
        let source = "let y = " + String(repeating: "[", count: 17) + "1" + String(repeating: "]", count: 17) + "\n"
        XCTAssertEqual(violation(source)?.hasPrefix("square brackets nested more than 16 deep"), true)
        XCTAssertNil(violation("let y = " + String(repeating: "[", count: 16) + "1" + String(repeating: "]", count: 16) + "\n"))
    }

    /// Found by the fuzz harness: 20,000 `{` after a mangled declaration (`public letlet x =`)
    /// passed the bound of then and took the parser 20 s, its time growing with the square of the
    /// depth. The parser builds nothing deeper than 256 levels.
    func testBracketsPastTheBound() {
        let deep = "public letlet x = " + String(repeating: "{", count: 1_001) + "\n"
        XCTAssertEqual(violation(deep), "brackets nested more than 1000 deep; skipped")
        XCTAssertEqual(violation("let x = " + String(repeating: "({", count: 501) + "\n"), "brackets nested more than 1000 deep; skipped")
        XCTAssertNil(violation("let x = " + String(repeating: "(", count: 1_000) + "1" + String(repeating: ")", count: 1_000) + "\n"))
    }

    func testGenericArgumentsPastTheBound() {
        let deep = "let x = " + String(repeating: "Array<", count: 65) + "Int" + String(repeating: ">", count: 65) + "\nlet y = 1\n"
        XCTAssertEqual(violation(deep)?.hasPrefix("generic arguments nested more than 64 deep"), true)
        XCTAssertNil(violation("let x: " + String(repeating: "Array<", count: 64) + "Int" + String(repeating: ">", count: 64) + "\n"))
        // Comparisons written without spaces do not add up across statements.
        XCTAssertNil(violation(String(repeating: "if a<b { f() }\nlet c = x<y\n", count: 200)))
        XCTAssertNil(violation("let d: [String: Result<Array<Set<Int>>, Error>] = [:]\nfunc f<T: Collection>(_ t: T) -> Array<T.Element> where T.Element: Hashable { [] }\n"))
    }

    /// A mangled literal can leave a run of `\(` in code (the fuzz harness's `"bell.let s =
    /// "\(\(…`, whose second quote closes the first): parsed in cubic time, 800 levels in half a
    /// minute. Closed runs, and `\(` closed again one after another, pass.
    func testBackslashParenthesesInCodePastTheBound() {
        let open = "let s = " + String(repeating: "\\(", count: 33) + "\n"
        XCTAssertEqual(violation(open)?.hasPrefix("\\( open more than 32 deep outside a string"), true)
        XCTAssertNil(violation("let s = " + String(repeating: "\\(", count: 32) + "\n"))
        XCTAssertNil(violation(String(repeating: "let k = \\(a.b)\nlet m = /\\(\\d+\\)/\n", count: 100)))
        XCTAssertNil(violation("let s = " + String(repeating: "\\((", count: 20) + "1" + String(repeating: "))", count: 20) + "\n"
            + "let t = " + String(repeating: "\\(", count: 30) + "\n"))
    }

    /// Found by the fuzz harness: `[` nested 200 deep in an interpolation (a mangled
    /// `"\(String(describing: parselet x = [[[…`) took the parser 47 s, and the bound skipped what
    /// strings hold. In an interpolation, brackets count as in code, with those the literal sits in.
    func testBracketsInsideInterpolationsPastTheBound() {
        let square = #"let s = "\(f(x = "# + String(repeating: "[", count: 17) + "\n"
        XCTAssertEqual(violation(square)?.hasPrefix("square brackets nested more than 16 deep"), true)
        let across = "let y = " + String(repeating: "[", count: 10) + #""\("# + String(repeating: "[", count: 7) + "\n"
        XCTAssertEqual(violation(across)?.hasPrefix("square brackets nested more than 16 deep"), true)
        let nested = #"let s = "\(g("\("# + String(repeating: "[", count: 17) + "\n"
        XCTAssertEqual(violation(nested)?.hasPrefix("square brackets nested more than 16 deep"), true)
        let braces = #"let s = "\(f "# + String(repeating: "{", count: 1_000) + "\n"
        XCTAssertEqual(violation(braces), "brackets nested more than 1000 deep; skipped")
        // Arrays, dictionaries and closures in interpolations pass, as do closed ones in a row.
        XCTAssertNil(violation(#"let s = "\([[1, 2], [3]][0]) \(items.map { [$0.id: $0] }) \(d["k"] ?? [])""# + "\n"))
        XCTAssertNil(violation("let s = \"" + String(repeating: #"\([[[[1]]]])"#, count: 100) + "\"\n"))
        XCTAssertNil(violation(#"let s = "\(f(x = "# + String(repeating: "[", count: 16) + "\n"))
    }

    func testUnclosedInterpolationsPastTheBound() {
        let unclosed = "let s = \"" + String(repeating: "\\(", count: 400) + "\n"
        XCTAssertEqual(violation(unclosed)?.hasPrefix("string interpolations open more than 32 deep"), true)
        XCTAssertNil(violation("let s = \"" + String(repeating: "\\(", count: 32) + "\n"))
    }

    func testInterpolationsNestedThroughStringsPastTheBound() {
        let nested = "let s = " + String(repeating: "\"\\(", count: 40) + "1" + String(repeating: ")\"", count: 40) + "\n"
        XCTAssertEqual(violation(nested)?.hasPrefix("string interpolations open more than 32 deep"), true)
        let raw = "let s = #\"" + String(repeating: "\\#(", count: 40) + "\n"
        XCTAssertEqual(violation(raw)?.hasPrefix("string interpolations open more than 32 deep"), true)
    }
}
