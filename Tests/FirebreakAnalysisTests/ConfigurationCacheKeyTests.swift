import FirebreakModel
import FirebreakScan
import XCTest

/// The configuration's part of a cached result's key: every setting changes it.
final class ConfigurationCacheKeyTests: XCTestCase {
    private func key(_ configuration: Configuration) -> [UInt8] {
        var writer = CompactWriter()
        configuration.writeCacheKey(to: &writer)
        return writer.bytes
    }

    func testEveryStoredPropertyIsWritten() {
        let stored = Mirror(reflecting: Configuration(rootDirectory: "/r")).children.count
        XCTAssertEqual(stored, Configuration.cacheKeyPropertyCount,
                       "Configuration has a new stored property: write it in writeCacheKey and update cacheKeyPropertyCount")
    }

    func testEachSettingChangesTheKey() throws {
        let base = Configuration(rootDirectory: "/r")
        var variants: [Configuration] = []
        func variant(_ change: (inout Configuration) throws -> Void) rethrows {
            var configuration = base
            try change(&configuration)
            variants.append(configuration)
        }
        try variant { $0.included = [try GlobPattern("Sources/**")] }
        try variant { $0.excluded = [try GlobPattern("Sources/**")] }
        try variant { $0.layers = [LayerOverride(role: .infrastructure, paths: [try GlobPattern("Net/**")])] }
        try variant { $0.layers = [LayerOverride(role: .infrastructure, types: [try GlobPattern("Net*")])] }
        variant { $0.forbiddenImports.extra = ["Alamofire"] }
        variant { $0.forbiddenImports.allowed = ["Alamofire"] }
        variant { $0.singletons.extra = ["API.shared"] }
        variant { $0.singletons.allowed = ["API.shared"] }
        variant { $0.severities = ["singleton-access": .note] }
        variant { $0.severities = ["singleton-access": Severity?.none] }
        try variant { $0.modules = [ModuleOverride(name: "Core", paths: [try GlobPattern("Core/**")])] }
        variant { $0.budgets.default = Budget(lines: 10) }
        variant { $0.budgets.views = [(name: "A", budget: Budget(files: 3))] }
        variant { $0.viewProtocols = ["UIViewController"] }
        variant { $0.rootDirectory = "/other" }
        variant { $0.sourceFile = "/r/.firebreak.yml" }
        let keys = [key(base)] + variants.map(key)
        XCTAssertEqual(Set(keys).count, keys.count, "two settings gave the same key")
        XCTAssertEqual(key(base), key(Configuration(rootDirectory: "/r")))
    }
}
