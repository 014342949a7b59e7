/// What `firebreak measure` timed on a project: its rebuilds after interface edits of the
/// infrastructure types the analysis ranks first, as the code is and with the plan's firewall
/// written by `fix`, beside the estimates for the same edits. `analyze --measured FILE` reads it.
/// Schema in docs/report-format.md ("Measurement record").
public struct MeasurementRecord: Sendable, Codable, Hashable {
    public static let schemaVersion = 1

    public var schemaVersion = MeasurementRecord.schemaVersion
    /// `measurement`, so tools can tell it from the reports.
    public var kind = "measurement"
    public var tool: ToolInfo
    public var modelVersion = FirebreakVersion.model
    /// The project measured, as given on the command line.
    public var project: String
    /// `swift build`, or the `--build-command` given.
    public var buildCommand: String
    /// Timed rebuilds per edit and side; the figures are their medians.
    public var runs: Int
    public var before: Side
    /// Nil when `fix` wrote no firewall for any of the types.
    public var after: Side?
    public var edits: [Edit]

    public init(tool: ToolInfo = .current, project: String, buildCommand: String, runs: Int, before: Side, after: Side?, edits: [Edit]) {
        self.tool = tool
        self.project = project
        self.buildCommand = buildCommand
        self.runs = runs
        self.before = before
        self.after = after
        self.edits = edits
    }

    /// One copy of the project, built cold and then again with nothing changed.
    public struct Side: Sendable, Codable, Hashable {
        public var coldSeconds: Double
        /// The median of three no-op builds: what every rebuild is net of.
        public var noOpSeconds: Double

        public init(coldSeconds: Double, noOpSeconds: Double) {
            self.coldSeconds = coldSeconds
            self.noOpSeconds = noOpSeconds
        }
    }

    /// An interface edit of one type (a method added to its declaration), measured and estimated.
    public struct Edit: Sendable, Codable, Hashable {
        public var type: String
        public var module: String
        /// The file the edit was made in, relative to the project.
        public var path: String
        public var estimated: Estimate
        public var before: Rebuild
        /// Nil when the firewall was not written for this type; `notMeasuredAfter` says why.
        public var after: Rebuild?
        public var notMeasuredAfter: String?

        public init(type: String, module: String, path: String, estimated: Estimate, before: Rebuild, after: Rebuild?,
                    notMeasuredAfter: String?) {
            self.type = type
            self.module = module
            self.path = path
            self.estimated = estimated
            self.before = before
            self.after = after
            self.notMeasuredAfter = notMeasuredAfter
        }
    }

    /// What `analyze` estimated for the edit before anything was built.
    public struct Estimate: Sendable, Codable, Hashable {
        public var files: Int
        public var seconds: Double
        /// The estimate's range, as `analyze` prints it (absent for 0 s).
        public var low: Double?
        public var high: Double?
        public var firewalledFiles: Int
        public var firewalledSeconds: Double
        public var firewalledLow: Double?
        public var firewalledHigh: Double?

        public init(files: Int, seconds: Double, range: SecondsRange? = nil, firewalledFiles: Int, firewalledSeconds: Double,
                    firewalledRange: SecondsRange? = nil) {
            self.files = files
            self.seconds = seconds
            low = range?.low
            high = range?.high
            self.firewalledFiles = firewalledFiles
            self.firewalledSeconds = firewalledSeconds
            firewalledLow = firewalledRange?.low
            firewalledHigh = firewalledRange?.high
        }

        public var range: SecondsRange? { SecondsRange(low, high) }
        public var firewalledRange: SecondsRange? { SecondsRange(firewalledLow, firewalledHigh) }
    }

    /// The edit's rebuilds on one side: seconds net of that side's no-op build, and the files the
    /// compiler's driver compiled (nil when the build's output does not show them).
    public struct Rebuild: Sendable, Codable, Hashable {
        public var files: Int?
        public var seconds: Double
        public var runs: [Double]

        public init(files: Int?, seconds: Double, runs: [Double]) {
            self.files = files
            self.seconds = seconds
            self.runs = runs
        }
    }
}
