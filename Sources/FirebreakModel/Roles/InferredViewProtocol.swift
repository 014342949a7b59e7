/// Protocols declared outside the analysed files that make their conformers views: a type that
/// conforms to one, to no view protocol firebreak knows, and has a `body` returning `some View` (a
/// property, or a method like SwiftUIFlux's `body(props:)`) is a view, and so is every other
/// conformer of that protocol. Without this, an app built on such a library loses those views from
/// every analysis with no hint; with it, one line per protocol names the `view_protocols` entry
/// that says so explicitly.
public struct InferredViewProtocol: Sendable, Hashable {
    public var name: String
    /// The conformers that showed it, and the first of them.
    public var conformers: Int
    public var example: String
    public var file: Int
    public var line: Int

    public init(name: String, conformers: Int, example: String, file: Int, line: Int) {
        self.name = name
        self.conformers = conformers
        self.example = example
        self.file = file
        self.line = line
    }

    /// The line reports print: what was inferred and the entry that makes it explicit.
    public var message: String {
        let others = conformers - 1
        let who = others == 0 ? "\(example) conforms" : "\(example) and \(others) other type\(others == 1 ? "" : "s") conform"
        return "\(who) to \(name), declared outside the analysed files, with a body returning some View: "
            + "analysed as views (`view_protocols: [\(name)]` in .firebreak.yml says so and drops this line)"
    }
}
