@testable import FirebreakFix
import XCTest

/// The stand-ins `--mocks` and environment keys write, read from the protocol's requirements.
final class PreviewDoubleTests: XCTestCase {
    private func firewall(_ requirements: [String], classBound: Bool, sendable: Bool) -> FirewallProtocol {
        FirewallProtocol(
            name: "SessionProviding", concrete: "Session", module: "App", requirements: requirements, conveniences: [],
            globalActor: nil, isSendable: sendable, isClassBound: classBound, isPublic: false, imports: [], indentUnit: "    ",
            adapter: nil, users: ["SignInView"], protocolPath: "P.swift", conformancePath: "C.swift", protocolHost: "P.swift",
            conformanceHost: "C.swift")
    }

    /// A protocol whose users set a property through it is class-bound: the double is a final
    /// class, with an init for the fixtures that have no obvious empty value.
    func testAClassBoundProtocolGetsAFinalClassWithAnInitForItsFixtures() throws {
        let double = try PreviewDouble.make(
            for: firewall(["var account: String { get set }", "func token() -> Token"], classBound: true, sendable: true),
            folder: "Previews/").get()
        XCTAssertEqual(double.source, """
            /// A stand-in SessionProviding for previews and tests: set its fixtures.
            final class PreviewSession: SessionProviding, @unchecked Sendable {
                var account: String = ""
                var tokenResult: Token

                init(tokenResult: Token) {
                    self.tokenResult = tokenResult
                }

                func token() -> Token {
                    tokenResult
                }
            }

            """)
        XCTAssertEqual(double.fixturesWithoutDefault, ["tokenResult"])
    }

    func testOtherProtocolsGetAStruct() throws {
        let double = try PreviewDouble.make(for: firewall(["var account: String { get }"], classBound: false, sendable: true),
                                            folder: "Previews/").get()
        XCTAssertTrue(double.source.contains("struct PreviewSession: SessionProviding {\n    var account: String = \"\"\n}"), double.source)
    }
}
