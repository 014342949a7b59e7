@testable import FirebreakAnalysis
import FirebreakModel
import XCTest

/// Each cut made alone is priced without building a graph per cut (`CutAloneClosures`,
/// `ModuleBuildGraph.dependencies(removing:)`); the answer must be the one the cut graph gives,
/// for every cut and every view, on code where cuts nest, share types and bring types back.
final class CutAloneTests: XCTestCase {
    static let files: [String: String] = [
        "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "Feature", dependencies: ["Core", "Networking", "Storage"]),
                    .target(name: "Core"),
                    .target(name: "Networking", dependencies: ["Core"]),
                    .target(name: "Storage", dependencies: ["Core", "Networking"]),
                ]
            )
            """,
        "Sources/Core/User.swift": """
            struct User { let name: String; let avatar: Avatar }
            struct Avatar { let url: String }
            struct Receipt { let total: Int }
            """,
        "Sources/Networking/APIClient.swift": """
            import Foundation
            final class APIClient {
                static let shared = APIClient()
                let session = URLSession.shared
                func fetchUser(id: String) async throws -> User { fatalError() }
                func fetchReceipt() -> Receipt { Receipt(total: 0) }
                func retry() { RetryPolicy().run() }
            }
            final class RetryPolicy { func run() { Backoff().wait() } }
            final class Backoff { func wait() { _ = RetryPolicy.self } }
            """,
        "Sources/Storage/Database.swift": """
            import CoreData
            final class Database {
                static let shared = Database()
                let container = NSPersistentContainer(name: "Shop")
                // The database reaches the API client's shared instance: cuts nest.
                func sync() { APIClient.shared.retry() }
                func cachedUser() -> User? { nil }
            }
            final class Cache {
                static let shared = Cache()
                func store(_ receipt: Receipt) { Database.shared.sync() }
            }
            """,
        "Sources/Feature/ProfileView.swift": """
            import SwiftUI
            import UserNotifications
            struct ProfileView: View {
                let api = APIClient.shared
                var body: some View { Text("").task { _ = try? await api.fetchUser(id: "1") } }
                func notify() { UNUserNotificationCenter.current().removeAllDeliveredNotifications() }
            }
            """,
        "Sources/Feature/SettingsView.swift": """
            import SwiftUI
            struct SettingsView: View {
                // Names the client's type only; its shared instance is reached through the database.
                let client: APIClient
                var body: some View { Text("").onAppear { Database.shared.sync() } }
            }
            """,
        "Sources/Feature/ReceiptView.swift": """
            import SwiftUI
            struct ReceiptView: View {
                var body: some View { Text("").onAppear { Cache.shared.store(APIClient.shared.fetchReceipt()) } }
            }
            """,
        "Sources/Feature/PlainView.swift": """
            import SwiftUI
            struct PlainView: View {
                let user: User
                var body: some View { Text(user.name) }
            }
            """,
    ]

    func testEveryCutAloneMatchesTheCutGraph() throws {
        try assertCutsAloneMatchTheCutGraph(ClosureFixture(Self.files).prepared.graph, minimumCuts: 4, minimumChanges: 4)
    }

    func testTheExampleAppsCutsAloneMatchTheCutGraph() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let app = root.appendingPathComponent("Examples/ClinicApp").path
        let prepared = try Pipeline.prepare(Pipeline.Request(
            paths: ["."], workingDirectory: app, configuration: Configuration(rootDirectory: app)))
        try assertCutsAloneMatchTheCutGraph(prepared.graph, minimumCuts: 3, minimumChanges: 3)
    }

    func assertCutsAloneMatchTheCutGraph(_ graph: DependencyGraph, minimumCuts: Int, minimumChanges: Int) throws {
        let planner = FirewallPlanner()
        let cuts = planner.cuts(in: graph)
        XCTAssertGreaterThanOrEqual(cuts.count, minimumCuts, cuts.map(\.name).joined(separator: ", "))
        let evaluator = CutAloneClosures(graph: graph, cuts: cuts)
        let builds = ModuleBuildGraph(graph: graph)
        let roots = graph.views.map { graph.closureRoots(ofView: $0) }
        let before = Reachability.closures(of: graph, roots: roots)
        let measurer = ClosureMeasurer(graph)
        let lost = graph.views.indices.map { evaluator.lost(fromRoots: roots[$0]) }
        var changed = 0
        for (index, cut) in cuts.enumerated() {
            let cutGraph = planner.applying([cut], to: graph)
            XCTAssertEqual(builds.dependencies(removing: cut.removedPairs, from: cut.users, in: graph),
                           ModuleBuildGraph.dependencies(of: cutGraph), "module dependencies without \(cut.name)")
            let reference = Reachability.closures(of: cutGraph, roots: roots)
            let cutMeasurer = ClosureMeasurer(cutGraph)
            for view in graph.views.indices {
                let name = "\(graph.symbols[graph.views[view]].name) without \(cut.name)"
                let expected = cutMeasurer.measure(reference[view], withPaths: false)
                let beforeMetrics = measurer.measure(before[view], withPaths: false)
                let actual = evaluator.metrics(cut: index, lost: lost[view][index] ?? [], closure: before[view], before: beforeMetrics)
                XCTAssertEqual(actual.lines, expected.lines, name)
                XCTAssertEqual(actual.files, expected.files, name)
                XCTAssertEqual(actual.frameworks, expected.frameworks, name)
                if expected.lines < beforeMetrics.lines || expected.frameworks != beforeMetrics.frameworks { changed += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(changed, minimumChanges, "cuts must remove code or frameworks from views")
    }
}
