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
        guard let values = byFramework[framework],
              let prefix = ExternalFrameworks.prefixes.first(where: { $0.framework == framework })?.prefix else { return false }
        return names.allSatisfy { written in
            var name = Substring(written)
            if name.hasPrefix(framework + ".") { name = name.dropFirst(framework.count + 1) }
            let typeName = name.prefix { $0 != "." }
            let constant = typeName.hasPrefix("k" + prefix)
            let prefixed = typeName.hasPrefix(prefix) && typeName.dropFirst(prefix.count).first?.isUppercase == true
            return !(prefixed || constant) || values.contains(String(typeName))
        }
    }
}
