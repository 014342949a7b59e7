/// The members of the platform services high-level code reaches most (`UIApplication.shared`,
/// `NotificationCenter.default`, `FileManager.default`, `UserDefaults.standard`, `URLSession.shared`,
/// `NSWorkspace.shared`, the pasteboards…), written as the
/// SDKs declare them. The scan never sees these types' sources, so `fix` reads their signatures
/// here; it wraps them in a `Live…` adapter whose methods call the real ones, so a detail this
/// table spells differently from an SDK (a typealias, an added `@Sendable`) still compiles.
/// A type the SDKs declare `Sendable` says so here (`extension FileManager: @unchecked Sendable`),
/// read as a scanned type's conformance is: its protocol is `Sendable` too, or a view
/// model that hands it to another actor or an `async` call would not compile in Swift 6 mode
/// (Kiwix's `LibraryViewModel` and its `URLSession`).
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

    /// Platform inits that return an optional, by type and first label (`UserDefaults(suiteName:)`):
    /// the adapter over such an instance, and every use of it, would have to handle `nil`.
    static let failableInits: [String: Set<String>] = ["UserDefaults": ["suiteName"]]

    private static let services: [String: Service] = [
        "NotificationCenter": Service(module: "Foundation", memberImports: ["publisher": ["Combine"]], globalActor: nil, declarations: """
            extension NotificationCenter: @unchecked Sendable {
                func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher
                func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?)
                func removeObserver(_ observer: Any, name aName: NSNotification.Name?, object anObject: Any?)
                func post(name aName: Notification.Name, object anObject: Any? = nil, userInfo aUserInfo: [AnyHashable: Any]? = nil)
                func post(_ notification: Notification)
                func addObserver(forName name: Notification.Name?, object obj: Any?, queue: OperationQueue?, using block: @escaping @Sendable (Notification) -> Void) -> any NSObjectProtocol
                func removeObserver(_ observer: Any)
                func notifications(named name: Notification.Name, object: (any AnyObject & Sendable)? = nil) -> NotificationCenter.Notifications
            }
            """),
        "FileManager": Service(module: "Foundation", globalActor: nil, declarations: """
            extension FileManager: @unchecked Sendable {
                var temporaryDirectory: URL { get }
                var homeDirectoryForCurrentUser: URL { get }
                var currentDirectoryPath: String { get }
                func displayName(atPath path: String) -> String
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
                func fileExists(atPath path: String, isDirectory: UnsafeMutablePointer<ObjCBool>?) -> Bool
                func createDirectory(atPath path: String, withIntermediateDirectories createIntermediates: Bool, attributes: [FileAttributeKey: Any]? = nil) throws
                func enumerator(atPath path: String) -> FileManager.DirectoryEnumerator?
                func enumerator(at url: URL, includingPropertiesForKeys keys: [URLResourceKey]?, options mask: FileManager.DirectoryEnumerationOptions = [], errorHandler handler: ((URL, any Error) -> Bool)? = nil) -> FileManager.DirectoryEnumerator?
                func copyItem(atPath srcPath: String, toPath dstPath: String) throws
                func moveItem(atPath srcPath: String, toPath dstPath: String) throws
                func url(for directory: FileManager.SearchPathDirectory, in domain: FileManager.SearchPathDomainMask, appropriateFor url: URL?, create shouldCreate: Bool) throws -> URL
                func setAttributes(_ attributes: [FileAttributeKey: Any], ofItemAtPath path: String) throws
                func subpathsOfDirectory(atPath path: String) throws -> [String]
                func attributesOfFileSystem(forPath path: String) throws -> [FileAttributeKey: Any]
                func replaceItemAt(_ originalItemURL: URL, withItemAt newItemURL: URL, backupItemName: String? = nil, options: FileManager.ItemReplacementOptions = []) throws -> URL?
                func createSymbolicLink(at url: URL, withDestinationURL destURL: URL) throws
                func contentsEqual(atPath path1: String, andPath path2: String) -> Bool
                var currentDirectoryPath: String { get }
            }
            """),
        "UserDefaults": Service(module: "Foundation", globalActor: nil, declarations: """
            extension UserDefaults: @unchecked Sendable {
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
                func set(_ value: Float, forKey defaultName: String)
                func set(_ url: URL?, forKey defaultName: String)
                func float(forKey defaultName: String) -> Float
                func setValue(_ value: Any?, forKey key: String)
                func value(forKey key: String) -> Any?
                func dictionaryRepresentation() -> [String: Any]
                func persistentDomain(forName domainName: String) -> [String: Any]?
                func removePersistentDomain(forName domainName: String)
                func synchronize() -> Bool
            }
            """),
        "NSUbiquitousKeyValueStore": Service(module: "Foundation", globalActor: nil, declarations: """
            extension NSUbiquitousKeyValueStore {
                func object(forKey aKey: String) -> Any?
                func set(_ anObject: Any?, forKey aKey: String)
                func removeObject(forKey aKey: String)
                func string(forKey aKey: String) -> String?
                func array(forKey aKey: String) -> [Any]?
                func dictionary(forKey aKey: String) -> [String: Any]?
                func data(forKey aKey: String) -> Data?
                func longLong(forKey aKey: String) -> Int64
                func double(forKey aKey: String) -> Double
                func bool(forKey aKey: String) -> Bool
                func set(_ aString: String?, forKey aKey: String)
                func set(_ aData: Data?, forKey aKey: String)
                func set(_ anArray: [Any]?, forKey aKey: String)
                func set(_ aDictionary: [String: Any]?, forKey aKey: String)
                func set(_ value: Int64, forKey aKey: String)
                func set(_ value: Double, forKey aKey: String)
                func set(_ value: Bool, forKey aKey: String)
                var dictionaryRepresentation: [String: Any] { get }
                func synchronize() -> Bool
            }
            """),
        "URLSession": Service(module: "Foundation", memberImports: ["dataTaskPublisher": ["Combine"]], globalActor: nil, declarations: """
            extension URLSession: @unchecked Sendable {
                func data(from url: URL) async throws -> (Data, URLResponse)
                func data(for request: URLRequest) async throws -> (Data, URLResponse)
                func download(from url: URL) async throws -> (URL, URLResponse)
                func upload(for request: URLRequest, from bodyData: Data) async throws -> (Data, URLResponse)
                var configuration: URLSessionConfiguration { get }
                func dataTask(with request: URLRequest) -> URLSessionDataTask
                func dataTask(with url: URL) -> URLSessionDataTask
                func dataTask(with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask
                func dataTask(with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask
                func downloadTask(with url: URL) -> URLSessionDownloadTask
                func downloadTask(with request: URLRequest) -> URLSessionDownloadTask
                func downloadTask(with url: URL, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void) -> URLSessionDownloadTask
                func downloadTask(with request: URLRequest, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void) -> URLSessionDownloadTask
                func uploadTask(with request: URLRequest, from bodyData: Data?, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionUploadTask
                func dataTaskPublisher(for url: URL) -> URLSession.DataTaskPublisher
                func dataTaskPublisher(for request: URLRequest) -> URLSession.DataTaskPublisher
                func invalidateAndCancel()
                func finishTasksAndInvalidate()
            }
            """),
        "UIApplication": Service(module: "UIKit", globalActor: "MainActor", declarations: """
            extension UIApplication {
                var applicationState: UIApplication.State { get }
                var connectedScenes: Set<UIScene> { get }
                var supportsAlternateIcons: Bool { get }
                var alternateIconName: String? { get }
                var applicationIconBadgeNumber: Int { get set }
                func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil)
                func canOpenURL(_ url: URL) -> Bool
                func setAlternateIconName(_ alternateIconName: String?) async throws
                func setAlternateIconName(_ alternateIconName: String?, completionHandler: (@MainActor @Sendable ((any Error)?) -> Void)? = nil)
                func registerForRemoteNotifications()
                func beginReceivingRemoteControlEvents()
                func endReceivingRemoteControlEvents()
                func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool
                var delegate: (any UIApplicationDelegate)? { get }
                var isIdleTimerDisabled: Bool { get set }
                var windows: [UIWindow] { get }
                var isRegisteredForRemoteNotifications: Bool { get }
                var backgroundTimeRemaining: TimeInterval { get }
                var preferredContentSizeCategory: UIContentSizeCategory { get }
                var isProtectedDataAvailable: Bool { get }
                func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool
                func beginBackgroundTask(expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier
                func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier)
                func unregisterForRemoteNotifications()
            }
            """),
        "URLCache": Service(module: "Foundation", globalActor: nil, declarations: """
            extension URLCache {
                var memoryCapacity: Int { get set }
                var diskCapacity: Int { get set }
                var currentMemoryUsage: Int { get }
                var currentDiskUsage: Int { get }
                func cachedResponse(for request: URLRequest) -> CachedURLResponse?
                func storeCachedResponse(_ cachedResponse: CachedURLResponse, for request: URLRequest)
                func removeCachedResponse(for request: URLRequest)
                func removeAllCachedResponses()
            }
            """),
        "HTTPCookieStorage": Service(module: "Foundation", globalActor: nil, declarations: """
            extension HTTPCookieStorage {
                var cookies: [HTTPCookie]? { get }
                func cookies(for URL: URL) -> [HTTPCookie]?
                func setCookie(_ cookie: HTTPCookie)
                func deleteCookie(_ cookie: HTTPCookie)
                func removeCookies(since date: Date)
                func setCookies(_ cookies: [HTTPCookie], for URL: URL?, mainDocumentURL: URL?)
            }
            """),
        "NSWorkspace": Service(module: "AppKit", globalActor: nil, declarations: """
            extension NSWorkspace {
                var runningApplications: [NSRunningApplication] { get }
                var frontmostApplication: NSRunningApplication? { get }
                var notificationCenter: NotificationCenter { get }
                func open(_ url: URL) -> Bool
                func open(_ url: URL, configuration: NSWorkspace.OpenConfiguration, completionHandler: (@Sendable (NSRunningApplication?, (any Error)?) -> Void)? = nil)
                func openApplication(at applicationURL: URL, configuration: NSWorkspace.OpenConfiguration, completionHandler: (@Sendable (NSRunningApplication?, (any Error)?) -> Void)? = nil)
                func selectFile(_ fullPath: String?, inFileViewerRootedAtPath rootFullPath: String) -> Bool
                func activateFileViewerSelecting(_ fileURLs: [URL])
                func icon(forFile fullPath: String) -> NSImage
                func urlForApplication(withBundleIdentifier bundleIdentifier: String) -> URL?
                func urlForApplication(toOpen url: URL) -> URL?
                func isFilePackage(atPath fullPath: String) -> Bool
                func recycle(_ URLs: [URL], completionHandler handler: (@Sendable ([URL: URL], (any Error)?) -> Void)? = nil)
            }
            """),
        "NSPasteboard": Service(module: "AppKit", globalActor: nil, declarations: """
            extension NSPasteboard {
                var changeCount: Int { get }
                var types: [NSPasteboard.PasteboardType]? { get }
                var pasteboardItems: [NSPasteboardItem]? { get }
                func clearContents() -> Int
                func declareTypes(_ newTypes: [NSPasteboard.PasteboardType], owner newOwner: Any?) -> Int
                func setString(_ string: String, forType dataType: NSPasteboard.PasteboardType) -> Bool
                func string(forType dataType: NSPasteboard.PasteboardType) -> String?
                func setData(_ data: Data?, forType dataType: NSPasteboard.PasteboardType) -> Bool
                func data(forType dataType: NSPasteboard.PasteboardType) -> Data?
                func writeObjects(_ objects: [any NSPasteboardWriting]) -> Bool
                func readObjects(forClasses classArray: [AnyClass], options: [NSPasteboard.ReadingOptionKey: Any]? = nil) -> [Any]?
            }
            """),
        "UIPasteboard": Service(module: "UIKit", globalActor: nil, declarations: """
            extension UIPasteboard {
                var string: String? { get set }
                var strings: [String]? { get set }
                var url: URL? { get set }
                var image: UIImage? { get set }
                var hasStrings: Bool { get }
                var hasURLs: Bool { get }
                var hasImages: Bool { get }
                func setValue(_ value: Any, forPasteboardType pasteboardType: String)
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
