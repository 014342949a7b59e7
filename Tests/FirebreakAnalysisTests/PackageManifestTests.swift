import FirebreakProject
import XCTest

final class PackageManifestTests: XCTestCase {
    func testTargetsPathsAndDependenciesAreReadWithoutRunningTheManifest() {
        let manifest = PackageManifest.read(source: """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                dependencies: [.package(url: "https://github.com/Alamofire/Alamofire", from: "5.0.0")],
                targets: [
                    .target(name: "Feature", dependencies: ["Core", .target(name: "Network"), .product(name: "Alamofire", package: "Alamofire")]),
                    .target(name: "Network", path: "Sources/Networking"),
                    .executableTarget(name: "App", dependencies: [.byName(name: "Feature")]),
                    .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
                ]
            )
            """)
        XCTAssertEqual(manifest.packageName, "Shop")
        XCTAssertEqual(manifest.targets.map(\.name), ["Feature", "Network", "App", "FeatureTests"])
        XCTAssertEqual(manifest.targets.map(\.kind), [.regular, .regular, .executable, .test])
        XCTAssertEqual(manifest.targets.map(\.sourcesPath), ["Sources/Feature", "Sources/Networking", "Sources/App", "Tests/FeatureTests"])
        XCTAssertEqual(manifest.targets[0].dependencies, ["Core", "Network", "Alamofire"])
        XCTAssertEqual(manifest.targets[2].dependencies, ["Feature"])
    }

    func testBrokenManifestYieldsWhatParses() {
        let manifest = PackageManifest.read(source: "let package = Package(name: \"X\", targets: [.target(name: \"A\"), .target(name: ")
        XCTAssertEqual(manifest.targets.map(\.name), ["A"])
    }
}
