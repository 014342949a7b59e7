import FirebreakScan

/// Removes findings silenced by `// firebreak:` comments and reports the comments that
/// silenced nothing (or name an unknown command or rule) as `unused-suppression` notes.
public struct ApplySuppressions: Sendable {
    public struct Result: Sendable {
        public var kept: [Finding]
        public var suppressedCount: Int
        public var unused: [Finding]
    }

    /// Rules that are on: a suppression of a rule that is off is not reported as unused.
    public let activeRules: Set<String>

    public init(activeRules: Set<String>) {
        self.activeRules = activeRules
    }

    public func callAsFunction(_ findings: [Finding], files: [FileFacts]) -> Result {
        // By the path's bytes: `café.swift` in NFC and in NFD are two files, though equal strings.
        let byPath = Dictionary(grouping: findings, by: { Array($0.path.utf8) })
        var kept: [Finding] = []
        var suppressed = 0
        var unused: [Finding] = []
        for facts in files {
            let fileFindings = byPath[Array(facts.path.utf8)] ?? []
            guard !facts.suppressions.isEmpty else {
                kept.append(contentsOf: fileFindings)
                continue
            }
            let scopes = Self.scopes(of: facts.suppressions, lineCount: facts.lineCount)
            var used = Set<Int>()
            for finding in fileFindings {
                let silencing = scopes.indices.filter { scopes[$0].silences(finding) }
                if silencing.isEmpty {
                    kept.append(finding)
                } else {
                    suppressed += 1
                    used.formUnion(silencing.map { scopes[$0].origin })
                }
            }
            unused.append(contentsOf: unusedFindings(facts: facts, scopes: scopes, used: used))
        }
        return Result(kept: kept, suppressedCount: suppressed, unused: unused)
    }

    /// A stretch of lines in which some rules are silenced, tied to the comment that made it.
    struct Scope {
        var rule: String
        var lines: ClosedRange<Int>
        var origin: Int

        func silences(_ finding: Finding) -> Bool {
            (rule == "all" || rule == finding.rule) && lines.contains(finding.line)
        }
    }

    static func scopes(of suppressions: [SuppressionFact], lineCount: Int) -> [Scope] {
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

    private func unusedFindings(facts: FileFacts, scopes: [Scope], used: Set<Int>) -> [Finding] {
        var findings: [Finding] = []
        let knownRules = Set(RuleRegistry.ids).union(["all"])
        let description = RuleRegistry.unusedSuppression
        func note(_ suppression: SuppressionFact, _ message: String, _ symbol: String) {
            findings.append(Finding(
                rule: description.id, severity: description.defaultSeverity, path: facts.path,
                line: suppression.position.line, column: suppression.position.column, symbol: symbol,
                type: nil, message: message, hint: "remove the comment or correct it",
                lineText: "firebreak:\(suppression.commandText) \(suppression.rules.joined(separator: " "))"))
        }
        for (index, suppression) in facts.suppressions.enumerated() {
            guard let command = suppression.command else {
                let known = SuppressionFact.Command.allCases.map(\.rawValue).joined(separator: ", ")
                note(suppression, "unknown suppression command 'firebreak:\(suppression.commandText)'; expected one of \(known)", suppression.commandText)
                continue
            }
            if suppression.rules.isEmpty {
                note(suppression, "firebreak:\(command.rawValue) names no rule; write a rule id or 'all'", command.rawValue)
                continue
            }
            for rule in suppression.rules where !knownRules.contains(rule) {
                note(suppression, "firebreak:\(command.rawValue) names unknown rule '\(rule)'", rule)
            }
            guard command != .enable, !used.contains(index) else { continue }
            let relevant = suppression.rules.filter { knownRules.contains($0) && ($0 == "all" || activeRules.contains($0)) }
            guard !relevant.isEmpty, scopes.contains(where: { $0.origin == index }) else { continue }
            note(suppression, "firebreak:\(command.rawValue) \(relevant.joined(separator: " ")) suppresses nothing", relevant.joined(separator: " "))
        }
        return findings
    }
}
