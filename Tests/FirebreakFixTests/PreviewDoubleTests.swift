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

    /// Cisum's `AudioLikeModel` is a SwiftData model, a class that is not `Sendable`: a struct
    /// holding it as a fixture is no `Sendable` double unless declared `@unchecked`, as previews and
    /// tests use it from one thread. Standard values keep the checked conformance.
    func testAStructHoldingAFixtureThatMayNotBeSendableIsUncheckedForASendableProtocol() throws {
        let models = try PreviewDouble.make(for: firewall(["func liked() async -> [AudioLikeModel]"], classBound: false, sendable: true),
                                            folder: "Previews/").get()
        XCTAssertTrue(models.source.contains("struct PreviewSession: SessionProviding, @unchecked Sendable {\n"), models.source)
        let values = try PreviewDouble.make(for: firewall(["func names() async throws -> [String: URL]", "var count: Int? { get }"],
                                                          classBound: false, sendable: true),
                                            folder: "Previews/").get()
        XCTAssertTrue(values.source.contains("struct PreviewSession: SessionProviding {\n"), values.source)
        let unsendable = try PreviewDouble.make(for: firewall(["func liked() -> [AudioLikeModel]"], classBound: false, sendable: false),
                                                folder: "Previews/").get()
        XCTAssertTrue(unsendable.source.contains("struct PreviewSession: SessionProviding {\n"), unsendable.source)
    }

    /// A publisher's fixture is one that never sends, so a view that subscribes in its body
    /// previews without setting it (codeapp's `.onReceive(NotificationCenter.default.publisher(…))`).
    func testPublishersAndDataNeedNoFixture() throws {
        let double = try PreviewDouble.make(
            for: firewall(["func publisher(for name: Notification.Name, object: AnyObject?) -> NotificationCenter.Publisher",
                           "func updates() -> AnyPublisher<Int, Never>", "func contents(atPath path: String) -> Data"],
                          classBound: false, sendable: false),
            folder: "Previews/", optionalFixtures: true).get()
        XCTAssertTrue(double.source.contains(
            "var publisherResult: NotificationCenter.Publisher = NotificationCenter().publisher(for: Notification.Name(\"preview\"))"),
                      double.source)
        XCTAssertTrue(double.source.contains("var updatesResult: AnyPublisher<Int, Never> = Empty().eraseToAnyPublisher()"), double.source)
        XCTAssertTrue(double.source.contains("var contentsResult: Data = Data()"), double.source)
        XCTAssertFalse(double.source.contains("preconditionFailure"), double.source)
        XCTAssertTrue(double.unsetFixtures.isEmpty)
    }

    /// A call that may throw fails while its fixture is unset, as a request would offline, so a
    /// preview shows the view's error state instead of stopping; so does a generic one, which no
    /// fixture can stand for. Any other call without a fixture still stops, naming it.
    func testThrowingCallsFailWhileUnsetAndOthersStop() throws {
        let double = try PreviewDouble.make(
            for: firewall(["func fetchUser(id: String) async throws -> User", "func get<T: Decodable>(_ path: String) async throws -> T",
                           "func cachedUser(id: String) -> User"],
                          classBound: false, sendable: false),
            folder: "Previews/", optionalFixtures: true).get()
        XCTAssertTrue(double.source.contains("guard let fetchUserResult else { throw CancellationError() }"), double.source)
        XCTAssertTrue(double.source.contains("func get<T: Decodable>(_ path: String) async throws -> T {\n        throw CancellationError()\n    }"),
                      double.source)
        XCTAssertEqual(double.unsetFixtures.map(\.fixture), ["cachedUserResult"])
        // Without optional fixtures (`--mocks`), a generic requirement still gets no double.
        XCTAssertThrowsError(try PreviewDouble.make(
            for: firewall(["func get<T: Decodable>(_ path: String) async throws -> T"], classBound: false, sendable: false),
            folder: "Previews/").get())
    }
}
