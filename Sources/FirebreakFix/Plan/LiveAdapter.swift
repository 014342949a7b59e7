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
    /// The protocol is `Sendable`, as the platform type is in Apple's SDKs (not always in Linux's
    /// Foundation): the adapter says it is, without the compiler checking its `base`.
    var isSendable = false
    /// Declared `nonisolated`, as its protocol is (`FirewallProtocol.isNonisolated`).
    var isNonisolated = false

    /// `Live` + the protocol without a `Providing` suffix: `LiveNotificationCenter`, `LiveNotificationPosting`.
    static func name(protocolName: String) -> String {
        "Live" + ProtocolNaming.stem(of: protocolName)
    }

    /// - Parameter isPublic: with a public protocol, which another module's composition root
    ///   passes (an app module setting a feature package's key): it builds the adapter too.
    func source(protocolName: String, indentUnit: String, isPublic: Bool = false) -> String {
        let access = isPublic ? "public " : ""
        var text = "import \(module)\n\n"
        text += DocComment.lines("The live \(protocolName): forwards to the instance the composition root passes (\(instance)).")
        if let globalActor { text += "@\(globalActor)\n" }
        let unchecked = isSendable && globalActor == nil ? ", @unchecked Sendable" : ""
        text += "\(isNonisolated ? "nonisolated " : "")\(access)struct \(name): \(protocolName)\(unchecked) {\n"
        text += "\(indentUnit)let base: \(concrete)\n\n"
        // No default argument: `= UIApplication.shared` here is a concrete default in whatever
        // file the adapter joins (an entry point in `Views/Root/` is high-level by its folder).
        text += "\(indentUnit)\(access)init(_ base: \(concrete)) {\n\(indentUnit)\(indentUnit)self.base = base\n\(indentUnit)}\n"
        for forwarder in forwarders {
            let member = isPublic ? Self.publicMember(forwarder) : forwarder
            text += "\n" + indentUnit + member.replacingOccurrences(of: FirewallProtocol.indentMarker, with: indentUnit) + "\n"
        }
        return text + "}\n"
    }

    /// `public` before the member's keyword, after its attributes (`@discardableResult public func`).
    static func publicMember(_ forwarder: String) -> String {
        let keywords = ["func ", "var ", "subscript"]
        let firstLine = forwarder.prefix { $0 != "{" }
        let starts = keywords.compactMap { keyword -> String.Index? in
            var search = firstLine.startIndex
            while let range = firstLine.range(of: keyword, range: search..<firstLine.endIndex) {
                if range.lowerBound == firstLine.startIndex || [" ", "\n"].contains(firstLine[firstLine.index(before: range.lowerBound)]) {
                    return range.lowerBound
                }
                search = range.upperBound
            }
            return nil
        }
        guard let start = starts.min() else { return forwarder }
        var member = forwarder
        member.insert(contentsOf: "public ", at: start)
        return member
    }
}
