import FirebreakModel
import XCTest

/// Every role says why it was given, and the conventions that misfired on real apps do not.
final class RoleReasonTests: XCTestCase {
    private func roles(_ files: [String: String], configuration: String? = nil) throws -> [String: (Role, String)] {
        let fixture = try ClosureFixture(files, configuration: configuration)
        let graph = fixture.prepared.graph
        var roles: [String: (Role, String)] = [:]
        for symbol in graph.symbols where graph.nodes[symbol.primary].kind == .declaration {
            let node = graph.nodes[symbol.primary]
            roles[symbol.name] = (node.role, node.roleReason)
        }
        return roles
    }

    /// Broken code can parse a type inside an extension of itself: its role asked its parent's,
    /// which asked the type's again, until the stack overflowed (found by benchmarks/fuzz).
    func testATypeParsedInsideAnExtensionOfItselfTakesItsRoleFromItsPlace() throws {
        let roles = try roles([
            "App/Services/Key.swift": "extension Key where Value == let x = (1)\nBool {\n  static let a = Self()\n}\n\nstruct Key<Value> {\n}\n",
        ])
        XCTAssertEqual(roles["Key"]?.0, .neutral)
        XCTAssertEqual(roles["Key"]?.1, "value type in folder Services/: data, not a service")
    }

    func testAnAdapterOfAHighLevelProtocolIsInfrastructureWhateverItsFolder() throws {
        let roles = try roles([
            "Screens/FilePreview/PhotoLibraryManagerProtocol.swift": "protocol PhotoLibraryManagerProtocol { func save() }\n",
            "Screens/FilePreview/PhotoLibraryManager.swift": "struct PhotoLibraryManager: PhotoLibraryManagerProtocol { func save() {} }\n",
            "Screens/Live/LiveClock.swift": "protocol Clock {}\nfinal class LiveClock: Clock {}\n",
            "Screens/Room/RoomScreenCoordinator.swift": "protocol CoordinatorProtocol {}\nfinal class RoomScreenCoordinator: CoordinatorProtocol {}\n",
        ])
        XCTAssertEqual(roles["PhotoLibraryManager"]?.0, .infrastructure)
        XCTAssertEqual(roles["PhotoLibraryManager"]?.1, "adapter: implements PhotoLibraryManagerProtocol, the abstraction its users depend on")
        XCTAssertEqual(roles["LiveClock"]?.0, .infrastructure)
        XCTAssertEqual(roles["PhotoLibraryManagerProtocol"]?.0, .highLevel, "the protocol stays with its folder")
        XCTAssertEqual(roles["RoomScreenCoordinator"]?.0, .highLevel, "a coordinator is not an adapter")
    }

    func testAValueTypeUnderServicesIsDataNotAService() throws {
        let roles = try roles([
            "App/Services/Room.swift": "struct Room: Hashable { let id: String }\nenum RoomKind { case direct, group }\n",
            "App/Services/RoomService.swift": "final class RoomService { func rooms() -> [Room] { [] } }\n",
            "App/Services/Session.swift": "import Alamofire\nstruct Session { let id: String }\n",
        ])
        XCTAssertEqual(roles["Room"]?.0, .neutral)
        XCTAssertEqual(roles["Room"]?.1, "value type in folder Services/: data, not a service")
        XCTAssertEqual(roles["RoomKind"]?.0, .neutral)
        XCTAssertEqual(roles["RoomService"]?.0, .infrastructure)
        XCTAssertEqual(roles["Session"]?.0, .infrastructure, "an infrastructure import still decides")
        XCTAssertEqual(roles["Session"]?.1, "file imports Alamofire")
    }

    func testConfigurationAndTestTargetsSayWhere() throws {
        let roles = try roles([
            "App/Gateway.swift": "final class PaymentGateway {}\n",
            "App/Bootstrap.swift": "final class Bootstrap {}\n",
        ], configuration: """
            layers:
              - role: composition-root
                paths: ["App/Bootstrap.swift"]
            """)
        XCTAssertEqual(roles["PaymentGateway"]?.1, "service by name")
        XCTAssertEqual(roles["Bootstrap"]?.0, .compositionRoot)
        XCTAssertEqual(roles["Bootstrap"]?.1, "configured layer for App/Bootstrap.swift")
    }
}

/// The path conventions every file is asked about, on their byte-level fast paths.
final class PathConventionTests: XCTestCase {
    func testTestPathsAreTestFolderOrTestFileNames() {
        for path in ["Tests/App/Thing.swift", "Sources/AppTests/Thing.swift", "App/LoginViewTests.swift",
                     "App/LoginViewTest.swift", "UITests/Flows/Login.swift", "/abs//FooTests//Bar.swift",
                     "Tests.swift", "Café/LoginTests.swift", "AppTests/Ünïcode.swift"] {
            XCTAssertTrue(RoleConventions.isTestPath(path), path)
        }
        for path in ["App/Testing/Thing.swift", "App/TestsHelpers/Thing.swift", "App/Tests.swift.bak",
                     "App/Contest.swift", "TestsApp/Thing.swift", "", "/", "App/Tests/", "Tests"] {
            XCTAssertFalse(RoleConventions.isTestPath(path), path)
        }
    }

    func testFolderRoleIsTheDeepestLayerFolderWhateverItsCase() {
        XCTAssertEqual(RoleConventions.folderRole("App/Networking/Views/Row.swift")?.role, .highLevel)
        XCTAssertEqual(RoleConventions.folderRole("App/VIEWS/Networking/Client.swift")?.role, .infrastructure)
        XCTAssertEqual(RoleConventions.folderRole("App/Views/Networking/Client.swift")?.reason, "in folder Networking/")
        XCTAssertNil(RoleConventions.folderRole("App/Utilities/Networking.swift"))
        XCTAssertNil(RoleConventions.folderRole("Networking"))
        XCTAssertEqual(RoleConventions.folderRole("/abs//Views//Row.swift")?.reason, "in folder Views/")
        XCTAssertEqual(RoleConventions.folderRole("App/views/Row.swift/")?.reason, "in folder views/")
        XCTAssertNil(RoleConventions.folderRole("App/Views/"))
        XCTAssertNil(RoleConventions.folderRole("/Views"))
        XCTAssertEqual(RoleConventions.folderRole("Ünï/Networking/Client.swift")?.reason, "in folder Networking/")
        XCTAssertEqual(RoleConventions.folderRole("App/Views/Ünï/Client.swift")?.reason, "in folder Views/")
    }
}
