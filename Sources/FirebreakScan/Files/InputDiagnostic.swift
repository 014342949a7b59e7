/// A problem with an input file that did not stop the run: the file was skipped or read in part.
public struct InputDiagnostic: Sendable, Codable, Hashable, Comparable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public static func < (lhs: InputDiagnostic, rhs: InputDiagnostic) -> Bool {
        (lhs.path, lhs.message) < (rhs.path, rhs.message)
    }
}
