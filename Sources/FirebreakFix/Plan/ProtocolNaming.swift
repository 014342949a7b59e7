/// Names for what `fix` writes: the protocol after the capability the used members share
/// (`fetchUser`, `fetchFeed` → `APIFetching`), else `<Concrete>Providing`; the property after
/// the concrete type (`APIClient` → `apiClient`).
enum ProtocolNaming {
    /// Verbs whose gerund names a capability, as in the seeds (`MarketsRepository` fetches).
    private static let gerunds: [String: String] = [
        "fetch": "Fetching", "load": "Loading", "save": "Saving", "store": "Storing", "track": "Tracking",
        "log": "Logging", "send": "Sending", "schedule": "Scheduling", "sync": "Syncing", "upload": "Uploading",
        "download": "Downloading", "request": "Requesting", "delete": "Deleting", "play": "Playing",
        "record": "Recording", "search": "Searching", "authenticate": "Authenticating", "notify": "Notifying",

    ]

    /// Suffixes that say what kind of object a type is, not what it does.
    private static let roleSuffixes = ["Client", "Service", "Manager", "Provider", "Repository", "Controller", "Store", "Handler"]

    static func protocolName(concrete: String, members: [String]) -> String {
        let verbs = Set(members.map(leadingVerb))
        if verbs.count == 1, let verb = verbs.first, let gerund = gerunds[verb] {
            var base = concrete
            // `CLLocationManager` requests: `LocationRequesting`.
            if frameworkPrefixes.contains(String(base.prefix(2))), base.dropFirst(2).first?.isUppercase == true,
               base.dropFirst(3).first?.isLowercase == true {
                base.removeFirst(2)
            }
            // `AnalyticsTracker` tracks: `AnalyticsTracking`, not `AnalyticsTrackerTracking`; a
            // `Tracker` that tracks is `Tracking`, as Swift names capabilities (`ProgressReporting`).
            for suffix in roleSuffixes + [agentNoun(verb)] where base.hasSuffix(suffix) {
                base.removeLast(suffix.count)
                break
            }
            return base + gerund
        }
        // `StatusProvider` provides already: `StatusProviding`, not `StatusProviderProviding`.
        if concrete.hasSuffix("Provider"), concrete.count > "Provider".count { return concrete.dropLast("Provider".count) + "Providing" }
        return concrete + "Providing"
    }

    /// `track` → `Tracker`, `schedule` → `Scheduler`, `log` → `Logger`.
    static func agentNoun(_ verb: String) -> String {
        let capitalized = verb.prefix(1).uppercased() + verb.dropFirst()
        if verb == "log" { return "Logger" }
        return capitalized + (verb.hasSuffix("e") ? "r" : "er")
    }

    /// A protocol's name without a `Providing` suffix, for the types named after it
    /// (`LiveNotificationCenter`, `PreviewImageCache`; `AnalyticsTracking` stays).
    static func stem(of protocolName: String) -> String {
        protocolName.hasSuffix("Providing") && protocolName.count > "Providing".count
            ? String(protocolName.dropLast("Providing".count)) : protocolName
    }

    /// The lowercase prefix of a member name: `fetch` of `fetchUser`.
    static func leadingVerb(_ member: String) -> String {
        String(member.prefix { $0.isLowercase })
    }

    /// The two-letter prefixes of Apple's frameworks, which property names drop.
    private static let frameworkPrefixes: Set<String> = ["UN", "CL", "AV", "UI", "NS", "WK", "CB", "MK", "PH", "SK", "GK", "HK", "CK", "EK"]

    /// `APIClient` → `apiClient`, `URLSession` → `urlSession`, `Database` → `database`,
    /// `UNUserNotificationCenter` → `userNotificationCenter`.
    static func propertyName(for type: String) -> String {
        var type = type
        let prefix = String(type.prefix(2))
        if frameworkPrefixes.contains(prefix), type.count > 3, type.dropFirst(2).first?.isUppercase == true,
           type.dropFirst(3).first?.isLowercase == true {
            type.removeFirst(2)
        }
        let characters = Array(type)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return type }
        // In `APIClient` the run is `APIC`: its last letter starts the next word.
        let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
        return characters[..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }

    /// `ProfileViewModel` → `Profile`: the prefix that tells two owners' protocols apart.
    static func ownerStem(_ owner: String) -> String {
        for suffix in ["ViewModel", "ViewController", "View", "Screen", "Model", "Store"] where owner.hasSuffix(suffix) && owner.count > suffix.count {
            return String(owner.dropLast(suffix.count))
        }
        return owner
    }
}
