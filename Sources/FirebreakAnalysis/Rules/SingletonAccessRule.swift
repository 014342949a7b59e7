import FirebreakModel

/// `singleton-access`: high-level code reads a process-wide shared service instance.
public struct SingletonAccessRule: Rule {
    public init() {}

    static let apiClient = ExampleFile(path: "Sources/Networking/APIClient.swift", source: """
        final class APIClient {
            static let shared = APIClient()
            var locale = "en"
            func fetchUser(id: String) async throws -> User { fatalError() }
        }
        """)

    public static let description = RuleDescription(
        id: "singleton-access",
        name: "Singleton access",
        summary: "A view, view model or domain type reads a shared service instance such as APIClient.shared.",
        rationale: """
            The singleton trap: the type compiles against the concrete service and everything behind it, \
            previews share one live instance, and tests must mutate global state. Inject a protocol owned \
            by the high-level type through init and hand over the shared instance at the composition root.
            """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A view model keeps a scanned singleton in a property.", """
                final class ProfileViewModel: ObservableObject {
                    private let apiClient = ↓APIClient.shared
                }
                """, support: [apiClient]),
            RuleExample("A view calls through a scanned singleton.", path: "Sources/App/ProfileView.swift", """
                struct ProfileView: View {
                    var body: some View {
                        Text("Hi").task { _ = try? await ↓APIClient.shared.fetchUser(id: "1") }
                    }
                }
                """, support: [apiClient]),
            RuleExample("A view reads an observable class that keeps a shared instance of itself and does I/O: the service, whose own reads are its work (Cider's updater).",
                        path: "Sources/App/AboutView.swift", """
                final class UpdateHelper: ObservableObject {
                    static let shared = UpdateHelper()
                    func check() async throws { _ = try await URLSession.shared.data(from: URL(string: "https://example.com")!) }
                }

                struct AboutView: View {
                    var body: some View { Text("About").task { try? await ↓UpdateHelper.shared.check() } }
                }
                """),
            RuleExample("A view reads an observable service that does I/O: a service, not its view model.", path: "Sources/App/ProfileView.swift", """
                final class ProfileCacheService: ObservableObject {
                    static let shared = ProfileCacheService()
                    @Published var names: [String] = []
                    func save() { UserDefaults.standard.set(names, forKey: "names") }
                }

                struct ProfileView: View {
                    var body: some View {
                        Text("\\(↓ProfileCacheService.shared.names.count)")
                    }
                }
                """),
            RuleExample("An implicit member with a written type is the same read.", """
                final class ProfileViewModel: ObservableObject {
                    private let api: APIClient = ↓.shared
                }
                """, support: [apiClient]),
            RuleExample("Platform services: UserDefaults, URLSession, FileManager, NotificationCenter, notifications.", """
                @MainActor
                final class ReminderViewModel: ObservableObject {
                    func save() async throws {
                        ↓UserDefaults.standard.set(true, forKey: "saved")
                        _ = try await ↓URLSession.shared.data(from: URL(string: "https://example.com")!)
                        _ = ↓FileManager.default.temporaryDirectory
                        ↓NotificationCenter.default.post(name: .init("saved"), object: nil)
                        try await ↓UNUserNotificationCenter.current().add(request)
                    }
                }
                """),
            RuleExample("A UIKit cell is UI: the platform service it reads is the finding.", path: "Sources/App/FeedCell.swift", """
                final class FeedCell: UICollectionViewCell {
                    var isCompact: Bool { ↓UserDefaults.standard.bool(forKey: "compact") }
                }
                """),
            RuleExample("The app-wide event bus: observing the app's own notification names, and posting.", path: "Sources/App/LibraryView.swift", """
                struct LibraryView: View {
                    var body: some View {
                        Text("Library")
                            .onReceive(↓NotificationCenter.default.publisher(for: Notification.Name("libraryChanged"))) { _ in }
                            .onAppear { ↓NotificationCenter.default.post(name: .init("libraryShown"), object: nil) }
                    }
                }
                """),
            RuleExample("More platform services: UIApplication, HTTPCookieStorage, URLCache.", path: "Sources/App/SettingsView.swift", """
                struct SettingsView: View {
                    var body: some View {
                        Button("Open") {
                            ↓UIApplication.shared.open(url)
                            _ = ↓HTTPCookieStorage.shared.cookies
                            ↓URLCache.shared.removeAllCachedResponses()
                        }
                    }
                }
                """),
            RuleExample("The system's now-playing centre and Kingfisher's shared image cache (HDrezka's player and settings).",
                        path: "Sources/App/PlayerView.swift", """
                import Kingfisher
                import MediaPlayer
                import SwiftUI

                struct PlayerView: View {
                    var body: some View {
                        Button("Play") {
                            ↓MPNowPlayingInfoCenter.default().nowPlayingInfo = [:]
                            ↓ImageCache.default.clearMemoryCache()
                        }
                    }
                }
                """),
            RuleExample("`X.shared` on a third-party type firebreak cannot see.", path: "Sources/App/FeedViewModel.swift", """
                @Observable
                final class FeedViewModel {
                    func track() { ↓Analytics.shared.track("feed") }
                    func load() { ↓SDKClient.sharedInstance.start() }
                }
                """),
            RuleExample("A view model under `#if DEBUG` that a production view uses is not a preview helper.", path: "Sources/App/DebugMenuView.swift", """
                #if DEBUG
                final class DebugMenuViewModel: ObservableObject {
                    let client = ↓APIClient.shared
                }
                #endif

                struct DebugMenuView: View {
                    #if DEBUG
                    @StateObject private var viewModel = DebugMenuViewModel()
                    #endif
                    var body: some View { Text("Debug") }
                }
                """, support: [apiClient]),
            RuleExample("A view modifier is view code too (Backyard Birds' shop modifier).", path: "Sources/App/ShopModifier.swift", """
                struct ShopModifier: ViewModifier {
                    func body(content: Content) -> some View {
                        content.task { _ = try? await ↓APIClient.shared.fetchUser(id: "1") }
                    }
                }
                """, support: [apiClient]),
            RuleExample("A view a preview shows and the app shows too is not preview support.", path: "Sources/App/MediaView.swift", """
                struct MediaRow: View {
                    var body: some View { Text(↓APIClient.shared.locale) }
                }

                struct MediaList: View {
                    var body: some View { MediaRow() }
                }

                #Preview {
                    MediaRow()
                }
                """, support: [apiClient]),
            RuleExample("Instance members named like previews are the app's own previews, which ship: `previewing`, `previewDownloadedFile()`.",
                        path: "Sources/App/PlayerViewModel.swift", """
                final class PlayerViewModel: ObservableObject {
                    var previewing: Bool { ↓APIClient.shared.isStreaming }
                    func previewDownloadedFile() { _ = ↓APIClient.shared.locale }
                }
                """, support: [apiClient]),
            RuleExample("A shared instance reached through any name (`.main`, `.instance`, `.current`) is one by its shape: a static instance of a class that keeps state.",
                        path: "Sources/App/AccountsView.swift", """
                final class AccountsTracker {
                    static let main = AccountsTracker()
                    var accounts: [String] = []
                }

                struct AccountsView: View {
                    var body: some View { Text("\\(↓AccountsTracker.main.accounts.count)") }
                }
                """),
            RuleExample("Signing out through a shared session and logging an analytics event are service calls, not log lines.",
                        path: "Sources/App/AccountView.swift", """
                final class SessionStore {
                    static let shared = SessionStore()
                    var token: String?
                    func logOut() { token = nil }
                }

                final class AnalyticsService {
                    static let shared = AnalyticsService()
                    var events: [String] = []
                    func logEvent(_ name: String) { events.append(name) }
                }

                struct AccountView: View {
                    var body: some View {
                        Button("Sign out") {
                            ↓SessionStore.shared.logOut()
                            ↓AnalyticsService.shared.logEvent("signOut")
                        }
                    }
                }
                """),
            RuleExample("UIApplication used as a service: leaving the app, changing its icon.", path: "Sources/App/SettingsView.swift", """
                struct SettingsView: View {
                    var body: some View {
                        Button("Open") {
                            ↓UIApplication.shared.open(url)
                            Task { try await ↓UIApplication.shared.setAlternateIconName("Dark") }
                        }
                    }
                }
                """),
            RuleExample("Domain code in a Domain folder counts as high-level.", path: "Sources/Domain/CheckoutFlow.swift", """
                struct CheckoutFlow {
                    func start() { ↓PaymentsClient.shared.begin() }
                }
                """),
            RuleExample("A dependency client's own code, outside the extension that gives its live value.", path: "Sources/Domain/AuthClient.swift", """
                struct AuthClient {
                    var signIn: (String) async throws -> User
                    func locale() -> String { ↓APIClient.shared.locale }
                }

                extension AuthClient: DependencyKey {
                    static let liveValue = AuthClient(signIn: { id in try await APIClient.shared.fetchUser(id: id) })
                }
                """, support: [apiClient]),
        ],
        nonTriggering: [
            RuleExample("SwiftUI style values, enum cases, calendars and process facts are not services.", path: "Sources/App/ProfileView.swift", """
                struct ProfileView: View {
                    var body: some View {
                        Text("Hi")
                            .foregroundStyle(Color.primary)
                            .font(Font.title)
                            .animation(Animation.default, value: 1)
                            .environment(\\.calendar, Calendar.current)
                            .environment(\\.locale, Locale.current)
                            .environment(\\.timeZone, TimeZone.current)
                            .id(ProcessInfo.processInfo.processIdentifier)
                    }
                }
                """),
            RuleExample("Static fixtures and constants of value types are not shared services.", path: "Sources/App/WatchlistView.swift", """
                struct MarketEntry {
                    static let previewSet: [MarketEntry] = []
                    static let `default` = MarketEntry()
                }
                enum Tab { case home, settings }

                struct WatchlistView: View {
                    var entries = MarketEntry.previewSet
                    var first = MarketEntry.default
                    var tab = Tab.home
                    var body: some View { Text("\\(entries.count)") }
                }
                """),
            RuleExample("An observable class named like a service whose code does I/O is infrastructure, so what it reads is its own business.",
                        path: "Sources/App/ProfileCacheService.swift", """
                final class ProfileCacheService: ObservableObject {
                    static let shared = ProfileCacheService()
                    @Published var names: [String] = []

                    func save() {
                        UserDefaults.standard.set(names, forKey: "names")
                        try? Data().write(to: FileManager.default.temporaryDirectory.appendingPathComponent("names"))
                    }
                }
                """),
            RuleExample("A downloader that writes files and posts notifications is one too (HDrezka's `Downloader`).",
                        path: "Sources/App/Core/Downloader.swift", """
                import UserNotifications

                @Observable
                final class Downloader {
                    static let shared = Downloader()
                    var downloads: [URL] = []

                    func finish(_ file: URL) {
                        try? FileManager.default.removeItem(at: file)
                        UNUserNotificationCenter.current().removeAllDeliveredNotifications()
                    }
                }
                """),
            RuleExample("A `…Repo` is a repository: one that deletes files reads the other repositories as services do (Cisum's `AudioRepo`).",
                        path: "Sources/App/Audio/AudioRepo.swift", """
                @MainActor
                final class AudioRepo: ObservableObject {
                    @Published var items: [URL] = []

                    func delete(_ url: URL) {
                        try? FileManager.default.removeItem(at: url)
                        LikeRepo.shared.forget(url)
                    }
                }

                final class LikeRepo {
                    static let shared = LikeRepo()
                    var liked: Set<URL> = []
                    func forget(_ url: URL) { liked.remove(url) }
                }
                """),
            RuleExample("So is an observable class in a services folder whose code does I/O, whatever its name.",
                        path: "Sources/App/Services/CloudSyncEngine.swift", """
                @Observable
                final class CloudSyncEngine {
                    static let shared = CloudSyncEngine()
                    var lastSync: Date?

                    func sync() {
                        lastSync = UserDefaults.standard.object(forKey: "lastSync") as? Date
                        NotificationCenter.default.post(name: Notification.Name("synced"), object: nil)
                    }
                }
                """),
            RuleExample("A document (a subclass of `NSDocument` or `UIDocument`) reads and writes its file: infrastructure, observable or not.",
                        path: "Sources/App/CodeFileDocument.swift", """
                final class CodeFileDocument: NSDocument, ObservableObject {
                    @Published var content = ""

                    override func read(from data: Data, ofType typeName: String) throws {
                        content = String(decoding: data, as: UTF8.self)
                        NotificationCenter.default.post(name: Notification.Name("fileOpened"), object: self)
                        _ = UserDefaults.standard.bool(forKey: "wrapLines")
                    }
                }
                """),
            RuleExample("A type may read its own singleton inside itself.", path: "Sources/Networking/APIClient.swift", """
                final class APIClient {
                    static let shared = APIClient()
                    func reset() { _ = APIClient.shared; _ = Self.shared }
                }
                """, testsInsideComments: false),
            RuleExample("Previews, PreviewProviders and mocks may use singletons.", path: "Sources/App/ProfileView.swift", """
                struct ProfileView: View {
                    var body: some View { Text("Hi") }
                }

                #Preview {
                    ProfileView().task { _ = APIClient.shared }
                }

                struct ProfileView_Previews: PreviewProvider {
                    static var previews: some View { ProfileView().onAppear { _ = URLSession.shared } }
                }

                final class MockProfileService {
                    let defaults = UserDefaults.standard
                }
                """, support: [apiClient]),
            RuleExample("""
                A dependency client's live value (swift-dependencies, TCA): the extension that conforms it to `DependencyKey` \
                wires the live implementation, as a composition root does. The client's other code is still checked.
                """, path: "Sources/Domain/AuthClient.swift", """
                import Dependencies

                struct AuthClient {
                    var signIn: (String) async throws -> User
                }

                extension AuthClient: DependencyKey {
                    static let liveValue = AuthClient(signIn: { id in try await APIClient.shared.fetchUser(id: id) })
                }
                """, support: [apiClient]),
            RuleExample("""
                A dependency-injection library's container resolving what the app registered (Factory's `Container.shared`): \
                the parameter is a protocol, and the container is the composition root.
                """, path: "Sources/Scenes/Movies/MoviesViewModel.swift", """
                import Factory

                final class MoviesViewModel: ObservableObject {
                    private let client: NetworkClient

                    init(client: NetworkClient = Container.shared.networkClient()) {
                        self.client = client
                    }
                }
                """),
            RuleExample("Members that exist for previews and tests: `static var preview`, `static func mock()`, `fixture…`, TCA's `previewValue`.",
                        path: "Sources/App/ProfileViewModel.swift", """
                final class ProfileViewModel: ObservableObject {
                    init(client: APIClient) {}

                    static var preview: ProfileViewModel { ProfileViewModel(client: APIClient.shared) }
                    static func mock() -> ProfileViewModel { ProfileViewModel(client: .shared) }
                    static let fixtureSignedIn = ProfileViewModel(client: APIClient.shared)
                }
                """, support: [apiClient]),
            RuleExample("A type declared under `#if DEBUG` that only previews and tests use.", path: "Sources/App/ProfileView.swift", """
                struct ProfileView: View {
                    var body: some View { Text("Hi") }
                }

                #if DEBUG
                struct ProfileSampleData {
                    let name = APIClient.shared.cachedName
                }

                #Preview {
                    ProfileView().onAppear { _ = ProfileSampleData() }
                }
                #endif
                """, support: [apiClient]),
            RuleExample("A wrapper view that only a `#Preview` shows.", path: "Sources/App/MediaView.swift", """
                struct MediaView: View {
                    var body: some View { Text("Media") }
                }

                #Preview {
                    WrapperForPreview()
                }

                struct WrapperForPreview: View {
                    var body: some View { MediaView().environment(\\.locale, Locale(identifier: APIClient.shared.locale)) }
                }
                """, support: [apiClient]),
            RuleExample("The composition root hands out singletons.", path: "Sources/App/ClinicApp.swift", """
                @main
                struct ClinicApp: App {
                    let client = APIClient.shared
                    var body: some Scene { WindowGroup { ProfileView() } }
                }

                final class AppContainer {
                    let defaults = UserDefaults.standard
                }

                @Observable
                final class AppEnvironment {
                    let client = APIClient.shared
                }
                """, support: [apiClient]),
            RuleExample("So does the app's container, whatever its name: a class the `@main` entry point builds that builds the app's objects.",
                        path: "Sources/App/MenuApp.swift", """
                @main
                struct MenuApp: App {
                    @StateObject var appState = AppState()
                    var body: some Scene { WindowGroup { ProfileView() } }
                }

                final class AppState: ObservableObject {
                    lazy var menuBarManager = MenuBarManager(appState: self)
                    lazy var eventManager = EventManager(appState: self)
                    lazy var updatesManager = UpdatesManager(appState: self)
                    @Published var frontmost = NSWorkspace.shared.frontmostApplication
                }

                final class MenuBarManager { init(appState: AppState) {} }
                final class EventManager { init(appState: AppState) {} }
                final class UpdatesManager { init(appState: AppState) {} }
                """),
            RuleExample("The same when the entry point holds the container's shared instance rather than building one (Plash), in its extensions in other files too.",
                        path: "Sources/App/DeskApp.swift", """
                @main
                struct DeskApp: App {
                    @StateObject private var appState = AppState.shared
                    var body: some Scene { WindowGroup { ProfileView() } }
                }

                final class AppState: ObservableObject {
                    static let shared = AppState()
                    let menu = StatusMenu()
                    let watcher = PowerWatcher()
                    lazy var window = DeskWindow()
                }

                extension AppState {
                    func openSettings() { NSWorkspace.shared.open(URL(string: "x-apple.systempreferences:")!) }
                }

                final class StatusMenu {}
                final class PowerWatcher {}
                final class DeskWindow {}
                """),
            RuleExample("The app's own window and orientation managers keep its UI, not its data: a class that holds a window, a screen, an orientation or a view and does no I/O.",
                        path: "Sources/App/PlayerView.swift", """
                final class PlayerWindowManager {
                    static let shared = PlayerWindowManager()
                    private var window: UIWindow?
                    var isPresented: Bool { window != nil }
                    func show() {}
                }

                final class OrientationManager {
                    static let shared = OrientationManager()
                    private var lockedOrientation: UIInterfaceOrientationMask?
                    func lock() {}
                }

                struct PlayerView: View {
                    var body: some View {
                        Button("Expand") {
                            PlayerWindowManager.shared.show()
                            OrientationManager.shared.lock()
                        }
                    }
                }
                """),
            RuleExample("The UI frameworks' own panels and menus are UI plumbing: the colour and font panels, the font manager.",
                        path: "Sources/App/ColorWell.swift", """
                struct ColorWell: View {
                    var body: some View {
                        Button("Colour") {
                            NSColorPanel.shared.orderFront(nil)
                            _ = NSFontManager.shared.availableFontFamilies
                        }
                    }
                }
                """),
            RuleExample("Infrastructure code may read singletons.", path: "Sources/Networking/UserRepository.swift", """
                final class LiveUserRepository {
                    let session = URLSession.shared
                    let client = APIClient.shared
                }
                """, support: [apiClient]),
            RuleExample("A static property of a scanned class that is not a self-instance is not a singleton.", """
                final class Endpoints {
                    static let shared = "https://example.com"
                    static let timeout = 30.0
                }

                final class ProfileViewModel: ObservableObject {
                    let base = Endpoints.shared
                    let timeout = Endpoints.timeout
                }
                """),
            RuleExample("Loggers are not services: an app's `os.Logger` constant, log calls through any shared logger, and a shared logger kept in a property.",
                        path: "Sources/App/FeedView.swift", """
                extension Logger {
                    static let shared = Logger(subsystem: "app", category: "feed")
                }

                final class AppLogger {
                    static let shared = AppLogger()
                    var lines: [String] = []
                    func info(_ line: String) { lines.append(line) }
                }

                struct FeedView: View {
                    private let logger = MagicLogger.shared
                    var body: some View {
                        Text("Feed").onAppear {
                            Logger.shared.info("feed shown")
                            AppLogger.shared.info("feed shown")
                            AppLogger.shared.logPlayer("feed shown")
                        }
                    }
                }
                """),
            RuleExample("UIApplication as UI plumbing: the keyboard, windows, scenes.", path: "Sources/App/SearchView.swift", """
                struct SearchView: View {
                    var body: some View {
                        Text("Search").onSubmit {
                            UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil)
                            UIApplication.shared.firstKeyWindow?.endEditing(true)
                            _ = UIApplication.shared.connectedScenes.first
                        }
                    }
                }
                """),
            RuleExample("A hardware keyboard or a game controller connecting is input, as the keyboard is; showing the app's own icon is UI (Element X's search, Cider's about window).",
                        path: "Sources/App/AboutView.swift", """
                struct AboutView: View {
                    var body: some View {
                        VStack {
                            if let icon = NSApplication.shared.applicationIconImage { Image(nsImage: icon) }
                        }
                        .onReceive(NotificationCenter.default.publisher(for: .GCKeyboardDidConnect)) { _ in }
                        .onReceive(NotificationCenter.default.publisher(for: NSNotification.Name.GCControllerDidDisconnect)) { _ in }
                    }
                }
                """),
            RuleExample("An observable class that keeps a shared instance of itself and does I/O is the service, not a screen's view model: its own reads are its work, and its readers are the findings (Cider's updater).",
                        path: "Sources/App/Utilities/UpdateHelper.swift", """
                final class UpdateHelper: ObservableObject {
                    static let shared = UpdateHelper()
                    @Published var updateNeeded = false

                    func check() async throws {
                        let (data, _) = try await URLSession.shared.data(from: URL(string: "https://example.com/manifest")!)
                        updateNeeded = !data.isEmpty
                    }
                }
                """),
            RuleExample("Observing the system's own UI events (becoming active, the keyboard, orientation) is UI plumbing, as `scenePhase` is; so is removing an observer.",
                        path: "Sources/App/ReaderView.swift", """
                struct ReaderView: View {
                    var body: some View {
                        Text("Reader")
                            .onReceive(NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)) { _ in }
                            .onReceive(NotificationCenter.default.publisher(for: UIDevice.orientationDidChangeNotification)) { _ in }
                    }
                }

                final class KeyboardWatcher: NSObject {
                    func start() {
                        NotificationCenter.default.addObserver(self, selector: #selector(moved), name: UIResponder.keyboardWillShowNotification, object: nil)
                        _ = NotificationCenter.default.addObserver(forName: UIResponder.keyboardDidShowNotification,
                                                                   object: nil, queue: .main) { _ in }
                    }
                    func stop() { NotificationCenter.default.removeObserver(self) }
                    @objc func moved() {}
                }

                struct AdaptsToKeyboard: ViewModifier {
                    func body(content: Content) -> some View {
                        content.onReceive(NotificationCenter.Publisher(center: NotificationCenter.default,
                                                                       name: UIResponder.keyboardWillShowNotification)) { _ in }
                    }
                }

                struct LoopingVideo: View {
                    let player: AVPlayer
                    var body: some View {
                        VideoPlayer(player: player)
                            .onReceive(NotificationCenter.default.publisher(for: AVPlayerItem.didPlayToEndTimeNotification,
                                                                            object: player.currentItem)) { _ in player.seek(to: .zero) }
                    }
                }
                """),
            RuleExample("A stateless helper's instance, a catalogue of constant instances, and constants kept in a class are not shared services.",
                        path: "Sources/App/ActionsView.swift", """
                final class Haptics {
                    static let shared = Haptics()
                    func tap() {}
                }

                final class ActionSeed {
                    static let save = ActionSeed("save")
                    static let remove = ActionSeed("remove")
                    let id: String
                    init(_ id: String) { self.id = id }
                }

                final class Constants {
                    static let main = Constants()
                    let spacing: CGFloat = 8
                }

                struct ActionsView: View {
                    var body: some View {
                        Text(ActionSeed.save.id)
                            .padding(Constants.main.spacing)
                            .onTapGesture { Haptics.shared.tap() }
                    }
                }
                """),
            RuleExample("Reading a property of an injected instance is not a static read.", """
                final class ProfileViewModel: ObservableObject {
                    private let repository: UserRepository
                    init(repository: UserRepository) { self.repository = repository }
                    func name() -> String { repository.shared.name }
                }
                """),
        ]
    )

    public func findings(in context: RuleContext) -> [Finding] {
        let model = context.model, knowledge = context.knowledge
        let classifier = DependencyClassifier(model: model, knowledge: knowledge)
        var findings: [Finding] = []
        // By index, each fact read in place until it yields a finding: copying a file's facts, or
        // each fact, retained what they hold, for every rule.
        for file in model.files.indices {
            let accesses = model.files[file].memberAccesses
            for index in accesses.indices where !accesses[index].context.flags.contains(.defaultArgument) {
                guard model.role(at: accesses[index].context, file: file) == .highLevel,
                      classifier.isSingletonRead(accesses[index], file: file) else { continue }
                let access = accesses[index]
                let owner = model.enclosingTypeName(at: access.context, file: file)
                let symbol = classifier.symbol(of: access)
                let who = owner ?? "This high-level code"
                findings.append(finding(
                    in: model, file: file, at: access.position, symbol: symbol, type: owner,
                    message: "\(who) reads the shared instance \(symbol)",
                    hint: "inject a protocol owned by \(owner ?? "the caller") through init and pass \(symbol) at the composition root"))
            }
        }
        return findings
    }
}
