import FirebreakModel

/// What `fix` would change, and what it left alone and why.
public struct FixPlan: Sendable {
    /// One file's text before (nil: a new file) and after.
    public struct FileChange: Sendable, Hashable {
        public var path: String
        public var old: String?
        public var new: String
        /// The file starts with a UTF-8 byte-order mark: the texts leave it out, the bytes keep it.
        public var byteOrderMark = false

        public init(path: String, old: String?, new: String, byteOrderMark: Bool = false) {
            self.path = path
            self.old = old
            self.new = new
            self.byteOrderMark = byteOrderMark
        }

        /// What the file holds now, nil for a new file.
        public var oldBytes: [UInt8]? { old.map { markBytes + Array($0.utf8) } }
        /// What it is to hold.
        public var newBytes: [UInt8] { markBytes + Array(new.utf8) }
        private var markBytes: [UInt8] { byteOrderMark ? [0xEF, 0xBB, 0xBF] : [] }
    }

    /// A high-level type the plan rewrites.
    public struct FixedType: Sendable, Hashable {
        public var type: String
        public var protocols: [String]
        /// Findings of this type the rewrite removes.
        public var findings: Int
        /// Init parameters whose concrete defaults moved to the call sites.
        public var movedDefaults: [String] = []
        /// The `<Type>Container` that high-level call sites' defaults name now, when one was written.
        public var defaultsContainer: String?
        /// Every file its rewrite changes or writes: where a check on the edited tree looks for the
        /// type a failure comes from.
        public var files: Set<String> = []
        /// The type reads its protocols from the SwiftUI environment rather than through `init`.
        public var fromEnvironment = false
        /// Types its rewrite declares (containers, adapters, keys, doubles): where a check on the
        /// edited tree finds the rewrite a new type comes from.
        public var newTypes: Set<String> = []
    }

    /// A type left unchanged, or one dependency of a type left as it reads it, with the reason.
    public struct RefusedType: Sendable, Hashable {
        public var type: String
        public var reason: String
        public var findings: Int
        /// The concrete type whose reads stay, when the type's other dependencies are fixed.
        public var dependency: String?
    }

    public var changes: [FileChange] = []
    public var fixed: [FixedType] = []
    public var refused: [RefusedType] = []
    /// What is left to do after the change (call sites kept compiling through a default argument).
    public var notes: [String] = []
    /// Findings `fix` does not rewrite (other rules), counted by rule.
    public var otherFindings: [String: Int] = [:]
    /// The rules of the findings it rewrote or refused.
    public var rules: Set<String> = []

    /// The dry run's output: one unified diff per file, by path.
    public var unifiedDiff: String {
        changes.sorted { $0.path < $1.path }.map { UnifiedDiff.render(path: $0.path, old: $0.old, new: $0.new) }.joined()
    }

    public var fixedFindings: Int { fixed.reduce(0) { $0 + $1.findings } }
    public var refusedFindings: Int { refused.reduce(0) { $0 + $1.findings } }
}
