import FirebreakScan

/// The result of `firebreak lint`: what every reporter formats.
public struct LintReport: Sendable {
    /// 2 added `kind`, `modelVersion` and `findings[].contentFingerprint` (docs/report-format.md).
    public static let schemaVersion = 2

    public var tool: ToolInfo
    /// Reported findings, after severity configuration, suppressions and baseline; sorted.
    public var findings: [Finding]
    public var diagnostics: [InputDiagnostic]
    public var summary: Summary
    public var staleBaseline: [Baseline.Entry]
    /// Rules that ran, with their effective severity, for SARIF metadata.
    public var rules: [RuleDescription]

    public struct Summary: Sendable, Codable, Hashable {
        public var filesScanned: Int
        public var errors: Int
        public var warnings: Int
        public var notes: Int
        public var suppressed: Int
        public var baselined: Int
        public var staleBaselineEntries: Int
        public var byRule: [String: Int]

        package init(
            filesScanned: Int,
            errors: Int,
            warnings: Int,
            notes: Int,
            suppressed: Int,
            baselined: Int,
            staleBaselineEntries: Int,
            byRule: [String: Int]
        ) {
            self.filesScanned = filesScanned
            self.errors = errors
            self.warnings = warnings
            self.notes = notes
            self.suppressed = suppressed
            self.baselined = baselined
            self.staleBaselineEntries = staleBaselineEntries
            self.byRule = byRule
        }
    }

    package init(
        tool: ToolInfo,
        findings: [Finding],
        diagnostics: [InputDiagnostic],
        summary: Summary,
        staleBaseline: [Baseline.Entry],
        rules: [RuleDescription]
    ) {
        self.tool = tool
        self.findings = findings
        self.diagnostics = diagnostics
        self.summary = summary
        self.staleBaseline = staleBaseline
        self.rules = rules
    }
}

public struct ToolInfo: Sendable, Codable, Hashable {
    public var name: String
    public var version: String
    public var informationUri: String

    public static let current = ToolInfo(name: "firebreak", version: FirebreakVersion.current, informationUri: "https://github.com/firebreak-swift/firebreak")
}

public enum FirebreakVersion {
    public static let current = "0.5.0"
    /// Bumped whenever scanning, a rule or the closure model changes what the same code reports,
    /// so `diff` never compares numbers two different models produced. Version 0.1.0 was model 1;
    /// model 2 (0.3.0) prices module builds instead of closure lines; model 3 (0.4.0) adds
    /// incremental rebuilds, views through any view protocol, and cold-build coefficients fitted on
    /// real packages; model 4 prices the estimated type-checking of function bodies; model 5 prices
    /// a body's tokens through its type-checking alone, and tokens outside bodies per token;
    /// model 6 prices an incremental rebuild per file, token outside bodies and closure; model 7
    /// prices a rebuild's estimated body type-checking too; model 8 counts, in a rebuild, the files
    /// that use a struct or enum storing the edited type, or a free function or member whose
    /// signature names it; model 9 counts top-level code (`main.swift`) that names the type or uses
    /// a class or struct storing it in an instance property; model 10 judges roles by what a type's
    /// code does (I/O, wrapping, keeping state) before names, and singletons by their shape; model
    /// 11 takes UIKit and AppKit view classes for UI, persistent data models for data, observing the system's own UI notifications
    /// for plumbing, and an extension of an unscanned module's type for that type's; model 12 cuts,
    /// in the analysis, every type whose shared instance `singleton-access` reports, whatever its role;
    /// model 13 takes any framework's view class (`SCNView`, `MKMapView`, `WKWebView`) for UI too,
    /// a `Codable` class for data, an in-memory state holder for high-level wherever it sits, and
    /// the view controller an app extension starts from for its composition root; model 14 takes
    /// a subclass of `NSDocument` or `UIDocument` for infrastructure, observable or not; model 17
    /// takes `UserDefaults(suiteName:)` for a service construction, and leaves out constructions
    /// in an attribute's arguments (`@AppStorage("key", store: UserDefaults(suiteName: group))`);
    /// model 18 takes a class whose shared instance the `@main` entry point holds, and that builds
    /// three or more of the app's classes, for the app's container, as one it builds, a
    /// `ViewModifier` for a view, and a notification centre handed to
    /// `NotificationCenter.Publisher(center:name:)` as observed through `publisher(for:)`, and
    /// adds WeatherKit to the infrastructure frameworks; model 19 leaves out an infrastructure
    /// import another import of the file brings anyway (CoreLocation beside MapKit), which no longer
    /// makes the file's types infrastructure either, and the
    /// imports of the `@main` entry point's file, adds the now-playing centre and Kingfisher's
    /// image cache to the singletons, takes a `…Downloader` for a service name, and a player
    /// item's notifications for the system's own events; model 20 takes a `…Repo` for a service
    /// name, and leaves out a shared logger kept in a property; model 21 takes the extension that
    /// conforms a dependency client to `DependencyKey` for its composition root, reads a DI
    /// library's container (`Container.shared`) and a view only the `@main` file names as one,
    /// and leaves Tuist's manifests out of the modules; model 22 takes an observable class with a
    /// shared instance of itself that does I/O for a service, `main.swift` for the entry point,
    /// a type alias for no view, CoreLocation imported for its values for no reach, and game
    /// controllers' notifications and the app's icon for UI.
    public static let model = 22
}
