/// Seconds per unit of each term of `Features.terms`: a cost model's coefficients.
///
/// `BuildCoefficients` prices a cold build, `RebuildCoefficients` an incremental one. In JSON a
/// coefficient is keyed by its term's name; a term missing from an older file is 0, the price every
/// model before it gave that term.
public struct CostCoefficients<Features: CostFeatures>: Sendable, Hashable {
    /// In the order of `Features.terms`.
    public private(set) var values: [Double]

    /// The coefficients named, every other term at 0.
    public init(_ values: KeyValuePairs<CostTerm<Features>, Double> = [:]) {
        self.values = Array(repeating: 0, count: Features.terms.count)
        for (term, value) in values { self[term] = value }
    }

    /// Every term at its reference value.
    public static var reference: Self {
        var coefficients = Self()
        coefficients.values = Features.terms.map(\.reference)
        return coefficients
    }

    public subscript(term: CostTerm<Features>) -> Double {
        get { values[Self.index(of: term)] }
        set { values[Self.index(of: term)] = newValue }
    }

    private static func index(of term: CostTerm<Features>) -> Int {
        guard let index = Features.terms.firstIndex(where: { $0.name == term.name }) else {
            preconditionFailure("\(term.name) is not a term of \(Features.self)")
        }
        return index
    }

    /// The predicted seconds of a build: every term, and measured compile times as they are.
    public func seconds(_ features: Features) -> Double {
        guard !features.compilesNothing else { return 0 }
        return features.measuredSeconds + CostPart.allCases.reduce(0) { $0 + seconds(features, part: $1) }
    }

    /// What the terms of one part price.
    public func seconds(_ features: Features, part: CostPart) -> Double {
        zip(Features.terms, values).reduce(0) { sum, pair in
            pair.0.part == part ? sum + pair.1 * pair.0.quantity(features) : sum
        }
    }

    /// Each term's coefficient times the factor of its part.
    public func scaled(fixed: Double, compile: Double) -> Self {
        var scaled = self
        scaled.values = zip(Features.terms, values).map { term, value in value * (term.part == .fixed ? fixed : compile) }
        return scaled
    }

    /// Whether every coefficient is a price: finite and not negative.
    public var isValid: Bool { values.allSatisfy { $0.isFinite && $0 >= 0 } }
}

public typealias BuildCoefficients = CostCoefficients<BuildFeatures>
public typealias RebuildCoefficients = CostCoefficients<RebuildFeatures>

extension CostCoefficients: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let keys = Features.terms.map { Key(stringValue: $0.name) }
        guard keys.contains(where: container.contains) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no cost coefficient"))
        }
        self.init()
        values = try keys.map { try container.decodeIfPresent(Double.self, forKey: $0) ?? 0 }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (term, value) in zip(Features.terms, values) {
            try container.encode(value, forKey: Key(stringValue: term.name))
        }
    }
}
