import FirebreakAnalysis
import FirebreakModel
import XCTest

/// A type is a view when it reaches a view protocol: SwiftUI's `View`, a protocol named in
/// `view_protocols`, through refinement, subclassing or a typealias.
final class ViewProtocolTests: XCTestCase {
    private let stubModule: [String: String] = [
        "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "SwiftUIStub"),
                .target(name: "Feature", dependencies: ["SwiftUIStub"]),
            ])
            """,
        "Sources/SwiftUIStub/SwiftUI.swift": """
            public protocol View { associatedtype Body: View; var body: Body { get } }
            extension Never: View { public var body: Never { fatalError() } }
            public struct Text: View {
                public init(_ s: String) {}
                public var body: Never { fatalError() }
            }
            """,
        "Sources/Feature/Home.swift": """
            import SwiftUIStub
            struct Home: View {
                var body: some View { Text("home") }
            }
            """,
    ]

    func testAStubModuleIsAViewProtocolOnlyWhenConfigured() throws {
        let configured = try ClosureFixture(stubModule, configuration: #"view_protocols: ["SwiftUIStub.View"]"#)
        // The stub's own Text stands in for the framework: not a screen.
        XCTAssertEqual(configured.report.views.map(\.name), ["Home"])
        XCTAssertEqual(configured.report.views.first?.module, "Feature")
        let unconfigured = try ClosureFixture(stubModule)
        XCTAssertEqual(unconfigured.report.views.map(\.name), [])
        // The qualified name must match the module: another module's View is not it.
        let otherModule = try ClosureFixture(stubModule, configuration: #"view_protocols: ["OtherStub.View"]"#)
        XCTAssertEqual(otherModule.report.views.map(\.name), [])
    }

    func testAScannedModuleNamedSwiftUIIsTheFramework() throws {
        var files = stubModule
        files["Package.swift"] = files["Package.swift"]!.replacingOccurrences(of: "SwiftUIStub", with: "SwiftUI")
        files["Sources/SwiftUI/SwiftUI.swift"] = files.removeValue(forKey: "Sources/SwiftUIStub/SwiftUI.swift")
        files["Sources/Feature/Home.swift"] = files["Sources/Feature/Home.swift"]!.replacingOccurrences(of: "SwiftUIStub", with: "SwiftUI")
        let fixture = try ClosureFixture(files)
        XCTAssertEqual(fixture.report.views.map(\.name), ["Home"])
    }

    func testRefiningProtocolsTypealiasesAndSubclassesMakeViews() throws {
        let fixture = try ClosureFixture([
            "App/Screens.swift": """
                import SwiftUI
                protocol Screen: View {}
                protocol DetailScreen: Screen {}
                typealias Component = View
                struct Home: Screen { var body: some View { Text("") } }
                struct Detail: DetailScreen { var body: some View { Text("") } }
                struct Badge: Component { var body: some View { Text("") } }
                struct Model {}
                """,
        ])
        XCTAssertEqual(fixture.report.views.map(\.name).sorted(), ["Badge", "Detail", "Home"])
    }

    func testConfiguredBaseClassesMakeUIKitScreensViews() throws {
        let files = [
            "App/Profile.swift": """
                import UIKit
                class BaseViewController: UIViewController {}
                final class ProfileViewController: BaseViewController {
                    let client = APIClient.shared
                }
                final class Helper {}
                """,
            "App/APIClient.swift": "final class APIClient { static let shared = APIClient() }\n",
        ]
        let fixture = try ClosureFixture(files, configuration: #"view_protocols: ["UIViewController"]"#)
        XCTAssertEqual(fixture.report.views.map(\.name).sorted(), ["BaseViewController", "ProfileViewController"])
        XCTAssertEqual(try ClosureFixture(files).report.views.map(\.name), [])
    }

    func testAStubViewInTheAppsOwnModuleLeavesTheStubsTypesOut() throws {
        let fixture = try ClosureFixture([
            "App/Stub.swift": """
                protocol View { associatedtype Body: View; var body: Body { get } }
                extension Never: View { var body: Never { fatalError() } }
                struct Text: View { init(_ s: String) {}; var body: Never { fatalError() } }
                """,
            "App/Home.swift": "struct Home: View { var body: some View { Text(\"\") } }\n",
        ], configuration: #"view_protocols: ["View"]"#)
        XCTAssertEqual(fixture.report.views.map(\.name), ["Home"])
    }

    func testRolesFollowRefiningProtocolsAndConfiguredNames() throws {
        let fixture = try ClosureFixture([
            "Screens.swift": """
                import SwiftUI
                protocol Screen: View {}
                struct Home: Screen {
                    let client = APIClient.shared
                    var body: some View { Text("") }
                }
                """,
            "Net.swift": "final class APIClient { static let shared = APIClient() }\n",
        ])
        // Home is high-level through the refining protocol, so its singleton read is a finding.
        XCTAssertTrue(fixture.report.findings.contains { $0.rule == "singleton-access" && $0.message.contains("Home") },
                      fixture.report.findings.map(\.message).joined(separator: "\n"))
    }

    func testMalformedEntriesAreConfigurationErrors() {
        XCTAssertThrowsError(try ConfigurationLoader.parse(#"view_protocols: ["a b"]"#, file: ".firebreak.yml", rootDirectory: "/", ruleIDs: RuleRegistry.ids)) { error in
            XCTAssertEqual("\(error)", ".firebreak.yml:1: view_protocols entries are written Name or Module.Name, got 'a b'")
        }
        XCTAssertThrowsError(try ConfigurationLoader.parse("view_protocols: View", file: ".firebreak.yml", rootDirectory: "/", ruleIDs: RuleRegistry.ids))
    }
}
