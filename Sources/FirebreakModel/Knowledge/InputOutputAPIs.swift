import FirebreakScan

/// Platform and SDK APIs whose use is input or output: the network, the disk, a database, the
/// keychain, an operating-system service or a third-party SDK. A type whose own code uses one is
/// infrastructure by what it does, whatever its name (`InputOutputEvidence`).
///
/// Only names no scanned file declares are looked up here: an app's own `Database` class is judged
/// by its own code, not by Firebase's type of the same name.
public enum InputOutputAPIs {
    public enum Kind: String, Sendable, Hashable {
        case network, disk, database, keychain
        case osService = "OS service"
        case sdk = "SDK"
    }

    /// Types whose instances, static members or construction do I/O, by simple name. Delegate
    /// protocols are here too: conforming to one is receiving what the service reads.
    static let types: [String: Kind] = {
        var table: [String: Kind] = [:]
        func add(_ kind: Kind, _ names: String) {
            for name in names.split(separator: " ") { table[String(name)] = kind }
        }
        add(.network, """
            URLSession URLSessionDataTask URLSessionDownloadTask URLSessionUploadTask URLSessionWebSocketTask \
            URLSessionDelegate URLSessionTaskDelegate URLSessionDataDelegate URLSessionDownloadDelegate \
            NWConnection NWListener NWBrowser AF MoyaProvider ApolloClient WebSocket ASWebAuthenticationSession \
            GIDSignIn
            """)
        add(.disk, "URLCache FileManager FileHandle NSFileCoordinator NSFilePresenter UIDocument NSDocument InputStream OutputStream")
        add(.database, """
            NSPersistentContainer NSPersistentCloudKitContainer NSManagedObjectContext NSPersistentStoreCoordinator \
            NSFetchRequest NSFetchedResultsController NSBatchDeleteRequest NSBatchInsertRequest NSBatchUpdateRequest \
            NSFetchedResultsControllerDelegate ModelContainer ModelContext Realm DatabaseQueue DatabasePool \
            DatabaseMigrator FMDatabase FMDatabaseQueue CKContainer CKDatabase CKQueryOperation CKModifyRecordsOperation \
            Firestore DocumentReference CollectionReference
            """)
        add(.keychain, """
            SecItemAdd SecItemCopyMatching SecItemUpdate SecItemDelete KeychainSwift KeychainWrapper SAMKeychain \
            Keychain LAContext
            """)
        add(.osService, """
            UserDefaults NSUbiquitousKeyValueStore UNUserNotificationCenter UNUserNotificationCenterDelegate \
            CLLocationManager CLLocationManagerDelegate CLGeocoder CLMonitor HKHealthStore HKObserverQuery HKSampleQuery \
            CMMotionManager CMPedometer CMAltimeter EKEventStore CNContactStore PHPhotoLibrary PHImageManager \
            PHCachingImageManager AVAudioSession AVCaptureSession AVAudioRecorder AVAudioEngine CBCentralManager \
            CBPeripheralManager CBCentralManagerDelegate CBPeripheralDelegate WCSession WCSessionDelegate SKPaymentQueue \
            SKProductsRequest SKPaymentTransactionObserver AppStore BGTaskScheduler WidgetCenter CSSearchableIndex \
            MPRemoteCommandCenter MPNowPlayingInfoCenter NEVPNManager SFSpeechRecognizer NWPathMonitor \
            INPreferences ATTrackingManager HMHomeManager NFCNDEFReaderSession NSPasteboard UIPasteboard CGEvent \
            NSWorkspace SMAppService
            """)
        add(.sdk, """
            Mixpanel Amplitude SentrySDK Purchases KingfisherManager ImageDownloader ImagePipeline SDWebImageManager \
            AppsFlyerLib OneSignal Intercom Bugsnag FirebaseApp Crashlytics Messaging RemoteConfig PostHogSDK \
            DatadogCore Braze LDClient Statsig
            """)
        return table
    }()

    /// Kinds of reference that are a use of the API, as opposed to naming it in a signature: a
    /// type that merely passes a `URLSession` along does no I/O of its own.
    /// SDK types found through a file's imports count only when used this way and not as a
    /// conformance or attribute (`sdkUse`): a Realm `Object` subclass is data, not a service.
    public static func isUse(_ kind: ReferenceKind) -> Bool {
        switch kind {
        case .storedProperty, .instantiation, .staticMember, .expression, .typeAnnotation, .inheritance, .attribute: true
        default: false
        }
    }

    public static func isSDKUse(_ kind: ReferenceKind) -> Bool {
        switch kind {
        case .storedProperty, .instantiation, .staticMember, .expression: true
        default: false
        }
    }

    /// What `name` (written in code, not declared in the scanned files) does, if it does I/O.
    public static func kind(of name: String) -> Kind? {
        types[name.lastNameComponent]
    }

    /// `Data(contentsOf:)`, `String(contentsOf:)`: reading a file or a URL.
    public static func isReadingConstruction(type: String, labels: [String]) -> Bool {
        (type == "Data" || type == "String" || type == "NSData" || type == "NSString") && labels.first == "contentsOf"
    }
}
