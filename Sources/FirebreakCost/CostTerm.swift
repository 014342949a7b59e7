/// Which part of a build a term prices. A calibration scales the two parts by separate factors:
/// what a machine spends starting a build and what it spends compiling differ from machine to
/// machine independently.
public enum CostPart: String, Sendable, Codable, CaseIterable {
    /// Paid by any build that runs: the driver, loading a framework, re-emitting a module.
    case fixed
    /// Paid per file compiled: parsing, type-checking and generating its code.
    case compile
}

/// One priced term of a cost model: a coefficient, in seconds per unit of a quantity the model
/// reads from what a build compiles.
///
/// The term lists (`BuildCostTerms`, `RebuildCostTerms`) declare every term once, and every use
/// iterates them: the coefficients and their JSON keys, the seconds of a build, the fit, the
/// calibration's scaling, the validation of calibration files and what `calibrate` prints.
public struct CostTerm<Features: Sendable>: Sendable {
    /// The coefficient's key in reports and calibration files: `perFile`.
    public let name: String
    /// The coefficient in words, as `calibrate` prints it: "per file".
    public let label: String
    /// What the quantity counts, in words.
    public let feature: String
    public let part: CostPart
    /// Seconds per unit on the reference machine; 0 for a term the current model does not price.
    public let reference: Double
    /// Whether the fit of `CostFit` estimates it. Terms of older models are not fitted: they are
    /// read from older reports and calibration files, and priced at 0 otherwise.
    public let isFitted: Bool
    /// How many units a build has.
    public let quantity: @Sendable (Features) -> Double

    public init(name: String, label: String, feature: String, part: CostPart, reference: Double, isFitted: Bool,
                quantity: @escaping @Sendable (Features) -> Double) {
        self.name = name
        self.label = label
        self.feature = feature
        self.part = part
        self.reference = reference
        self.isFitted = isFitted
        self.quantity = quantity
    }
}

/// What a cost model prices: the quantities of one build, with the list of terms that price them.
public protocol CostFeatures: Sendable, Hashable {
    /// Every term, in the order coefficients store their values.
    static var terms: [CostTerm<Self>] { get }
    /// Seconds added as they are, outside every term: compile times measured by build stats.
    var measuredSeconds: Double { get }
    /// A build that compiles nothing costs nothing (a rebuild is priced net of a no-op build).
    var compilesNothing: Bool { get }
}
