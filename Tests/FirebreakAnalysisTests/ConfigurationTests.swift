import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import XCTest

final class ConfigurationTests: XCTestCase {
    private func parse(_ yaml: String) throws -> Configuration {
        try ConfigurationLoader.parse(yaml, file: ".firebreak.yml", rootDirectory: "/project", ruleIDs: RuleRegistry.ids)
    }

    private func error(_ yaml: String) -> String {
        do {
            _ = try parse(yaml)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testFullConfigurationParses() throws {
        let configuration = try parse("""
            version: 1
            included: ["App/**"]
            excluded: ["**/Generated/**"]
            layers:
              - role: infrastructure
                paths: ["App/Net/**"]
                types: ["*Gateway"]
            forbidden_imports: { extra: [Kingfisher], allowed: [CoreLocation] }
            singletons: { extra: [Ledger.global], allowed: ["UIApplication.shared"] }
            severity:
              singleton-access: warning
              concrete-default-argument: off
            """)
        XCTAssertEqual(configuration.included.map(\.text), ["App/**"])
        XCTAssertEqual(configuration.layers.first?.role, .infrastructure)
        XCTAssertEqual(configuration.forbiddenImports.allowed, ["CoreLocation"])
        XCTAssertEqual(configuration.severity(of: "singleton-access", default: .error), .warning)
        XCTAssertNil(configuration.severity(of: "concrete-default-argument", default: .note))
        XCTAssertTrue(configuration.includes(absolutePath: "/project/App/Views/A.swift"))
        XCTAssertFalse(configuration.includes(absolutePath: "/project/App/Generated/B.swift"))
        XCTAssertFalse(configuration.includes(absolutePath: "/project/Other/C.swift"))
    }

    func testErrorsNameTheLineAndKey() {
        XCTAssertEqual(error("version: 1\nexclude: [a]\n"), ".firebreak.yml:2: unknown key 'exclude'; known keys: version, included, excluded, layers, forbidden_imports, singletons, severity, modules, budgets, view_protocols")
        XCTAssertEqual(error("included: App\n"), ".firebreak.yml:1: included must be a list")
        XCTAssertEqual(error("excluded:\n  - \"[abc\"\n"), ".firebreak.yml:2: excluded: invalid glob '[abc': '[' is never closed")
        XCTAssertEqual(error("severity:\n  singleton-access: loud\n"), ".firebreak.yml:2: severity.singleton-access must be error, warning, note or off, got 'loud'")
        XCTAssertEqual(error("severity:\n  no-such-rule: error\n").hasPrefix(".firebreak.yml:2: unknown rule 'no-such-rule'"), true)
        XCTAssertEqual(error("layers:\n  - role: boss\n    paths: [a]\n"), ".firebreak.yml:2: layers.role must be one of high-level, infrastructure, composition-root, exempt, neutral, got 'boss'")
        XCTAssertEqual(error("version: 7\n"), ".firebreak.yml:1: unsupported version '7'; this firebreak reads version 1")
        XCTAssertTrue(error("included: [a\n").hasPrefix(".firebreak.yml:"), error("included: [a\n"))
        XCTAssertEqual(error("singletons: { extra: [shared] }\n"), ".firebreak.yml:1: singletons entries are written Type.member, got 'shared'")
    }

    /// The YAML parser recurses per level and overflows the stack thousands deep: such files are
    /// refused before parsing, with the line where the limit is passed.
    func testDeeplyNestedYAMLIsRefusedBeforeParsing() {
        let flow = "included: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let compact = "included:\n" + String(repeating: "- ", count: 3000) + "x\n"
        let mappings = (0..<300).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let braces = "layers: " + String(repeating: "{a: ", count: 5000)
        for (name, text, line) in [("flow", flow, 1), ("compact", compact, 2), ("indented", mappings, 101), ("braces", braces, 1)] {
            XCTAssertThrowsError(try parse(text), name) { error in
                XCTAssertEqual(error as? ConfigurationError, ConfigurationError(
                    file: ".firebreak.yml", line: line, message: "nested more than 100 levels deep; firebreak does not read YAML this deep"), name)
            }
        }
        XCTAssertThrowsError(try parse("# " + String(repeating: "x", count: 2 << 20))) { error in
            XCTAssertTrue("\(error)".contains("larger than 1024 KB"), "\(error)")
        }
        XCTAssertNoThrow(try parse("included: [\"App/**\"]  # a [comment with brackets\nexcluded: ['a[b]']\n"))
        XCTAssertThrowsError(try parse("version: 1\nexcluded: [\"a\u{0}b\"]\n")) { error in
            XCTAssertEqual(error as? ConfigurationError, ConfigurationError(file: ".firebreak.yml", line: 2, message: "holds a NUL byte; YAML is text"))
        }
    }

    /// A glob list reused through YAML aliases in many layers is compiled and matched once: the
    /// first layer that matches decides, so later copies of a pattern can never decide anything.
    func testRepeatedAndShadowedGlobsAreDropped() throws {
        let list = (0..<1000).map { "\"Mod\($0)/**\"" }.joined(separator: ", ")
        let layers = (0..<100).map { _ in "  - role: high-level\n    paths: *p\n" }.joined()
        let configuration = try parse("""
            excluded: ["Gen/**", "Gen/**", "Old/**", "Gen/**"]
            layers:
              - role: infrastructure
                paths: &p [\(list)]
            \(layers)  - role: composition-root
                paths: ["Mod7/**", "App/**"]
                types: ["*Assembly"]
            """)
        XCTAssertEqual(configuration.excluded.map(\.text), ["Gen/**", "Old/**"])
        XCTAssertEqual(configuration.layers.map(\.role), [.infrastructure, .compositionRoot])
        XCTAssertEqual(configuration.layers[0].paths.count, 1000)
        XCTAssertEqual(configuration.layers[1].paths.map(\.text), ["App/**"])
        XCTAssertEqual(configuration.layers[1].types.map(\.text), ["*Assembly"])
    }

    func testEmptyFileIsDefaults() throws {
        XCTAssertTrue(try parse("").layers.isEmpty)
        XCTAssertTrue(try parse("# only a comment\n").included.isEmpty)
    }

    func testStarterConfigurationIsValid() throws {
        let configuration = try parse(StarterConfiguration.text)
        XCTAssertEqual(configuration.layers.count, 2)
    }

    func testModulesMapFoldersToModules() throws {
        let configuration = try parse("""
            version: 1
            modules:
              - name: Networking
                paths: ["App/Networking/**"]
            """)
        XCTAssertEqual(configuration.modules.map(\.name), ["Networking"])
        XCTAssertEqual(configuration.modules.first?.paths.map(\.text), ["App/Networking/**"])
        XCTAssertEqual(error("modules:\n  - paths: [a]\n"), ".firebreak.yml:2: modules entry needs a name")
        XCTAssertEqual(error("modules:\n  - name: A\n"), ".firebreak.yml:2: modules entry needs paths")
        XCTAssertEqual(error("modules:\n  - name: A\n    path: [a]\n"), ".firebreak.yml:3: unknown key 'path' in modules entry; expected name or paths")
    }
}
