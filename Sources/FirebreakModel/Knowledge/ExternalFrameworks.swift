import FirebreakScan

/// Which framework a name that no scanned file declares most likely comes from.
///
/// Attribution, first match wins: a module-qualified name (`SwiftUI.View`); a table of well-known
/// names; a framework's type prefix (`CL`, `UN`, `HK`…); the file's only non-platform import.
/// Anything else stays unattributed and is counted as unresolved, never guessed.
public enum ExternalFrameworks {
    public enum Evidence: String, Sendable, Codable {
        case qualified, knownName = "known-name", prefix, soleImport = "sole-import"
    }

    /// Frameworks every Apple-platform file can see through the usual imports.
    public static let platform: Set<String> = [
        "Swift", "Foundation", "SwiftUI", "UIKit", "AppKit", "Combine", "Observation", "Dispatch", "os",
        "_Concurrency", "CoreGraphics", "QuartzCore", "SwiftData",
    ]

    /// Frameworks whose interface imports another for every file that imports it (`import MapKit`
    /// brings CoreLocation's types, which its annotations and regions are made of): a file that
    /// imports both compiles against the second whether it names it or not.
    public static let reExports: [String: Set<String>] = [
        "MapKit": ["CoreLocation"],
    ]

    /// The modules a file's other imports bring anyway: an import of one of them says nothing.
    public static func broughtByOtherImports(_ imports: [ImportFact]) -> Set<String> {
        Set(imports.flatMap { reExports[$0.module] ?? [] })
    }

    /// Imports that cost a compile job little to load: the standard library's own modules and the C
    /// library. Every other framework (Foundation, SwiftUI, UIKit, Firebase…) costs a build seconds
    /// the first time a module imports it, as the cold-build fit measured (docs/closure-model.md).
    static let lightImports: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "_Differentiation", "Builtin", "SwiftShims", "Synchronization",
        "RegexBuilder", "Observation", "Distributed", "Cxx", "CxxStdlib",
        "Glibc", "SwiftGlibc", "Darwin", "Musl", "Bionic", "Android", "WinSDK", "ucrt", "CRT", "WASILibc", "wasi_pthread",
    ]

    /// Whether importing `module` (not a scanned one) loads a framework into every compile job.
    /// Names starting with `_` are private shims.
    public static func loadsAtCompileTime(_ module: String) -> Bool {
        !lightImports.contains(module) && !module.hasPrefix("_")
    }

    static let knownNames: [String: String] = {
        var table: [String: String] = [:]
        func add(_ framework: String, _ names: String) {
            for name in names.split(separator: " ") where table[String(name)] == nil { table[String(name)] = framework }
        }
        add("Swift", """
            Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Float80 Bool String Character \
            Substring Array Dictionary Set Optional Result Error Never Void Any AnyObject AnyHashable Equatable \
            Hashable Comparable Codable Encodable Decodable Identifiable Sendable CustomStringConvertible \
            CustomDebugStringConvertible Sequence Collection BidirectionalCollection RandomAccessCollection \
            MutableCollection RangeReplaceableCollection IteratorProtocol Range ClosedRange Task TaskGroup \
            ThrowingTaskGroup MainActor Actor GlobalActor AsyncStream AsyncThrowingStream AsyncSequence \
            AsyncIteratorProtocol CaseIterable RawRepresentable CodingKey Encoder Decoder KeyPath WritableKeyPath \
            ReferenceWritableKeyPath PartialKeyPath AnyKeyPath Unicode StaticString ObjectIdentifier \
            CheckedContinuation UnsafeContinuation UnsafePointer UnsafeMutablePointer UnsafeRawPointer \
            UnsafeMutableRawPointer UnsafeBufferPointer ContiguousArray ArraySlice Slice Numeric \
            BinaryInteger FixedWidthInteger SignedInteger UnsignedInteger FloatingPoint BinaryFloatingPoint \
            ExpressibleByStringLiteral ExpressibleByIntegerLiteral ExpressibleByArrayLiteral LosslessStringConvertible \
            Mirror Duration ContinuousClock SuspendingClock Clock Copyable Escapable SIMD2 SIMD3 SIMD4 \
            ExpressibleByDictionaryLiteral ExpressibleByBooleanLiteral ExpressibleByFloatLiteral ExpressibleByNilLiteral \
            Strideable OptionSet SetAlgebra DefaultStringInterpolation StringProtocol CancellationError \
            UnsafeMutableBufferPointer AnySequence AnyCollection AnyIterator EnumeratedSequence Zip2Sequence \
            LazySequence ReversedCollection DiscardingTaskGroup AsyncMapSequence Int128 UInt128 \
            TaskPriority UnownedJob Executor SerialExecutor Hasher DecodingError EncodingError \
            KeyedDecodingContainer KeyedEncodingContainer SingleValueDecodingContainer UnkeyedDecodingContainer \
            CodingUserInfoKey Float16 Comparable Identifiable ObjectIdentifier Unmanaged AnyClass Sequence \
            CustomReflectable CustomPlaygroundDisplayConvertible ExpressibleByUnicodeScalarLiteral Collection \
            ExpressibleByExtendedGraphemeClusterLiteral ExpressibleByStringInterpolation StringInterpolationProtocol
            """)
        add("Foundation", """
            URL URLRequest URLSession URLSessionConfiguration URLSessionTask URLSessionDataTask URLResponse \
            HTTPURLResponse URLComponents URLQueryItem URLError URLCache HTTPCookieStorage HTTPCookie Data Date \
            DateFormatter ISO8601DateFormatter DateComponents DateComponentsFormatter DateInterval Calendar TimeZone \
            Locale TimeInterval JSONDecoder JSONEncoder PropertyListDecoder PropertyListEncoder JSONSerialization \
            UUID NotificationCenter Notification UserDefaults FileManager Bundle ProcessInfo Timer NumberFormatter \
            Measurement UnitLength UnitMass IndexPath IndexSet CharacterSet NSObject NSError LocalizedError \
            CustomNSError NSPredicate NSSortDescriptor NSAttributedString NSMutableAttributedString AttributedString \
            NSRange NSString NSNumber NSCache NSLock NSRecursiveLock OperationQueue Operation RunLoop Thread \
            DispatchQueue DispatchGroup DispatchSemaphore DispatchTime DispatchWorkItem DispatchSource \
            ByteCountFormatter RelativeDateTimeFormatter ListFormatter PersonNameComponents Decimal Scanner \
            NSRegularExpression FormatStyle NSUbiquitousKeyValueStore FileHandle Pipe Process InputStream \
            OutputStream NSKeyedArchiver NSKeyedUnarchiver NSCoder NSSecureCoding NSCopying NSLocking \
            ObservableObjectPublisher NSNotification NSDate NSData NSURL NSDictionary NSArray NSSet
            """)
        add("SwiftUI", """
            View Text Image Button VStack HStack ZStack LazyVStack LazyHStack LazyVGrid LazyHGrid GridItem Grid \
            GridRow List ForEach NavigationView NavigationStack NavigationSplitView NavigationLink NavigationPath \
            Form Section Toggle TextField SecureField TextEditor Spacer Divider Color Font Environment \
            EnvironmentKey EnvironmentValues EnvironmentObject State Binding StateObject ObservedObject App Scene \
            WindowGroup ViewModifier PreviewProvider ProgressView ScrollView ScrollViewReader Label Picker \
            DatePicker Stepper Slider Alert ActionSheet GeometryReader GeometryProxy Group GroupBox EmptyView \
            AnyView LinearGradient RadialGradient AngularGradient Gradient Circle Rectangle RoundedRectangle \
            Capsule Ellipse Path Shape InsettableShape Menu Link AsyncImage TabView Gauge Animation Transaction \
            Edge EdgeInsets Alignment HorizontalAlignment VerticalAlignment Angle UnitPoint FocusState AppStorage \
            SceneStorage Namespace ToolbarItem ToolbarItemGroup ToolbarItemPlacement DismissAction OpenURLAction \
            Bindable ViewBuilder SceneBuilder ToolbarContent Commands ColorScheme DynamicTypeSize ContentMode \
            ButtonStyle PrimitiveButtonStyle LabelStyle ListStyle Material ShapeStyle Canvas TimelineView \
            ContentUnavailableView ShareLink PhotosPicker Table TableColumn OutlineGroup DisclosureGroup \
            ControlGroup ContainerRelativeShape ViewThatFits AnyTransition AnyLayout Layout ProposedViewSize \
            PreferenceKey Visibility Axis LocalizedStringKey SubmitLabel Prominence UIViewRepresentable \
            UIViewControllerRepresentable NSViewRepresentable UIHostingController NSHostingView FetchRequest \
            FetchedResults SectionedFetchRequest Query ModelContext UIApplicationDelegateAdaptor ScenePhase \
            AccessibilityTraits KeyEquivalent EventModifiers Toggle ToggleStyle TextFieldStyle ProgressViewStyle \
            Content Context Body Coordinator UIViewType UIViewControllerType NSViewType PreviewDevice Previews \
            Configuration DragGesture TapGesture LongPressGesture MagnificationGesture Gesture GestureState \
            ScrollViewProxy Toolbar TupleView ModifiedContent ForEach Environment SwiftUI
            """)
        add("Combine", """
            ObservableObject Published AnyCancellable Cancellable PassthroughSubject CurrentValueSubject \
            AnyPublisher Publisher Subscriber Just Future Deferred Empty Fail Subscribers Publishers Subject \
            AnySubscriber
            """)
        add("Observation", "Observable ObservationIgnored ObservationTracked Observations")
        add("CoreData", """
            NSManagedObject NSManagedObjectContext NSPersistentContainer NSPersistentCloudKitContainer \
            NSFetchRequest NSEntityDescription NSPersistentStoreCoordinator NSFetchedResultsController \
            NSManagedObjectModel NSManagedObjectID NSBatchDeleteRequest NSPersistentStoreDescription \
            NSFetchRequestResult NSMergePolicy
            """)
        add("HealthKit", "HKHealthStore HKQuantityType HKQuantity HKSample HKObjectType HKUnit HKQuery")
        add("FirebaseFirestore", "Firestore DocumentReference CollectionReference DocumentSnapshot QuerySnapshot FieldValue ListenerRegistration Timestamp")
        add("FirebaseAuth", "Auth AuthDataResult AuthCredential AuthStateDidChangeListenerHandle")
        add("FirebaseCore", "FirebaseApp FirebaseOptions")
        add("FirebaseStorage", "StorageReference StorageMetadata")
        add("FirebaseAnalytics", "AnalyticsParameterScreenName")
        add("FirebaseCrashlytics", "Crashlytics")
        add("FirebaseMessaging", "Messaging MessagingDelegate")
        add("FirebaseRemoteConfig", "RemoteConfig RemoteConfigValue")
        add("Alamofire", "AF Alamofire DataRequest DataResponse HTTPHeaders HTTPHeader HTTPMethod ParameterEncoding JSONEncoding URLEncoding AFError DownloadRequest UploadRequest RequestInterceptor Interceptor")
        add("RealmSwift", "Realm Results ThreadSafeReference RealmCollection LinkingObjects Persisted ObjectId NotificationToken")
        add("GRDB", "DatabaseQueue DatabasePool DatabaseMigrator FetchableRecord PersistableRecord TableRecord DatabaseReader DatabaseWriter ValueObservation")
        add("Moya", "MoyaProvider TargetType MoyaError")
        add("MapKit", "Map MapCameraPosition MapAnnotation MapMarker Marker Annotation MapStyle")
        add("StoreKit", "Product Transaction AppStore SubscriptionStoreView StoreView VerificationResult")
        add("Network", "NWPathMonitor NWPath NWConnection NWEndpoint NWParameters")
        add("OSLog", "Logger OSLogType OSLogMessage OSLogStore")
        add("Charts", "Chart BarMark LineMark PointMark AreaMark RuleMark SectorMark PlottableValue")
        add("SwiftData", "Model ModelContainer ModelConfiguration FetchDescriptor Relationship Attribute Schema")
        add("WidgetKit", "Widget WidgetConfiguration TimelineProvider TimelineEntry StaticConfiguration WidgetCenter")
        add("XCTest", "XCTestCase XCTestExpectation XCUIApplication XCUIElement XCTUnwrap XCTFail XCTSkip")
        add("UIKit", "IBOutlet IBAction IBInspectable IBDesignable IBSegueAction")
        add("Testing", "Test Suite Tag Issue Confirmation")
        return table
    }()

    /// Type prefixes that identify a framework.
    static let prefixes: [(prefix: String, framework: String)] = [
        ("UN", "UserNotifications"), ("CL", "CoreLocation"), ("HK", "HealthKit"), ("MK", "MapKit"),
        ("AV", "AVFoundation"), ("WK", "WebKit"), ("CK", "CloudKit"), ("PH", "Photos"), ("SK", "StoreKit"),
        ("CN", "Contacts"), ("EK", "EventKit"), ("CB", "CoreBluetooth"), ("CM", "CoreMotion"), ("LA", "LocalAuthentication"),
        ("AS", "AuthenticationServices"), ("WC", "WatchConnectivity"), ("GK", "GameKit"), ("ARK", "ARKit"),
        ("SCN", "SceneKit"), ("UI", "UIKit"), ("NS", "Foundation"), ("CG", "CoreGraphics"), ("CA", "QuartzCore"),
        ("CI", "CoreImage"), ("CT", "CoreTelephony"), ("SF", "SafariServices"), ("MF", "MessageUI"),
        ("BG", "BackgroundTasks"), ("FIR", "Firebase"), ("GMS", "GoogleMaps"), ("RLM", "Realm"), ("XCT", "XCTest"),
    ]

    public struct Attribution: Sendable, Hashable {
        public var framework: String
        public var evidence: Evidence
    }

    /// The framework a name most likely comes from, or nil when nothing says so.
    /// - Parameters:
    ///   - name: as written, possibly qualified (`SwiftUI.View`).
    ///   - imports: modules the file imports that are not scanned modules.
    public static func attribute(_ name: String, imports: [String]) -> Attribution? {
        // Asked for every name the graph does not resolve: most have no dot and need no split.
        let components = name.isQualifiedName ? name.nameComponents : [name]
        if components.count > 1, imports.contains(components[0]) || platform.contains(components[0]) {
            return Attribution(framework: components[0], evidence: .qualified)
        }
        let first = components[0]
        if let framework = knownNames[first] {
            // Firebase's products are imported under many module names; any Firebase import counts.
            if framework.hasPrefix("Firebase"), let imported = imports.first(where: { $0.hasPrefix("Firebase") }) {
                return Attribution(framework: imported == "Firebase" ? "Firebase" : framework, evidence: .knownName)
            }
            return Attribution(framework: framework, evidence: .knownName)
        }
        // Every prefix is two or three capitals: a name that does not start with two is none of them.
        let head = first.utf8.prefix(2)
        guard head.count == 2, head.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return soleImport(imports)
        }
        for (prefix, framework) in prefixes where first.hasPrefix(prefix) {
            let rest = first.dropFirst(prefix.count)
            if let next = rest.unicodeScalars.first, next.properties.isUppercase {
                return Attribution(framework: framework, evidence: .prefix)
            }
        }
        return soleImport(imports)
    }

    /// The one import that is not a platform framework, if there is exactly one (counted without
    /// building a set per name).
    private static func soleImport(_ imports: [String]) -> Attribution? {
        var only: String?
        for imported in imports where !platform.contains(imported) {
            if let seen = only, seen != imported { return nil }
            only = imported
        }
        return only.map { Attribution(framework: $0, evidence: .soleImport) }
    }
}
