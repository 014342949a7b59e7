import FirebreakModel

/// `concrete-instantiation`: high-level code constructs an infrastructure service.
public struct ConcreteInstantiationRule: Rule {
    public init() {}

    static let services = ExampleFile(path: "Sources/Infrastructure/Services.swift", source: """
        final class LiveUserRepository: UserRepository {}
        actor ImageCache {}
        final class FirebaseAnalyticsTracker {}
        struct LiveMarketsRepository: MarketsRepository {}
        struct Endpoint { var path: String }
        """)

    public static let description = RuleDescription(
        id: "concrete-instantiation",
        name: "Concrete instantiation",
        summary: "A view, view model or domain type constructs an infrastructure class or actor, or a platform service object.",
        rationale: """
            Constructing the service inside the view model fuses the decision of what to do with how it \
            is done, and makes the view compile against the concrete network, database or SDK code. \
            Inject a protocol owned by the view model through init and construct the live type at the \
            composition root.
            """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A view model constructs infrastructure classes and actors.", """
                final class ProfileViewModel: ObservableObject {
                    private let repository = ↓LiveUserRepository()
                    private let cache = ↓ImageCache()
                    func track() { let tracker = ↓FirebaseAnalyticsTracker(); _ = tracker }
                }
                """, support: [services]),
            RuleExample("`T.init(...)` and `.init(...)` with a written type are constructions too.", """
                final class ProfileViewModel: ObservableObject {
                    private let repository = ↓LiveUserRepository.init()
                    private let cache: ImageCache = ↓.init()
                }
                """, support: [services]),
            RuleExample("Platform service objects.", path: "Sources/App/LocationViewModel.swift", """
                @MainActor
                final class LocationViewModel: ObservableObject {
                    let manager = ↓CLLocationManager()
                    let monitor = ↓NWPathMonitor()
                    let health = ↓HKHealthStore()
                    let container = ↓NSPersistentContainer(name: "Model")
                    let bluetooth = ↓CBCentralManager(delegate: nil, queue: nil)
                    let session = ↓URLSession(configuration: .ephemeral)
                    let defaults = ↓UserDefaults(suiteName: "group.app")
                    func unlock() {
                        let context = ↓LAContext()
                        context.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Unlock") { _, _ in }
                    }
                }
                """),
            RuleExample("A type whose own code does I/O is infrastructure, whatever its name and folder.", path: "Sources/App/FeedViewModel.swift", """
                final class FeedLoader {
                    func load(_ url: URL) async throws -> Data { try await URLSession.shared.data(from: url).0 }
                }

                final class FeedViewModel: ObservableObject {
                    let loader = ↓FeedLoader()
                }
                """),
            RuleExample("A type that wraps an infrastructure type is infrastructure too.", path: "Sources/App/ProfileViewModel.swift", """
                final class UserStore {
                    private let repository = LiveUserRepository()
                    var user: String?
                }

                final class ProfileViewModel: ObservableObject {
                    let store = ↓UserStore()
                }
                """, support: [services]),
            RuleExample("A view constructs a service inside a closure.", path: "Sources/App/ProfileView.swift", """
                struct ProfileView: View {
                    var body: some View {
                        Text("Hi").task { await ↓LiveUserRepository().load() }
                    }
                }
                """, support: [services]),
        ],
        nonTriggering: [
            RuleExample("A class whose file imports CoreLocation for coordinates only holds values, and does no I/O (Element X's MapLibre annotations).",
                        path: "Sources/App/LocationSharing/PinState.swift", """
                import CoreLocation
                import SwiftUI

                final class LocationAnnotation: NSObject {
                    let coordinate: CLLocationCoordinate2D
                    init(coordinate: CLLocationCoordinate2D) { self.coordinate = coordinate }
                }

                struct PinState {
                    var pins: [LocationAnnotation] = [LocationAnnotation(coordinate: CLLocationCoordinate2D(latitude: 0, longitude: 0))]
                }

                struct PinView: View {
                    let state = PinState()
                    var body: some View { Text(String(state.pins.count)) }
                }
                """),
            RuleExample("A map annotation in a file that imports CoreLocation beside MapKit is map data, not a service (49EuroTravel's stops).",
                        path: "Sources/App/StopMap.swift", """
                import CoreLocation
                import MapKit
                import SwiftUI

                final class StopAnnotation: MKPointAnnotation {}

                struct StopMap: UIViewRepresentable {
                    func makeUIView(context: Context) -> MKMapView {
                        let map = MKMapView()
                        map.addAnnotation(StopAnnotation())
                        return map
                    }
                    func updateUIView(_ view: MKMapView, context: Context) {}
                }
                """),
            RuleExample("Value types, views, view models, formatters, coders, Date, UUID and URL.", path: "Sources/App/ProfileView.swift", """
                struct ProfileView: View {
                    @StateObject private var viewModel = ProfileViewModel(repository: PreviewUserRepository())
                    let endpoint = Endpoint(path: "/me")
                    let formatter = DateFormatter()
                    let decoder = JSONDecoder()
                    let encoder = JSONEncoder()
                    let now = Date()
                    let id = UUID()
                    let url = URL(string: "https://example.com")
                    let repository = LiveMarketsRepository()
                    var body: some View { RowView(title: "x") }
                }
                """, support: [services]),
            RuleExample("A property wrapper's own storage, set up in its attribute: SwiftUI reads the suite there, as it reads `.standard` for a bare `@AppStorage`.",
                        path: "Sources/App/SettingsView.swift", """
                struct SettingsView: View {
                    @AppStorage("currency", store: UserDefaults(suiteName: "group.app")) var currency = "EUR"
                    var body: some View { Text(currency) }
                }
                """),
            RuleExample("In-memory state holders are high-level whatever their name (`…Manager`, `…Store`, `…Tracker`), and a generic box holds values.",
                        path: "Sources/App/GalleryView.swift", """
                final class SelectionManager {
                    var selected: Set<Int> = []
                }

                final class MenuStore: ObservableObject {
                    @Published var menu = 0
                }

                final class RealizedValue<T> {
                    var value: T
                    init(_ value: T) { self.value = value }
                }

                struct GalleryView: View {
                    @StateObject private var menu = MenuStore()
                    private let selection = SelectionManager()
                    private let count = RealizedValue(3)
                    var body: some View { Text("Gallery") }
                }
                """),
            RuleExample("UIKit and AppKit views, cells and controllers are UI whatever they read: building one constructs no service.",
                        path: "Sources/App/FeedViewController.swift", """
                final class FeedCell: UICollectionViewCell {
                    var isCompact: Bool { UserDefaults.standard.bool(forKey: "compact") }
                }

                final class BadgeCell: FeedCell {}

                final class FeedViewController: UIViewController {
                    func cells() -> [FeedCell] { [FeedCell(), BadgeCell()] }
                }
                """),
            RuleExample("A subclass of another framework's view (SceneKit, MapKit, WebKit) is UI too: a representable builds it in `makeUIView`.",
                        path: "Sources/App/CubeView.swift", """
                import CoreMotion
                import SceneKit

                final class CubeSceneView: SCNView {
                    private var motion: CMMotionManager?
                    func start() { motion?.startDeviceMotionUpdates() }
                }

                struct CubeRepresentable: UIViewRepresentable {
                    func makeUIView(context: Context) -> CubeSceneView { CubeSceneView() }
                    func updateUIView(_ view: CubeSceneView, context: Context) {}
                }
                """),
            RuleExample("A representable builds its coordinator in `makeCoordinator()`, where SwiftUI asks for it, whatever the coordinator does.",
                        path: "Sources/App/EventEditorView.swift", """
                import EventKitUI

                final class EventEditorCoordinator: NSObject, EKEventEditViewDelegate {
                    let store = EKEventStore()
                    func eventEditViewController(_ controller: EKEventEditViewController, didCompleteWith action: EKEventEditViewAction) {
                        try? store.commit()
                    }
                }

                struct EventEditorView: UIViewControllerRepresentable {
                    func makeCoordinator() -> EventEditorCoordinator { EventEditorCoordinator() }
                    func makeUIViewController(context: Context) -> EKEventEditViewController { EKEventEditViewController() }
                    func updateUIViewController(_ controller: EKEventEditViewController, context: Context) {}
                }
                """),
            RuleExample("A persistent data model (SwiftData `@Model`, a Core Data entity) is data, not a service, whatever its methods read.",
                        path: "Sources/App/PinView.swift", """
                @Model
                final class ClipItem {
                    var path: String
                    init(path: String) { self.path = path }
                    var data: Data? { try? Data(contentsOf: URL(fileURLWithPath: path)) }
                }

                struct PinView: View {
                    var body: some View { Button("Pin") { _ = ClipItem(path: "/tmp/x") } }
                }
                """),
            RuleExample("URLSession built from a shared configuration is not flagged unless configured.", path: "Sources/App/DownloadViewModel.swift", """
                final class DownloadViewModel: ObservableObject {
                    let configuration = URLSessionConfiguration.default
                }
                """),
            RuleExample("The composition root constructs the live types.", path: "Sources/App/ClinicApp.swift", """
                @main
                struct ClinicApp: App {
                    private let container = AppContainer()
                    var body: some Scene {
                        WindowGroup { ProfileView(viewModel: ProfileViewModel(repository: LiveUserRepository())) }
                    }
                }

                final class AppContainer {
                    let repository = LiveUserRepository()
                    let manager = CLLocationManager()
                }
                """, support: [services]),
            RuleExample("""
                So does a view of the entry point's file that no other file names, private or not: the root view that builds \
                the services after sign-in.
                """, path: "Sources/App/ClinicApp.swift", """
                @main
                struct ClinicApp: App {
                    var body: some Scene {
                        WindowGroup { SessionRootView() }
                    }
                }

                struct SessionRootView: View {
                    let repository = LiveUserRepository()
                    var body: some View { ProfileView(viewModel: ProfileViewModel(repository: repository)) }
                }
                """, support: [services]),
            RuleExample("Previews, mocks and tests may construct live types.", path: "Sources/App/ProfileView.swift", """
                #Preview {
                    ProfileView(viewModel: ProfileViewModel(repository: LiveUserRepository()))
                }

                final class PreviewLocationProvider {
                    let manager = CLLocationManager()
                }
                """, support: [services]),
            RuleExample("Infrastructure code composes other infrastructure.", path: "Sources/Infrastructure/SyncEngine.swift", """
                final class SyncEngine {
                    let repository = LiveUserRepository()
                    let cache = ImageCache()
                }
                """, support: [services]),
        ]
    )

    public func findings(in context: RuleContext) -> [Finding] {
        let model = context.model, knowledge = context.knowledge
        let classifier = DependencyClassifier(model: model, knowledge: knowledge)
        var findings: [Finding] = []
        // By index, each fact read in place until it yields a finding: copying a file's facts, or
        // each fact, retained what they hold, for every rule.
        for file in model.files.indices {
            let instantiations = model.files[file].instantiations
            for index in instantiations.indices where instantiations[index].context.flags.isDisjoint(with: [.defaultArgument, .coordinatorFactory]) {
                guard model.role(at: instantiations[index].context, file: file) == .highLevel,
                      classifier.isServiceConstruction(instantiations[index], file: file) else { continue }
                let instantiation = instantiations[index]
                let owner = model.enclosingTypeName(at: instantiation.context, file: file)
                let type = instantiation.typeName
                findings.append(finding(
                    in: model, file: file, at: instantiation.position, symbol: type, type: owner,
                    message: "\(owner ?? "This high-level code") constructs the infrastructure service \(type)",
                    hint: "inject a protocol owned by \(owner ?? "the caller") through init; construct \(type) at the composition root"))
            }
        }
        return findings
    }
}
