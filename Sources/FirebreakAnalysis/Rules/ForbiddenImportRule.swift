import FirebreakModel

/// `forbidden-import`: high-level code imports an infrastructure framework.
public struct ForbiddenImportRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "forbidden-import",
        name: "Forbidden import",
        summary: "A file that declares a view, view model or domain code imports an infrastructure framework.",
        rationale: """
            The abstraction belongs to the high-level module: a view model that imports UserNotifications, \
            CoreData or Firebase compiles against that framework and cannot be built, previewed or tested \
            without it. Define a protocol in the high-level code and implement it in Infrastructure/.
            """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A view model imports UserNotifications.", path: "Sources/App/ReminderViewModel.swift", """
                import SwiftUI
                ↓import UserNotifications

                @MainActor
                final class ReminderViewModel: ObservableObject {
                    @Published var isScheduled = false
                }
                """),
            RuleExample("A view imports a Firebase module.", path: "Sources/App/FeedView.swift", """
                import SwiftUI
                ↓import FirebaseFirestore

                struct FeedView: View {
                    var body: some View { Text("Feed") }
                }
                """),
            RuleExample("A view imports WeatherKit, a network service (Apple's Food Truck sample).", path: "Sources/App/CityView.swift", """
                import SwiftUI
                ↓import WeatherKit

                struct CityView: View {
                    var condition: WeatherCondition
                    var body: some View { Text("City") }
                }
                """),
            RuleExample("A view model imports CoreLocation for its location manager, a service.", path: "Sources/App/NearbyViewModel.swift", """
                import SwiftUI
                ↓import CoreLocation

                final class NearbyViewModel: ObservableObject {
                    @Published var coordinate: CLLocationCoordinate2D?
                    private let manager = CLLocationManager()
                }
                """),
            RuleExample("Scoped and attributed imports count too.", path: "Sources/Features/Health/StepsModel.swift", """
                ↓@preconcurrency import HealthKit
                ↓import class CoreData.NSManagedObject

                struct StepsModel {
                    var count: Int
                }
                """),
            RuleExample("A view conforms to View in an extension.", path: "Sources/App/MapScreen.swift", """
                ↓import HealthKit

                struct MapScreen {}

                extension MapScreen: View {
                    var body: some View { Text("Map") }
                }
                """),
        ],
        nonTriggering: [
            RuleExample("Platform UI and value frameworks are not infrastructure.", path: "Sources/App/ProfileView.swift", """
                import SwiftUI
                import Combine
                import Foundation
                import Observation
                import SwiftData
                import MapKit

                struct ProfileView: View {
                    var body: some View { Text("Profile") }
                }
                """),
            RuleExample("CoreLocation beside MapKit, which brings it anyway: the view's coordinates are values (49EuroTravel's map views).",
                        path: "Sources/App/StopMapView.swift", """
                import SwiftUI
                import MapKit
                import CoreLocation

                struct StopMapView: View {
                    var coordinate: CLLocationCoordinate2D
                    var body: some View { Map(initialPosition: .region(MKCoordinateRegion(center: coordinate, latitudinalMeters: 500, longitudinalMeters: 500))) }
                }
                """),
            RuleExample("CoreLocation for its coordinates only: values a map and its annotations are made of, no service (Element X's location sharing).",
                        path: "Sources/App/LocationShareSheet.swift", """
                import SwiftUI
                import CoreLocation

                struct LocationShareSheet: View {
                    let location: CLLocationCoordinate2D
                    var accuracy: CLLocationAccuracy = 0
                    var body: some View { Text(String(location.latitude)) }
                }
                """),
            RuleExample("The entry file `main.swift` imports what the app configures at launch; a type alias of a view protocol there is no view (Cider's AppKit entry point).",
                        path: "Sources/App/main.swift", """
                import AppKit
                import SwiftUI
                import FirebaseCore

                typealias ViewRepresentable = NSViewRepresentable

                FirebaseApp.configure()
                NSApplication.shared.run()
                """),
            RuleExample("The app's entry file imports what its composition root configures, though it nests a small view (HDrezka's menu bar icon).",
                        path: "Sources/App/ShopApp.swift", """
                import SwiftUI
                import FirebaseCore

                @main
                struct ShopApp: App {
                    init() { FirebaseApp.configure() }
                    var body: some Scene {
                        MenuBarExtra { Text("Shop") } label: { MenuBarIcon() }
                    }

                    private struct MenuBarIcon: View {
                        var body: some View { Image(systemName: "cart") }
                    }
                }
                """),
            RuleExample("Infrastructure code may import what it wraps.", path: "Sources/Infrastructure/UserNotificationScheduler.swift", """
                import UserNotifications

                final class UserNotificationScheduler: NotificationScheduler {
                    func schedule(title: String, in seconds: TimeInterval) async throws {}
                }
                """),
            RuleExample("Tests may import anything.", path: "Tests/AppTests/ReminderViewModelTests.swift", """
                import XCTest
                import UserNotifications

                final class ReminderViewModelTests: XCTestCase {}
                """),
            RuleExample("A file with only models is not high-level code.", path: "Sources/Models/Reminder.swift", """
                import CoreData

                struct Reminder {
                    var title: String
                }
                """),
        ]
    )

    public func findings(in context: RuleContext) -> [Finding] {
        let model = context.model, knowledge = context.knowledge
        var findings: [Finding] = []
        // By index, each file's fields read in place: a copy of its facts retained all their arrays.
        // The entry point's file (`@main`, `main.swift`) imports what the app configures at launch
        // (Firebase, the notification centre's delegate), though it declares a small view too.
        for file in model.files.indices where model.declaresHighLevelCode(file: file)
            && !RoleConventions.isTopLevelCodeFile(model.files[file].path)
            && !model.files[file].declarations.contains(where: { $0.parent == nil && $0.attributes.contains("main") }) {
            // An import another of the file's imports brings anyway, or one for a framework's values
            // (CoreLocation for a map annotation's coordinates), reaches no service.
            let imports = knowledge.frameworks.reachingImports(of: model.files[file])
            guard !imports.isEmpty else { continue }
            let declarations = model.files[file].declarations
            let owner = declarations.indices
                .first { model.declarationRoles[file][$0].role == .highLevel }
                .map { SymbolTable.qualifiedName(of: $0, in: declarations) } ?? "this file"
            for fact in imports {
                let module = fact.path.joined(separator: ".")
                findings.append(finding(
                    in: model, file: file, at: fact.position, symbol: fact.module, type: owner,
                    message: "\(owner) is high-level code but its file imports the infrastructure framework \(module)",
                    hint: "define a protocol owned by \(owner) for what it needs from \(fact.module), implement it in the infrastructure layer and inject it"))
            }
        }
        return findings
    }
}
