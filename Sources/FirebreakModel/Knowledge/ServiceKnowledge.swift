/// What firebreak knows about platform and SDK types it cannot see the source of.
public struct ServiceKnowledge: Sendable {
    /// Process-wide shared instances of platform and SDK services, as `Type.member`.
    public static let builtInSingletons: Set<String> = [
        "URLSession.shared", "UserDefaults.standard", "FileManager.default", "NotificationCenter.default",
        "UNUserNotificationCenter.current", "UIApplication.shared", "HTTPCookieStorage.shared",
        "URLCache.shared", "NSUbiquitousKeyValueStore.default", "WCSession.default",
        "CKContainer.default", "PHPhotoLibrary.shared", "SKPaymentQueue.default",
        "AVAudioSession.sharedInstance", "NSWorkspace.shared", "NSApplication.shared",
        "MPNowPlayingInfoCenter.default",
        // Kingfisher's shared disk and memory cache.
        "ImageCache.default",
        // Firebase's accessors for its shared clients.
        "Auth.auth", "Firestore.firestore", "Storage.storage", "Database.database",
        "Messaging.messaging", "Crashlytics.crashlytics", "RemoteConfig.remoteConfig", "Functions.functions",
        "Analytics.shared",
    ]

    /// What a platform singleton is used for when it is not a service: keyboard, windows, scenes,
    /// content size and showing the app's icon are UI plumbing, while `open`, changing the icon,
    /// notification registration, the badge, background tasks and the delegate are the app talking
    /// to the system.
    public static let plumbingMembers: [String: Set<String>] = [
        "UIApplication": [
            "sendAction", "windows", "keyWindow", "connectedScenes", "openSessions", "supportedInterfaceOrientations",
            "preferredContentSizeCategory", "userInterfaceLayoutDirection", "isIdleTimerDisabled", "statusBarOrientation",
            "applicationState", "supportsMultipleScenes", "endEditing", "beginIgnoringInteractionEvents", "endIgnoringInteractionEvents",
            "isNetworkActivityIndicatorVisible", "requestSceneSessionActivation", "requestSceneSessionDestruction",
        ],
        "NSApplication": [
            "keyWindow", "mainWindow", "windows", "sendAction", "activate", "effectiveAppearance", "appearance", "orderedWindows",
            "currentEvent", "isActive", "hide", "unhide", "terminate", "mainMenu", "applicationIconImage", "icon",
        ],
    ]

    /// Words in a member's name that say it is about windows, scenes, the keyboard, content size or
    /// the look of the app,
    /// for an app's own extensions of a platform singleton (`UIApplication.shared.firstKeyWindow`).
    static let plumbingWords = [
        "window", "scene", "keyboard", "firstresponder", "contentsize", "statusbar", "orientation", "topmost",
        "appearance", "accentcolor", "tintcolor", "interfacestyle",
    ]

    /// Observing the notification centre for the system's own UI events (the app becoming
    /// active, the keyboard, orientation, content size, a player item reaching its end) is UI
    /// plumbing, as `scenePhase` is;
    /// observing the app's own names, or posting, is the app-wide event bus. Removing an observer
    /// is bookkeeping for the subscription already judged.
    static let notificationObservers: Set<String> = ["publisher", "addObserver", "notifications"]
    static let systemNotificationPrefixes = [
        "UIApplication", "UIScene", "UIWindow", "UIDevice", "UIResponder", "UIKeyboard", "UIContentSizeCategory",
        "UIAccessibility", "UIScreen", "NSApplication", "NSWindow", "NSWorkspace", "AVPlayerItem",
        // A hardware keyboard, game controller or mouse connecting: input devices, as the keyboard is.
        "GCKeyboard", "GCController", "GCMouse",
    ]

    static func isNotificationPlumbing(member: String, argument: String?) -> Bool {
        if member == "removeObserver" { return true }
        guard notificationObservers.contains(member), var name = argument else { return false }
        for prefix in ["NSNotification.Name.", "Notification.Name.", "."] where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        return systemNotificationPrefixes.contains { name.hasPrefix($0) }
    }

    static func isPlumbing(type: String, member: String, argument: String? = nil) -> Bool {
        if type == "NotificationCenter" { return isNotificationPlumbing(member: member, argument: argument) }
        guard let members = plumbingMembers[type] else { return false }
        if members.contains(member) { return true }
        let lowered = member.lowercased()
        return plumbingWords.contains { lowered.contains($0) }
    }

    /// Calls that write a log line: a logger read through a shared instance is not a service the
    /// reader depends on (`Logger.shared.info(…)`), whatever the logger is.
    public static let loggingMembers: Set<String> = [
        "log", "debug", "info", "notice", "warning", "warn", "error", "fault", "critical", "trace", "verbose",
    ]

    /// A call that writes a log line: one of `loggingMembers` on any type, or, on a type named for
    /// logging (`LoggingService`, `AppLogger`), a log call named for what it logs (`logPlayer(…)`,
    /// `logAPIError(…)`). An analytics service's `logEvent(…)` and a session's `logOut()` are calls
    /// to services.
    public static func isLoggingCall(member: String, on type: String) -> Bool {
        if loggingMembers.contains(member) { return true }
        guard type.contains("Log"), member.hasPrefix("log"), let next = member.dropFirst(3).first, next.isUppercase else { return false }
        return !["logIn", "logOut", "logOff", "logOn"].contains { member.hasPrefix($0) }
    }

    /// Member names that read a shared instance on a type firebreak cannot see.
    public static let unknownTypeSingletonMembers: Set<String> = ["shared", "sharedInstance"]

    /// Shared instances of the UI frameworks' own panels, menus and text tools: windows and
    /// controls the system shows for the app, UI plumbing like a view's own controls, with nothing
    /// behind them a preview would have to stand in for. Only `shared` and `sharedInstance` are
    /// read as singletons on types firebreak cannot see, so these are the ones to name.
    public static let interfaceSingletons: Set<String> = [
        "NSColorPanel.shared", "NSFontPanel.shared", "NSFontManager.shared", "NSSpellChecker.shared",
        "NSHelpManager.shared", "UIMenuController.shared", "UIPrintInteractionController.shared",
    ]

    /// Types whose static members are values or process facts, never services.
    public static let neverServices: Set<String> = [
        "Color", "Font", "Animation", "Calendar", "Locale", "TimeZone", "ProcessInfo", "Bundle",
        "UIColor", "UIFont", "NSColor", "NSFont", "Image", "UIImage", "Text", "EdgeInsets",
        "DispatchQueue", "RunLoop", "OperationQueue", "Date", "UUID", "URL", "CGFloat", "Double",
        "Int", "String", "Array", "Dictionary", "Set", "Optional", "Result", "Task",
    ]

    /// Platform and SDK classes whose construction creates a live service.
    /// A value is the argument labels that make the call a service construction
    /// (`URLSession(configuration:)`), or nil for any call.
    public static let builtInServiceClasses: [String: [String]?] = [
        "CLLocationManager": nil, "NWPathMonitor": nil, "HKHealthStore": nil,
        "NSPersistentContainer": nil, "NSPersistentCloudKitContainer": nil,
        "CBCentralManager": nil, "CBPeripheralManager": nil, "CMMotionManager": nil,
        "EKEventStore": nil, "CNContactStore": nil, "Realm": nil, "MoyaProvider": nil,
        "DatabaseQueue": nil, "DatabasePool": nil, "LAContext": nil,
        "URLSession": ["configuration"], "UserDefaults": ["suiteName"],
    ]

    /// Names of static properties that, holding the declaring class itself, make it a singleton.
    public static let singletonPropertyNames: Set<String> = [
        "shared", "sharedInstance", "default", "standard", "current", "instance", "singleton", "global",
    ]

    public static func isSingletonPropertyName(_ name: String) -> Bool {
        singletonPropertyNames.contains(name) || (name.hasPrefix("shared") && name.count > 6)
    }

    private let singletons: Set<String>
    private let allowedSingletons: Set<String>
    /// The members `singletons` names, and the singletons configuration adds to the built-in ones:
    /// rules ask for every static member read, and most reads can be answered without building
    /// and hashing a `Type.member` string.
    private let singletonMembers: Set<String>
    private let configuredSingletons: Set<String>

    public init(singletons adjustment: ListAdjustment = ListAdjustment()) {
        singletons = Self.builtInSingletons.union(adjustment.extra.map(Self.stripCall))
        allowedSingletons = Set(adjustment.allowed.map(Self.stripCall))
        singletonMembers = Set(singletons.map(\.lastNameComponent))
        configuredSingletons = singletons.subtracting(Self.builtInSingletons)
    }

    private static func stripCall(_ entry: String) -> String {
        entry.hasSuffix("()") ? String(entry.dropLast(2)) : entry
    }

    public func isAllowed(type: String, member: String) -> Bool {
        guard !allowedSingletons.isEmpty else { return false }
        return allowedSingletons.contains("\(type).\(member)") || allowedSingletons.contains("\(type).*")
    }

    /// A shared platform or SDK instance read on a type not declared in the scanned code; with the
    /// member read on it, UI plumbing (`UIApplication.shared.sendAction`) is not one.
    public func isExternalSingleton(type: String, member: String, chainedMember: String? = nil, chainedArgument: String? = nil) -> Bool {
        if isAllowed(type: type, member: member) || Self.neverServices.contains(type) { return false }
        if let chainedMember, Self.isPlumbing(type: type, member: chainedMember, argument: chainedArgument) { return false }
        if Self.unknownTypeSingletonMembers.contains(member) { return !Self.interfaceSingletons.contains("\(type).\(member)") }
        return singletonMembers.contains(member) && singletons.contains("\(type).\(member)")
    }

    /// Whether `type`, not declared in the scanned code, is a platform or SDK class whose shared
    /// instance is a service: an app's own `extension Logger { static let shared = … }` makes no
    /// service of `os.Logger`, a struct.
    public static func isKnownServiceType(_ type: String) -> Bool {
        builtInServiceClasses[type] != nil || builtInSingletons.contains { $0.hasPrefix(type + ".") } || InputOutputAPIs.kind(of: type) != nil
    }

    /// A singleton named in configuration for a type that is declared in the scanned code.
    public func isConfiguredSingleton(type: String, member: String) -> Bool {
        guard !configuredSingletons.isEmpty, !isAllowed(type: type, member: member) else { return false }
        return configuredSingletons.contains("\(type).\(member)")
    }

    public static func isServiceConstruction(type: String, labels: [String]) -> Bool {
        guard let entry = builtInServiceClasses[type] else { return false }
        guard let required = entry else { return true }
        return required.allSatisfy(labels.contains)
    }
}
