/// The members of the platform services high-level code reaches most (`UIApplication.shared`,
/// `NotificationCenter.default`, `FileManager.default`, `UserDefaults.standard`…), written as the
/// SDKs declare them. The scan never sees these types' sources, so `fix` reads their signatures
/// here; it wraps them in a `Live…` adapter whose methods call the real ones, so a detail this
/// table spells differently from an SDK (a typealias, an added `@Sendable`) still compiles.
enum PlatformServices {
    struct Service {
        /// The module to import.
        var module: String
        /// Further imports some members' signatures need, by member (`publisher`: `Combine`).
        var memberImports: [String: [String]] = [:]
        var globalActor: String?
        /// `extension Type { ... }` with the members' declarations, without bodies.
        var declarations: String
    }

    static func service(named name: String) -> Service? { services[name] }

    private static let services: [String: Service] = [
        "NotificationCenter": Service(module: "Foundation", memberImports: ["publisher": ["Combine"]], globalActor: nil, declarations: """
            extension NotificationCenter {
                func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher
                func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?)
                func removeObserver(_ observer: Any, name aName: NSNotification.Name?, object anObject: Any?)
                func post(name aName: Notification.Name, object anObject: Any? = nil, userInfo aUserInfo: [AnyHashable: Any]? = nil)
                func post(_ notification: Notification)
                func addObserver(forName name: Notification.Name?, object obj: Any?, queue: OperationQueue?, using block: @escaping @Sendable (Notification) -> Void) -> any NSObjectProtocol
                func removeObserver(_ observer: Any)
                func notifications(named name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Notifications
            }
            """),
        "FileManager": Service(module: "Foundation", globalActor: nil, declarations: """
            extension FileManager {
                var temporaryDirectory: URL { get }
                func fileExists(atPath path: String) -> Bool
                func isReadableFile(atPath path: String) -> Bool
                func isWritableFile(atPath path: String) -> Bool
                func contents(atPath path: String) -> Data?
                func urls(for directory: FileManager.SearchPathDirectory, in domainMask: FileManager.SearchPathDomainMask) -> [URL]
                func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL?
                func createDirectory(at url: URL, withIntermediateDirectories createIntermediates: Bool, attributes: [FileAttributeKey: Any]? = nil) throws
                func createFile(atPath path: String, contents data: Data?, attributes attr: [FileAttributeKey: Any]? = nil) -> Bool
                func removeItem(at url: URL) throws
                func removeItem(atPath path: String) throws
                func copyItem(at srcURL: URL, to dstURL: URL) throws
                func moveItem(at srcURL: URL, to dstURL: URL) throws
                func contentsOfDirectory(atPath path: String) throws -> [String]
                func contentsOfDirectory(at url: URL, includingPropertiesForKeys keys: [URLResourceKey]?, options mask: FileManager.DirectoryEnumerationOptions = []) throws -> [URL]
                func attributesOfItem(atPath path: String) throws -> [FileAttributeKey: Any]
            }
            """),
        "UserDefaults": Service(module: "Foundation", globalActor: nil, declarations: """
            extension UserDefaults {
                func set(_ value: Any?, forKey defaultName: String)
                func set(_ value: Bool, forKey defaultName: String)
                func set(_ value: Int, forKey defaultName: String)
                func set(_ value: Double, forKey defaultName: String)
                func bool(forKey defaultName: String) -> Bool
                func integer(forKey defaultName: String) -> Int
                func double(forKey defaultName: String) -> Double
                func string(forKey defaultName: String) -> String?
                func stringArray(forKey defaultName: String) -> [String]?
                func data(forKey defaultName: String) -> Data?
                func url(forKey defaultName: String) -> URL?
                func object(forKey defaultName: String) -> Any?
                func array(forKey defaultName: String) -> [Any]?
                func dictionary(forKey defaultName: String) -> [String: Any]?
                func removeObject(forKey defaultName: String)
                func register(defaults registrationDictionary: [String: Any])
            }
            """),
        "URLSession": Service(module: "Foundation", globalActor: nil, declarations: """
            extension URLSession {
                func data(from url: URL) async throws -> (Data, URLResponse)
                func data(for request: URLRequest) async throws -> (Data, URLResponse)
                func download(from url: URL) async throws -> (URL, URLResponse)
                func upload(for request: URLRequest, from bodyData: Data) async throws -> (Data, URLResponse)
            }
            """),
        "UIApplication": Service(module: "UIKit", globalActor: "MainActor", declarations: """
            extension UIApplication {
                var applicationState: UIApplication.State { get }
                var connectedScenes: Set<UIScene> { get }
                var supportsAlternateIcons: Bool { get }
                var alternateIconName: String? { get }
                var applicationIconBadgeNumber: Int { get }
                func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil)
                func canOpenURL(_ url: URL) -> Bool
                func setAlternateIconName(_ alternateIconName: String?) async throws
                func setAlternateIconName(_ alternateIconName: String?, completionHandler: (@MainActor @Sendable ((any Error)?) -> Void)? = nil)
                func registerForRemoteNotifications()
                func beginReceivingRemoteControlEvents()
                func endReceivingRemoteControlEvents()
                func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool
            }
            """),
        "UNUserNotificationCenter": Service(module: "UserNotifications", globalActor: nil, declarations: """
            extension UNUserNotificationCenter {
                func add(_ request: UNNotificationRequest) async throws
                func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool
                func requestAuthorization(options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void)
                func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void)
                func removePendingNotificationRequests(withIdentifiers identifiers: [String])
                func removeDeliveredNotifications(withIdentifiers identifiers: [String])
                func removeAllPendingNotificationRequests()
                func removeAllDeliveredNotifications()
                func pendingNotificationRequests() async -> [UNNotificationRequest]
                func notificationSettings() async -> UNNotificationSettings
                func setBadgeCount(_ newBadgeCount: Int) async throws
            }
            """),
        "AVAudioSession": Service(module: "AVFoundation", globalActor: nil, declarations: """
            extension AVAudioSession {
                var category: AVAudioSession.Category { get }
                var outputVolume: Float { get }
                var currentRoute: AVAudioSessionRouteDescription { get }
                func setCategory(_ category: AVAudioSession.Category, mode: AVAudioSession.Mode = .default, options: AVAudioSession.CategoryOptions = []) throws
                func setActive(_ active: Bool, options: AVAudioSession.SetActiveOptions = []) throws
            }
            """),
        "WidgetCenter": Service(module: "WidgetKit", globalActor: nil, declarations: """
            extension WidgetCenter {
                func reloadAllTimelines()
                func reloadTimelines(ofKind kind: String)
                func invalidateConfigurationRecommendations()
            }
            """),
        "CLLocationManager": Service(module: "CoreLocation", globalActor: nil, declarations: """
            extension CLLocationManager {
                var location: CLLocation? { get }
                var authorizationStatus: CLAuthorizationStatus { get }
                func requestWhenInUseAuthorization()
                func requestAlwaysAuthorization()
                func requestLocation()
                func startUpdatingLocation()
                func stopUpdatingLocation()
            }
            """),
    ]
}
