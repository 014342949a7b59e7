import FirebreakScan

/// Modules whose import marks a file as infrastructure, and is a finding in high-level code.
public struct InfrastructureFrameworks: Sendable {
    public static let builtIn: Set<String> = [
        "UserNotifications", "CoreData", "CoreLocation", "HealthKit", "RealmSwift", "Realm",
        "Alamofire", "Moya", "GRDB", "Firebase", "WeatherKit",
    ]
    /// Every `Firebase*` module (FirebaseAuth, FirebaseFirestore…) counts as Firebase.
    public static let builtInPrefixes = ["Firebase"]

    private let extra: Set<String>
    private let allowed: Set<String>

    public init(_ adjustment: ListAdjustment = ListAdjustment()) {
        extra = Set(adjustment.extra)
        allowed = Set(adjustment.allowed)
    }

    public func contains(_ module: String) -> Bool {
        if allowed.contains(module) { return false }
        if extra.contains(module) || Self.builtIn.contains(module) { return true }
        return Self.builtInPrefixes.contains { module.hasPrefix($0) && !allowed.contains($0) }
    }

    /// The file's imports that reach an infrastructure framework: not one another of its imports
    /// brings anyway (CoreLocation beside MapKit), nor one of which the file names only values
    /// (CoreLocation for a map annotation's coordinates).
    public func reachingImports(of file: FileFacts) -> [ImportFact] {
        let brought = ExternalFrameworks.broughtByOtherImports(file.imports)
        let names = file.references.lazy.map(\.name)
        return file.imports.filter {
            contains($0.module) && !brought.contains($0.module) && !FrameworkValueTypes.namesOnlyValues(of: $0.module, in: names)
        }
    }
}
