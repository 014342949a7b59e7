/// What `fix` rewrites and how.
public struct FixOptions: Sendable {
    public enum Style: String, Sendable, CaseIterable {
        /// Views read the protocol from the environment (seed 000), other types take it through
        /// `init` (seed 001): a view built with its memberwise init keeps it, and no default
        /// argument brings the concrete type back into the views that build it.
        case automatic = "auto"
        /// The high-level type takes a protocol through `init` (seed 001).
        case initializer = "init"
        /// An `EnvironmentKey` and an `EnvironmentValues` property for views (seed 000).
        case environment
        /// A `Dependencies` struct of closures (seed 003).
        case closures
    }

    public var style: Style
    /// `--type`: only these high-level types (simple or qualified names).
    public var types: Set<String>
    /// `--finding`: only the types with these findings, and only those findings' dependencies.
    public var fingerprints: Set<String>
    /// `--name`: the protocol's name, when one protocol is written.
    public var protocolName: String?
    /// `--mocks`: a preview/test double beside each protocol (or in the module's previews folder).
    public var mocks: Bool

    public init(style: Style = .automatic, types: Set<String> = [], fingerprints: Set<String> = [], protocolName: String? = nil,
                mocks: Bool = false) {
        self.mocks = mocks
        self.style = style
        self.types = types
        self.fingerprints = fingerprints
        self.protocolName = protocolName
    }
}
