import FirebreakModel
import XCTest

/// Closures computed by hand. Line counts are non-blank, non-comment lines of each declaration.
final class ClosureTests: XCTestCase {
    func testCycleIsReachedOnceWithEveryMember() throws {
        let fixture = try ClosureFixture([
            "App/Screen.swift": """
                import SwiftUI
                struct Screen: View {
                    let a: A
                    var body: some View { Text("x") }
                }
                """,
            "App/Cycle.swift": """
                final class A { var b: B? }
                final class B { var c: C? }
                final class C {
                    // back to the start
                    var a: A?
                }
                final class Unused { var a: A? }
                """,
        ])
        XCTAssertEqual(fixture.closureNames("Screen"), ["A", "B", "C", "Screen", "SwiftUI.Text", "SwiftUI.View"])
        let screen = try fixture.view("Screen")
        // Screen 4 + A 1 + B 1 + C 3 (the comment line is not code).
        XCTAssertEqual(screen.closure.lines, 9)
        XCTAssertEqual(screen.closure.declarations, 4)
        XCTAssertEqual(screen.closure.files, 2)
        XCTAssertEqual(screen.closure.paths, ["App/Cycle.swift", "App/Screen.swift"])
        XCTAssertEqual(screen.closure.frameworks, ["SwiftUI"])
    }

    func testNestedTypesResolveInnermostFirstAndNeedTheirParent() throws {
        let fixture = try ClosureFixture([
            "Screen.swift": """
                import SwiftUI
                struct Screen: View {
                    let row: Outer.Inner
                    var body: some View { EmptyView() }
                }
                struct Outer {
                    struct Inner { let detail: Detail }
                    let inner: Inner
                }
                struct Inner { let unrelated: Unrelated }
                struct Unrelated {}
                struct Detail {}
                """,
        ])
        // `Inner` inside Outer is Outer.Inner, never the top-level Inner; a nested type needs its parent.
        XCTAssertEqual(fixture.closureNames("Screen"), ["Detail", "Outer", "Outer.Inner", "Screen", "SwiftUI.EmptyView", "SwiftUI.View"])
        let screen = try fixture.view("Screen")
        // Screen 4 + Outer 3 (without the nested line) + Outer.Inner 1 + Detail 1.
        XCTAssertEqual(screen.closure.lines, 9)
    }

    func testExtensionsInOtherFilesAreMergedIntoTheirType() throws {
        let fixture = try ClosureFixture([
            "Screen.swift": """
                import SwiftUI
                struct Screen: View {
                    let formatter: PriceFormatter
                    var body: some View { EmptyView() }
                }
                """,
            "PriceFormatter.swift": "struct PriceFormatter {}\n",
            "PriceFormatter+Currency.swift": """
                extension PriceFormatter {
                    func format(_ amount: Amount) -> String { "" }
                }
                """,
            "Amount.swift": "struct Amount { let cents: Int }\n",
            "Elsewhere.swift": "struct Elsewhere { let amount: Amount }\n",
        ])
        XCTAssertEqual(fixture.closureNames("Screen"), ["Amount", "PriceFormatter", "Screen", "Swift.Int", "Swift.String", "SwiftUI.EmptyView", "SwiftUI.View"])
        let screen = try fixture.view("Screen")
        XCTAssertEqual(screen.closure.paths, ["Amount.swift", "PriceFormatter+Currency.swift", "PriceFormatter.swift", "Screen.swift"])
        // Screen 4 + PriceFormatter 1 + its extension 3 + Amount 1.
        XCTAssertEqual(screen.closure.lines, 9)
        XCTAssertEqual(screen.closure.declarations, 3)
    }

    func testExtensionOfATypeNestedInAnExtensionJoinsThatType() throws {
        let fixture = try ClosureFixture([
            "Screen.swift": """
                import SwiftUI
                struct Screen: View {
                    let row: Outer.Inner
                    var body: some View { EmptyView() }
                }
                struct Outer {}
                """,
            "Outer+Inner.swift": "extension Outer {\n    struct Inner {}\n}\n",
            "Inner+Detail.swift": "extension Outer.Inner {\n    func detail() -> Detail { Detail() }\n}\nstruct Detail {}\n",
        ])
        XCTAssertTrue(fixture.closureNames("Screen").contains("Detail"), "\(fixture.closureNames("Screen"))")
    }

    func testGenericParametersAreNotDependenciesButTheirConstraintsAre() throws {
        let fixture = try ClosureFixture([
            "Screen.swift": """
                import SwiftUI
                struct Screen<Store: Loading>: View {
                    let store: Store
                    func decode<Model: Decodable>(_ type: Model.Type) -> Model? { nil }
                    var body: some View { EmptyView() }
                }
                protocol Loading { func load() -> Page }
                struct Page {}
                struct Store { let cache: Cache }
                struct Model {}
                struct Cache {}
                """,
        ])
        // `Store` and `Model` are generic parameters, not the top-level types of the same name.
        XCTAssertEqual(fixture.closureNames("Screen"), ["Loading", "Page", "Screen", "Swift.Decodable", "SwiftUI.EmptyView", "SwiftUI.View"])
    }

    func testProtocolWithAssociatedTypeIsAFirewall() throws {
        let fixture = try ClosureFixture([
            "Features/Screen.swift": """
                import SwiftUI
                struct Screen<R: Repository>: View where R.Item == Note {
                    let repository: R
                    var body: some View { EmptyView() }
                }
                """,
            "Domain/Repository.swift": """
                protocol Repository {
                    associatedtype Item: Identifiable
                    func all() async throws -> [Item]
                }
                struct Note: Identifiable { let id: Int }
                """,
            "Infrastructure/NoteStore.swift": """
                import CoreData
                final class NoteStore: Repository {
                    let container = NSPersistentContainer(name: "Notes")
                    func all() async throws -> [Note] { [] }
                }
                """,
        ])
        XCTAssertEqual(fixture.closureNames("Screen"), [
            "Note", "Repository", "Screen", "Swift.Identifiable", "Swift.Int", "SwiftUI.EmptyView", "SwiftUI.View",
        ])
        let screen = try fixture.view("Screen")
        XCTAssertEqual(screen.savings.lines, 0)
        XCTAssertTrue(fixture.report.plan.isEmpty)
    }

    func testViewReachingInfrastructureOnlyThroughAProtocolSavesNothing() throws {
        let fixture = try ClosureFixture(Self.profileFiles(viewModel: """
            final class ProfileViewModel: ObservableObject {
                private let repository: UserRepository
                init(repository: UserRepository) { self.repository = repository }
                func load() async { _ = try? await repository.user() }
            }
            """))
        let view = try fixture.view("ProfileView")
        XCTAssertFalse(view.closure.paths.contains("Infrastructure/APIClient.swift"))
        XCTAssertEqual(view.savings.lines, 0)
        XCTAssertEqual(view.savings.fraction, 0)
        XCTAssertEqual(view.closure, view.firewalled)
        XCTAssertTrue(fixture.report.plan.isEmpty)
    }

    func testSingletonUseIsCutToTheMembersActuallyUsed() throws {
        let fixture = try ClosureFixture(Self.profileFiles(viewModel: """
            final class ProfileViewModel: ObservableObject {
                func load() async { _ = try? await APIClient.shared.user() }
            }
            """))
        let view = try fixture.view("ProfileView")
        XCTAssertTrue(view.closure.paths.contains("Infrastructure/APIClient.swift"))
        XCTAssertFalse(view.firewalled.paths.contains("Infrastructure/APIClient.swift"))
        XCTAssertTrue(view.firewalled.paths.contains("Domain/User.swift"), "the protocol's requirement returns User")
        // APIClient 7 lines without its `shared` witness (1), Transport 1, Payload 1 (only `upload`
        // names it, and the protocol keeps `user` alone), UserRepository 3 (APIClient conforms to
        // it; the view does not use it). The extracted protocol itself is not counted.
        XCTAssertEqual(view.savings.lines, 13)
        XCTAssertEqual(view.savings.frameworks, ["Alamofire"])
        let step = try XCTUnwrap(fixture.report.plan.first)
        XCTAssertEqual(step.target, "APIClient")
        XCTAssertEqual(step.usedBy, ["ProfileViewModel"])
        XCTAssertEqual(step.members, ["user"])
        XCTAssertEqual(step.dependencies.map(\.kind), [.singletonAccess])
        XCTAssertEqual(step.views, 1)
        XCTAssertEqual(view.cuts.map(\.target), ["APIClient"])
    }

    func testClosureDependenciesStructIsAFirewallUnlessTheLiveValueIsTheDefault() throws {
        let fixture = try ClosureFixture([
            "Features/SearchView.swift": """
                import SwiftUI
                struct SearchView: View {
                    let dependencies: SearchDependencies
                    var body: some View { EmptyView() }
                }
                struct DefaultedSearchView: View {
                    init(dependencies: SearchDependencies = .live) {}
                    var body: some View { EmptyView() }
                }
                """,
            "Features/SearchDependencies.swift": """
                struct SearchDependencies {
                    var search: (String) async throws -> [String]
                }
                """,
            "App/SearchDependencies+Live.swift": """
                extension SearchDependencies {
                    static let live = SearchDependencies(search: { try await SearchClient.shared.search($0) })
                }
                """,
            "Infrastructure/SearchClient.swift": """
                final class SearchClient {
                    static let shared = SearchClient()
                    func search(_ text: String) async throws -> [String] { [] }
                }
                """,
        ])
        XCTAssertFalse(fixture.closureNames("SearchView").contains("SearchClient"))
        XCTAssertTrue(fixture.closureNames("SearchView").contains("SearchDependencies"))
        XCTAssertTrue(fixture.closureNames("DefaultedSearchView").contains("SearchClient"))
    }

    func testEnvironmentKeyIsAFirewall() throws {
        let fixture = try ClosureFixture([
            "Features/ProfileView.swift": """
                import SwiftUI
                struct ProfileView: View {
                    @Environment(\\.userRepository) private var repository: UserRepository
                    var body: some View { EmptyView() }
                }
                """,
            "Domain/UserRepository.swift": "protocol UserRepository { func name() -> String }\n",
            "App/Environment.swift": """
                import SwiftUI
                private struct UserRepositoryKey: EnvironmentKey {
                    static let defaultValue: UserRepository = LiveUserRepository()
                }
                extension EnvironmentValues {
                    var userRepository: UserRepository {
                        get { self[UserRepositoryKey.self] }
                        set { self[UserRepositoryKey.self] = newValue }
                    }
                }
                """,
            "Infrastructure/LiveUserRepository.swift": """
                final class LiveUserRepository: UserRepository {
                    func name() -> String { APIClient.shared.name }
                }
                final class APIClient { static let shared = APIClient(); let name = "" }
                """,
        ])
        XCTAssertEqual(fixture.closureNames("ProfileView"), [
            "ProfileView", "Swift.String", "SwiftUI.EmptyView", "SwiftUI.Environment", "SwiftUI.View", "UserRepository",
        ])
        XCTAssertEqual(try fixture.view("ProfileView").savings.lines, 0)
    }

    func testConfiguredModulesSplitARootWithoutManifest() throws {
        let fixture = try ClosureFixture([
            "App/Screen.swift": "import SwiftUI\nstruct Screen: View {\n    let client: Client\n    var body: some View { EmptyView() }\n}\n",
            "App/Networking/Client.swift": "final class Client {}\n",
        ], configuration: "version: 1\nmodules:\n  - name: Networking\n    paths: [\"App/Networking/**\"]\n")
        // The rest of the analysed root is one module named after the root directory.
        XCTAssertEqual(fixture.report.modules.map(\.source).sorted { $0.rawValue < $1.rawValue }, [.configured, .root])
        let screen = try fixture.view("Screen")
        XCTAssertEqual(screen.closure.modules, 2)
        XCTAssertEqual(fixture.report.modules.first { $0.name == "Networking" }?.source, .configured)
        XCTAssertEqual(fixture.report.modules.first { $0.name == "Networking" }?.afferent, 1)
    }

    func testPackageTargetsAreModulesAndQualifiedNamesPickTheirModule() throws {
        let fixture = try ClosureFixture([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "Shop",
                    targets: [
                        .target(name: "Feature", dependencies: ["Core", .target(name: "Network")]),
                        .target(name: "Core"),
                        .target(name: "Network", path: "Sources/Networking"),
                        .target(name: "Both", dependencies: ["Core", "Network"]),
                    ]
                )
                """,
            "Sources/Feature/Screen.swift": """
                import SwiftUI
                import Core
                import Network
                struct Screen: View {
                    let settings: Settings
                    let remote: Network.Settings
                    var body: some View { EmptyView() }
                }
                struct Settings { let theme: Theme }
                """,
            "Sources/Core/Settings.swift": "public struct Settings {}\npublic struct Theme {}\n",
            "Sources/Networking/Settings.swift": "public struct Settings { let session: Session }\npublic struct Session {}\n",
            "Sources/Both/Uses.swift": "import Core\nimport Network\nstruct Uses { let settings: Settings }\n",
        ])
        XCTAssertEqual(fixture.report.modules.map(\.name), ["Both", "Core", "Feature", "Network"])
        XCTAssertEqual(fixture.report.modules.map(\.source), [.package, .package, .package, .package])
        let screen = try fixture.view("Screen")
        XCTAssertEqual(screen.module, "Feature")
        // Own module's Settings, then Network.Settings by qualification; Core's Settings is shadowed.
        XCTAssertEqual(screen.closure.paths, ["Sources/Core/Settings.swift", "Sources/Feature/Screen.swift", "Sources/Networking/Settings.swift"])
        XCTAssertEqual(screen.closure.modules, 3)
        // `Settings` in Both is declared by two imported modules: counted as ambiguous, not guessed.
        XCTAssertEqual(fixture.report.resolution.ambiguous, 1)
        XCTAssertEqual(fixture.report.resolution.topAmbiguous.first?.name, "Settings")
        let feature = try XCTUnwrap(fixture.report.modules.first { $0.name == "Feature" })
        XCTAssertEqual(feature.dependsOn, ["Core", "Network"])
        XCTAssertEqual(feature.efferent, 2)
        XCTAssertEqual(feature.afferent, 0)
        XCTAssertEqual(feature.instability, 1)
        let core = try XCTUnwrap(fixture.report.modules.first { $0.name == "Core" })
        XCTAssertEqual(core.afferent, 1)
        XCTAssertEqual(core.instability, 0)
        XCTAssertEqual(core.distance, 1, "concrete and stable: the zone of pain")
    }

    func testWhyFindsTheShortestPathWithEveryHop() throws {
        let fixture = try ClosureFixture(Self.profileFiles(viewModel: """
            final class ProfileViewModel: ObservableObject {
                func load() async { _ = try? await APIClient.shared.user() }
            }
            """))
        let graph = fixture.prepared.graph
        let view = try XCTUnwrap(graph.views.first { graph.symbols[$0].name == "ProfileView" })
        let target = Set(try XCTUnwrap(graph.symbols.first { $0.name == "APIClient" }).nodes)
        let paths = DependencyPath.shortest(in: graph, from: graph.closureRoots(ofView: view), to: target, limit: 3)
        XCTAssertEqual(paths.count, 1)
        XCTAssertEqual(paths[0].start, "ProfileView")
        XCTAssertEqual(paths[0].hops.map(\.name), ["ProfileViewModel", "APIClient"])
        XCTAssertEqual(paths[0].hops.map(\.kind), [.storedProperty, .singletonAccess])
        XCTAssertEqual(paths[0].hops.map(\.location), ["Features/ProfileView.swift:3", "Features/ProfileViewModel.swift:2"])
    }

    static func profileFiles(viewModel: String) -> [String: String] {
        [
            "Features/ProfileView.swift": """
                import SwiftUI
                struct ProfileView: View {
                    @ObservedObject var viewModel: ProfileViewModel
                    var body: some View { EmptyView() }
                }
                """,
            "Features/ProfileViewModel.swift": viewModel,
            "Domain/User.swift": "struct User { let name: String }\n",
            "Domain/UserRepository.swift": "protocol UserRepository {\n    func user() async throws -> User\n}\n",
            "Infrastructure/APIClient.swift": """
                import Alamofire
                final class APIClient: UserRepository {
                    static let shared = APIClient()
                    private let transport = Transport()
                    func user() async throws -> User {
                        User(name: try await transport.fetch())
                    }
                    func upload(_ data: Payload) {}
                }
                struct Transport { func fetch() async throws -> String { try await AF.request("").serializingString().value } }
                struct Payload {}
                """,
        ]
    }
}
