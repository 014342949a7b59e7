import FirebreakModel
import FirebreakScan

/// Removes findings silenced by `// firebreak:` comments, and records which comments silenced
/// one: the input of `unused-suppression`.
public struct ApplySuppressions: Sendable {
    public struct Result: Sendable {
        public var kept: [Finding]
        public var suppressedCount: Int
        public var use: SuppressionUse
    }

    /// Rules that are on: a suppression of a rule that is off is not reported as unused.
    public let activeRules: Set<String>

    public init(activeRules: Set<String>) {
        self.activeRules = activeRules
    }

    public func callAsFunction(_ findings: [Finding], files: [FileFacts]) -> Result {
        // By the path's bytes: `café.swift` in NFC and in NFD are two files, though equal strings.
        let byPath = Dictionary(grouping: findings, by: { PathKey($0.path) })
        var kept: [Finding] = []
        var suppressed = 0
        var used: [Int: Set<Int>] = [:]
        // Each file's fields read in place: a copy of its facts retained all their arrays.
        for file in files.indices {
            let fileFindings = byPath[PathKey(files[file].path)] ?? []
            guard !files[file].suppressions.isEmpty else {
                kept.append(contentsOf: fileFindings)
                continue
            }
            let scopes = Self.scopes(of: files[file].suppressions, lineCount: files[file].lineCount)
            var silenced = Set<Int>()
            for finding in fileFindings {
                let silencing = scopes.indices.filter { scopes[$0].silences(finding) }
                if silencing.isEmpty {
                    kept.append(finding)
                } else {
                    suppressed += 1
                    silenced.formUnion(silencing.map { scopes[$0].origin })
                }
            }
            if !silenced.isEmpty { used[file] = silenced }
        }
        return Result(kept: kept, suppressedCount: suppressed, use: SuppressionUse(activeRules: activeRules, used: used))
    }

    /// A stretch of lines in which some rules are silenced, tied to the comment that made it.
    public struct Scope: Sendable {
        public var rule: String
        public var lines: ClosedRange<Int>
        /// The comment's index in the file's suppressions.
        public var origin: Int

        func silences(_ finding: Finding) -> Bool {
            (rule == "all" || rule == finding.rule) && lines.contains(finding.line)
        }
    }

    public static func scopes(of suppressions: [SuppressionFact], lineCount: Int) -> [Scope] {
        let lastLine = max(lineCount, 1)
        var scopes: [Scope] = []
        var open: [String: (line: Int, origin: Int)] = [:]
        for (index, suppression) in suppressions.enumerated() {
            let line = suppression.position.line
            for rule in suppression.rules {
                switch suppression.command {
                case .disableNextLine:
                    scopes.append(Scope(rule: rule, lines: (line + 1)...(line + 1), origin: index))
                case .disableFile:
                    scopes.append(Scope(rule: rule, lines: 1...max(lastLine, line), origin: index))
                case .disable:
                    if open[rule] == nil { open[rule] = (line, index) }
                case .enable:
                    if let start = open.removeValue(forKey: rule) {
                        scopes.append(Scope(rule: rule, lines: start.line...max(start.line, line), origin: start.origin))
                    } else if rule == "all" {
                        for (openRule, start) in open {
                            scopes.append(Scope(rule: openRule, lines: start.line...max(start.line, line), origin: start.origin))
                        }
                        open.removeAll()
                    }
                case nil:
                    break
                }
            }
        }
        for (rule, start) in open.sorted(by: { $0.key < $1.key }) {
            scopes.append(Scope(rule: rule, lines: start.line...max(lastLine, start.line), origin: start.origin))
        }
        return scopes
    }
}

/// Which suppression comments silenced a finding.
public struct SuppressionUse: Sendable {
    /// Rules that are on: a suppression of a rule that is off is not reported as unused.
    public var activeRules: Set<String>
    /// By file index: the comments (indices into the file's suppressions) that silenced a finding.
    public var used: [Int: Set<Int>]

    public init(activeRules: Set<String>, used: [Int: Set<Int>]) {
        self.activeRules = activeRules
        self.used = used
    }
}
