import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import XCTest

/// Every rule's documented examples are its tests: findings exactly at the `↓` markers,
/// none in the non-triggering examples, and none when an example sits in a comment or a string.
final class RuleExampleTests: XCTestCase {
    func testEveryRuleHasTriggeringAndNonTriggeringExamples() {
        for rule in RuleRegistry.rules {
            XCTAssertFalse(rule.description.triggering.isEmpty, rule.description.id)
            XCTAssertFalse(rule.description.nonTriggering.isEmpty, rule.description.id)
            for example in rule.description.triggering {
                XCTAssertFalse(RuleExampleHarness.strip(example.file.source).markers.isEmpty, "\(rule.description.id): \(example.title) has no marker")
            }
        }
    }

    func testTriggeringExamplesReportExactlyAtMarkers() {
        for rule in RuleRegistry.rules {
            let id = rule.description.id
            for example in rule.description.triggering {
                let expected = RuleExampleHarness.strip(example.file.source).markers.sorted()
                let actual = RuleExampleHarness.findings(of: id, in: example).map { SourcePosition(line: $0.line, column: $0.column) }.sorted()
                XCTAssertEqual(actual, expected, "\(id): \(example.title)")
            }
        }
    }

    func testNonTriggeringExamplesReportNothing() {
        for rule in RuleRegistry.rules {
            let id = rule.description.id
            for example in rule.description.nonTriggering {
                let findings = RuleExampleHarness.findings(of: id, in: example)
                XCTAssertEqual(findings, [], "\(id): \(example.title)")
            }
        }
    }

    func testExamplesInsideCommentsAndStringsReportNothing() {
        for rule in RuleRegistry.rules {
            let id = rule.description.id
            for example in rule.description.triggering + rule.description.nonTriggering where example.testsInsideComments {
                let source = RuleExampleHarness.strip(example.file.source).source
                let wrappers = [
                    "// " + source.replacingOccurrences(of: "\n", with: "\n// "),
                    "let text = #\"\"\"\n\(source)\n\"\"\"#\n",
                ]
                for wrapped in wrappers {
                    XCTAssertEqual(RuleExampleHarness.findings(of: id, in: example, replacing: wrapped), [], "\(id): \(example.title) (wrapped)")
                }
            }
        }
    }

    func testFindingsNameRuleSymbolTypeAndFix() throws {
        let example = SingletonAccessRule.description.triggering[0]
        let finding = try XCTUnwrap(RuleExampleHarness.findings(of: "singleton-access", in: example).first)
        XCTAssertEqual(finding.symbol, "APIClient.shared")
        XCTAssertEqual(finding.type, "ProfileViewModel")
        XCTAssertEqual(finding.severity, .error)
        XCTAssertEqual(finding.message, "ProfileViewModel reads the shared instance APIClient.shared")
        XCTAssertEqual(finding.hint, "inject a protocol owned by ProfileViewModel through init and pass APIClient.shared at the composition root")
    }

    func testConfiguredLayersAndListsChangeTheVerdict() throws {
        let source = ExampleFile(path: "Sources/App/Checkout.swift", source: """
            import Kingfisher
            struct Checkout {
                func run() { Ledger.global.post(); _ = URLSession.shared }
            }
            """)
        var configuration = Configuration(rootDirectory: RuleExampleHarness.root)
        XCTAssertEqual(RuleExampleHarness.lint(files: [source], configuration: configuration), [], "neutral by default")

        configuration.layers = [LayerOverride(role: .highLevel, types: [try GlobPattern("Check*")])]
        configuration.forbiddenImports = ListAdjustment(extra: ["Kingfisher"])
        configuration.singletons = ListAdjustment(extra: ["Ledger.global"], allowed: ["URLSession.shared"])
        let findings = RuleExampleHarness.lint(files: [source], configuration: configuration)
        XCTAssertEqual(findings.map(\.rule), ["forbidden-import", "singleton-access"])
        XCTAssertEqual(findings.map(\.symbol), ["Kingfisher", "Ledger.global"])

        configuration.severities = ["singleton-access": Severity?.none, "forbidden-import": Severity?.some(.warning)]
        let adjusted = RuleExampleHarness.lint(files: [source], configuration: configuration)
        XCTAssertEqual(adjusted.map(\.rule), ["forbidden-import"])
        XCTAssertEqual(adjusted.map(\.severity), [.warning])
    }
}
