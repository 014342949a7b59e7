/// The live side of a protocol over a platform type, which cannot be made to conform with
/// certainty (its SDK declarations are not in the scan): a struct that holds the real instance
/// and forwards each requirement to it (seed 001's `LiveMarketsRepository`).
struct LiveAdapter: Hashable {
    var name: String
    var path: String
    var concrete: String
    /// How the real instance is obtained: `UIApplication.shared`, `CLLocationManager()`; the
    /// composition root passes it (`LiveUIApplication(UIApplication.shared)`).
    var instance: String
    var module: String
    var globalActor: String?
    var forwarders: [String]

    /// `Live` + the protocol without a `Providing` suffix: `LiveNotificationCenter`, `LiveNotificationPosting`.
    static func name(protocolName: String) -> String {
        "Live" + ProtocolNaming.stem(of: protocolName)
    }

    func source(protocolName: String, indentUnit: String) -> String {
        var text = "import \(module)\n\n"
        text += DocComment.lines("The live \(protocolName): forwards to the instance the composition root passes (\(instance)).")
        if let globalActor { text += "@\(globalActor)\n" }
        text += "struct \(name): \(protocolName) {\n"
        text += "\(indentUnit)let base: \(concrete)\n\n"
        // No default argument: `= UIApplication.shared` here is a concrete default in whatever
        // file the adapter joins (an entry point in `Views/Root/` is high-level by its folder).
        text += "\(indentUnit)init(_ base: \(concrete)) {\n\(indentUnit)\(indentUnit)self.base = base\n\(indentUnit)}\n"
        for forwarder in forwarders {
            text += "\n" + indentUnit + forwarder.replacingOccurrences(of: FirewallProtocol.indentMarker, with: indentUnit) + "\n"
        }
        return text + "}\n"
    }
}
