/// The value types of infrastructure frameworks: a file that names only these of a framework
/// (or nothing of it) uses the framework's data, not its services, and importing it for them
/// is no reach into infrastructure.
public enum FrameworkValueTypes {
    /// CoreLocation's coordinates and readings are what maps and models are made of (a map
    /// annotation's `CLLocationCoordinate2D`); its services are the location manager, the
    /// geocoder, the monitor and live updates.
    public static let byFramework: [String: Set<String>] = [
        "CoreLocation": [
            "CLLocationCoordinate2D", "CLLocationDegrees", "CLLocationDistance", "CLLocationDirection", "CLLocationSpeed",
            "CLLocationAccuracy", "CLLocation", "CLPlacemark", "CLHeading", "CLFloor", "CLRegion", "CLCircularRegion",
            "CLAuthorizationStatus", "CLAccuracyAuthorization", "CLLocationCoordinate2DMake", "CLLocationCoordinate2DIsValid",
            "kCLLocationCoordinate2DInvalid", "kCLDistanceFilterNone",
        ],
    ]

    /// Whether the names a file writes name nothing of `framework` but its values; false for a
    /// framework without a table of them.
    public static func namesOnlyValues(of framework: String, in names: some Sequence<String>) -> Bool {
        guard byFramework[framework] != nil else { return false }
        return names.allSatisfy { !isFramework(framework, $0) || isValue($0, of: framework) }
    }

    /// Whether a written name (`CLLocationCoordinate2D`, `CoreLocation.CLLocation.Type`) is one
    /// of the framework's values.
    public static func isValue(_ written: String, of framework: String) -> Bool {
        byFramework[framework]?.contains(String(typeName(written, of: framework))) ?? false
    }

    /// `CL…` or `kCL…` for CoreLocation: named with the framework's type prefix.
    private static func isFramework(_ framework: String, _ written: String) -> Bool {
        guard let prefix = ExternalFrameworks.prefixes.first(where: { $0.framework == framework })?.prefix else { return false }
        let name = typeName(written, of: framework)
        return name.hasPrefix("k" + prefix) || (name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true)
    }

    private static func typeName(_ written: String, of framework: String) -> Substring {
        var name = Substring(written)
        if name.hasPrefix(framework + ".") { name = name.dropFirst(framework.count + 1) }
        return name.prefix { $0 != "." }
    }
}
