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

    /// A package that declares no views and does I/O somewhere makes its stateless classes
    /// infrastructure, but not the API's decoded data nor an in-memory cache beside them (found on
    /// IceCubesApp: `Account`, a Codable class, made `Status` and every cache holding it a service).
    func testDecodedDataAndInMemoryCachesInAPackageThatDoesIOAreNotServices() throws {
        let roles = try roles([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Kit", targets: [.target(name: "Env"), .target(name: "Feature", dependencies: ["Env"])])
                """,
            "Sources/Env/Account.swift": "public final class Account: Codable, Hashable {\n    public let id: String\n}\n",
            "Sources/Env/Status.swift": "public final class Status: Decodable {\n    public let account: Account\n}\n",
            "Sources/Env/StatusCache.swift": """
                public final class StatusCache {
                    public static let shared = StatusCache()
                    private var statuses: [String: Status] = [:]
                    public func status(_ id: String) -> Status? { statuses[id] }
                }
                """,
            "Sources/Env/Links.swift": "public final class Links {\n    public func read() -> Data? { try? Data(contentsOf: URL(fileURLWithPath: \"/tmp/links\")) }\n}\n",
            "Sources/Env/Formatting.swift": "public final class Formatting {\n    public func title(_ id: String) -> String { id }\n}\n",
            "Sources/Feature/StatusView.swift": "import SwiftUI\nimport Env\nstruct StatusView: View {\n    var body: some View { Text(\"x\") }\n}\n",
        ])
        XCTAssertEqual(roles["Account"]?.0, .neutral)
        XCTAssertEqual(roles["Account"]?.1, "data (Codable): a value services exchange, not a service")
        XCTAssertEqual(roles["Status"]?.0, .neutral)
        XCTAssertEqual(roles["StatusCache"]?.0, .highLevel)
        XCTAssertEqual(roles["StatusCache"]?.1, "keeps state in memory; its code does no I/O")
        XCTAssertEqual(roles["Links"]?.0, .infrastructure, "its own code reads the disk")
        XCTAssertEqual(roles["Formatting"]?.0, .infrastructure, "a stateless class of the package that does I/O stays its")
    }

    /// An app extension's principal class is named in its Info.plist: a view controller only the
    /// extension compiles, which nothing else names, is where it wires its object graph (found on
    /// IceCubesApp's share extension). One the extension's code builds is UI as before.
    func testTheViewControllerAnAppExtensionStartsFromIsItsCompositionRoot() throws {
        let roles = try roles([
            "project.yml": """
                name: Kit
                targets:
                  App:
                    type: application
                    platform: iOS
                    sources: [App]
                  Share:
                    type: app-extension
                    platform: iOS
                    sources: [Share]
                """,
            "App/Store.swift": "final class Store {\n    static let shared = Store()\n    func save() { try? Data().write(to: URL(fileURLWithPath: \"/tmp/s\")) }\n}\n",
            "Share/ShareViewController.swift": """
                import UIKit
                final class ShareViewController: UIViewController {
                    let store = Store.shared
                    func compose() -> ComposeViewController { ComposeViewController() }
                }
                final class ComposeViewController: UIViewController {
                    func send() { Store.shared.save() }
                }
                """,
        ])
        XCTAssertEqual(roles["ShareViewController"]?.0, .compositionRoot)
        XCTAssertEqual(roles["ShareViewController"]?.1, "view controller an app extension starts from (its target names it nowhere else)")
        XCTAssertEqual(roles["ComposeViewController"]?.0, .highLevel, "the entry point builds it")
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

    /// CodeEdit's `CodeFileDocument: NSDocument, ObservableObject` read as a view model, so its
    /// own file I/O and notifications were findings; a view building one from a file is one.
    func testADocumentSubclassIsInfrastructureEvenWhenObservable() throws {
        let roles = try roles([
            "App/Documents/CodeFileDocument.swift": "final class CodeFileDocument: NSDocument, ObservableObject {\n    @Published var text = \"\"\n}\n",
            "App/Documents/WorkspaceDocument.swift": "class BaseDocument: UIDocument {}\nfinal class WorkspaceDocument: BaseDocument {}\n",
            "App/Views/PreviewView.swift": "import SwiftUI\nstruct PreviewView: View {\n    var body: some View { Text(\"x\") }\n}\n",
        ])
        XCTAssertEqual(roles["CodeFileDocument"]?.0, .infrastructure)
        XCTAssertEqual(roles["CodeFileDocument"]?.1, "document (subclass of NSDocument): reads and writes its file")
        XCTAssertEqual(roles["WorkspaceDocument"]?.0, .infrastructure, "through a scanned subclass too")
        XCTAssertEqual(roles["WorkspaceDocument"]?.1, "document (subclass of BaseDocument): reads and writes its file")
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
        XCTAssertEqual(roles["PaymentGateway"]?.1, "service by name only (no I/O found in its code)")
        XCTAssertEqual(roles["Bootstrap"]?.0, .compositionRoot)
        XCTAssertEqual(roles["Bootstrap"]?.1, "configured layer for App/Bootstrap.swift")
    }

    /// Roles from what the code does: I/O makes infrastructure whatever the name; keeping state in
    /// memory makes high-level whatever the name; an observable class is a view model, directly or
    /// through a superclass or a refining protocol, except in a package of services; a private view
    /// beside the `@main` type is wiring.
    func testRolesComeFromWhatTheCodeDoes() throws {
        let roles = try roles([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "P", targets: [.target(name: "Backend"), .executableTarget(name: "App", dependencies: ["Backend"])])
                """,
            "Sources/Backend/ImageService.swift": """
                import Foundation
                public final class ImageService {
                    public static let shared = ImageService()
                    public func fetch(_ url: URL) async throws -> Data { try await URLSession.shared.data(from: url).0 }
                }
                """,
            "Sources/Backend/ImageLoader.swift": """
                import Combine
                public final class ImageLoader: ObservableObject {
                    @Published public var data: Data?
                    public func load() { Task { _ = try? await ImageService.shared.fetch(URL(fileURLWithPath: "/")) } }
                }
                """,
            "Sources/App/Models.swift": """
                import Combine
                class ViewModel: ObservableObject {}
                final class EpisodeQueue: ViewModel { func next() -> Int { 0 } }
                protocol MediaPlayerProxy: ObservableObject {}
                final class PlayerProxy: MediaPlayerProxy { var rate = 1.0 }
                """,
            "Sources/App/Helpers.swift": """
                final class SelectionManager { var selected: Set<Int> = [] }
                final class FeedFetcher { func fetch() -> Bool { UserDefaults.standard.bool(forKey: "x") } }
                final class FeedRepository { private let fetcher = FeedFetcher() }
                """,
            "Sources/App/Main.swift": """
                import SwiftUI
                @main
                struct MainApp: App {
                    var body: some Scene { WindowGroup { RootView() } }
                }
                private struct RootView: View {
                    @StateObject var loader = ImageLoader()
                    var body: some View { Text("") }
                }
                """,
        ])
        XCTAssertEqual(roles["ImageService"]?.0, .infrastructure)
        XCTAssertEqual(roles["ImageService"]?.1, "does I/O: URLSession (network) at Sources/Backend/ImageService.swift:4")
        XCTAssertEqual(roles["ImageLoader"]?.0, .infrastructure, "an observable class of a package without views that does I/O uses a service")
        XCTAssertEqual(roles["EpisodeQueue"]?.1, "observable view model (conforms to ViewModel)")
        XCTAssertEqual(roles["PlayerProxy"]?.1, "observable view model (conforms to MediaPlayerProxy)")
        XCTAssertEqual(roles["SelectionManager"]?.0, .highLevel)
        XCTAssertEqual(roles["SelectionManager"]?.1, "keeps state in memory; its code does no I/O")
        XCTAssertEqual(roles["FeedFetcher"]?.1, "does I/O: UserDefaults (OS service) at Sources/App/Helpers.swift:2")
        XCTAssertEqual(roles["FeedRepository"]?.0, .infrastructure)
        XCTAssertEqual(roles["FeedRepository"]?.1, "wraps FeedFetcher, infrastructure, in its property fetcher (Sources/App/Helpers.swift:3)")
        XCTAssertEqual(roles["RootView"]?.0, .compositionRoot)
        XCTAssertEqual(roles["RootView"]?.1, "view in the file of the @main entry point MainApp, named in no other file")
    }

    /// SwiftUI-Enterprise-App's `AuthenticatedRootView`, not private, builds the repositories after
    /// sign-in in the `@main` file: wiring. A view of that file that another file shows is not.
    func testAViewOnlyTheEntryPointsFileNamesIsPartOfTheCompositionRoot() throws {
        let roles = try roles([
            "Sources/App/Main.swift": """
                import SwiftUI
                @main
                struct MainApp: App {
                    var body: some Scene { WindowGroup { SessionRootView(); Badge() } }
                }
                struct SessionRootView: View {
                    var body: some View { Text("") }
                }
                struct Badge: View {
                    var body: some View { Text("") }
                }
                """,
            "Sources/App/Features/ProfileView.swift": """
                import SwiftUI
                struct ProfileView: View {
                    var body: some View { Badge() }
                }
                """,
        ])
        XCTAssertEqual(roles["SessionRootView"]?.0, .compositionRoot)
        XCTAssertEqual(roles["Badge"]?.0, .highLevel)
    }

    /// A view model keeps its role whatever it does (its I/O is the finding); a type nested in a
    /// high-level type is part of it.
    func testViewModelsAndWhatTheyNestStayHighLevel() throws {
        let roles = try roles([
            "App/ProfileViewModel.swift": """
                import Foundation
                final class ProfileViewModel {
                    func save() { UserDefaults.standard.set(1, forKey: "x") }
                    final class Cache { func size() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/").count) ?? 0 } }
                }
                """,
        ])
        XCTAssertEqual(roles["ProfileViewModel"]?.0, .highLevel)
        XCTAssertEqual(roles["ProfileViewModel.Cache"]?.0, .highLevel)
    }

    /// Views through a protocol declared outside the tree (SwiftUIFlux's `ConnectedView`) are views,
    /// and the report says which protocol made them so.
    func testViewsThroughAnUnknownProtocolAreFoundAndNamed() throws {
        let fixture = try ClosureFixture([
            "App/MovieRow.swift": """
                import SwiftUI
                import SwiftUIFlux
                struct MovieRow: ConnectedView {
                    struct Props { let title: String }
                    func map(state: AppState, dispatch: @escaping DispatchFunction) -> Props { Props(title: "") }
                    func body(props: Props) -> some View { Text(props.title) }
                }
                struct MovieList: ConnectedView {
                    func body(props: Int) -> some View { MovieRow() }
                }
                struct Dimming: ViewModifier {
                    func body(content: Content) -> some View { content.opacity(0.5) }
                }
                """,
        ])
        XCTAssertEqual(fixture.report.views.map(\.name).sorted(), ["MovieList", "MovieRow"])
        XCTAssertEqual(fixture.prepared.diagnostics.map(\.message), [
            "MovieRow and 1 other type conform to ConnectedView, declared outside the analysed files, with a body returning some View: "
                + "analysed as views (`view_protocols: [ConnectedView]` in .firebreak.yml says so and drops this line)",
        ])
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
