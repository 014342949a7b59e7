import FirebreakScan
import XCTest

/// The per-file type-checking estimate (benchmarks/typecheck): bodies only, outermost expressions
/// priced by what they leave the solver to choose, each capped.
final class TypeCheckEstimateTests: XCTestCase {
    private func scan(_ source: String) -> FileFacts {
        SourceScanner.scan(source: source, path: "A.swift")
    }

    func testAnEmptyBodyCostsItsTokens() {
        // `func f() {}`: six tokens at 0.00227 ms each, no expression.
        let facts = scan("func f() {}")
        XCTAssertEqual(facts.typeCheckMicroseconds, 14)
        XCTAssertEqual(facts.expressionTokenCount, 0)
    }

    func testExpressionsOutsideBodiesAreTokensButNotTypeChecking() {
        let facts = scan("let answer = 40 + 2\nstruct S { var scale = 2.5 * 4 }")
        XCTAssertEqual(facts.typeCheckMicroseconds, 0)
        XCTAssertEqual(facts.expressionTokenCount, 6, "`40 + 2` and `2.5 * 4`")
    }

    func testBodyTokensAreTheCodeBlocksOfFunctionsInitializersAndAccessors() {
        // Signatures, stored properties and their initial values are outside bodies; a nested
        // function's body counts once.
        let facts = scan("""
            struct S {
                var scale = 2.5 * 4
                var doubled: Double { scale * 2 }
                var named: String { get { "s" } set { print(newValue) } }
                init() { scale = 1 }
                func f(x: Int) -> Int { func g() -> Int { x } ; return g() }
            }
            """)
        // `{ scale * 2 }` 5, `{ "s" }` 5 (the quotes and the text), `{ print(newValue) }` 6,
        // `{ scale = 1 }` 5, the body of `f` 16.
        XCTAssertEqual(facts.bodyTokenCount, 5 + 5 + 6 + 5 + 16)
        XCTAssertEqual(scan("protocol P { func f() -> Int }").bodyTokenCount, 0)
    }

    func testMixedLiteralArithmeticCostsMoreThanTheSameLengthOverVariables() {
        let mixed = scan("func f(xs: [Int], w: Double) -> Double { Double(xs.count) * 2.5 + w / 3.0 - 1 }")
        let plain = scan("func f(a: Double, b: Double, c: Double) -> Double { a * b + c / a - b }")
        XCTAssertGreaterThan(mixed.typeCheckMicroseconds, 2 * plain.typeCheckMicroseconds,
                             "\(mixed.typeCheckMicroseconds) µs against \(plain.typeCheckMicroseconds) µs")
    }

    func testOneExpressionCostsAtMostTheCap() {
        let terms = (1...40).map { "\($0).5" }.joined(separator: " + ")
        let facts = scan("func f() -> Double { \(terms) }")
        XCTAssertGreaterThan(facts.typeCheckMicroseconds, 8_000)
        XCTAssertLessThan(facts.typeCheckMicroseconds, 8_316 + 400, "the cap plus the body's tokens")
    }

    func testEachStatementOfAClosureIsAnExpressionOfItsOwn() {
        let statement = "let a = Double(x) * 2.5 + 1.5"
        let inClosure = scan("func f(x: Int) { _ = { \(statement); let b = Double(x) * 2.5 + 1.5; print(a, b) } }")
        let alone = scan("func f(x: Int) { \(statement) }")
        // Two statements that cost what one does alone, not one expression of twice the size.
        XCTAssertLessThan(inClosure.typeCheckMicroseconds, 3 * alone.typeCheckMicroseconds)
        XCTAssertGreaterThan(inClosure.typeCheckMicroseconds, 2 * alone.typeCheckMicroseconds - 200)
    }

    func testATokenBelongsToTheInnermostBodyAndExpressionOnly() {
        // `func f() { … }` and `func g() {}`: six tokens each, each priced once (12 × 0.00227 ms),
        // not the outer body's twelve on top of the inner's six.
        XCTAssertEqual(scan("func f() { func g() {} }").typeCheckMicroseconds, 27)
        // The closure's statements are expressions of their own (`a`, `b`): the 16 tokens of
        // `[1].map { … }` are counted once, 14 for the call and one for each statement.
        XCTAssertEqual(scan("func f() { let x = [1].map { a in let b = a; return b } }").expressionTokenCount, 16)
    }

    func testAccessorsAndInitializersAreBodies() {
        let facts = scan("""
            final class S {
                var x: Double { 2.5 * 4 }
                var y: Double { get { 1.5 } }
                init() {}
                deinit {}
            }
            """)
        XCTAssertGreaterThan(facts.typeCheckMicroseconds, 0)
        XCTAssertEqual(scan("struct S { var x: Double }").typeCheckMicroseconds, 0)
    }
}
