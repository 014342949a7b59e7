import Foundation
import XCTest

/// `firebreak measure` on a small package, built for real: the driver's file counts before and
/// after fix's firewall, the record `analyze --measured` reads, and clear refusals. Seconds are
/// printed, never asserted.
final class MeasureCommandTests: XCTestCase {
    static let package: [String: String] = {
        var files = [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Shop", targets: [.executableTarget(name: "App")])
                """,
            "Sources/App/Infrastructure/APIClient.swift": """
                import Foundation
                final class APIClient: @unchecked Sendable {
                    static let shared = APIClient()
                    private var calls = 0
                    func load(_ path: String) -> [Int] {
                        calls += 1
                        return path.utf8.map { Int($0) + calls }
                    }
                }
                """,
            "Sources/App/main.swift": "for model in [Screen0Model(), Screen1Model(), Screen2Model()] as [Loading] { print(model.total()) }\n",
            "Sources/App/Loading.swift": "protocol Loading { func total() -> Int }\n",
        ]
        for index in 0..<3 {
            files["Sources/App/Screens/Screen\(index).swift"] = """
                final class Screen\(index)Model: Loading {
                    func total() -> Int { APIClient.shared.load("screen\(index)").reduce(0, +) }
                }
                """
        }
        return files
    }()

    func testMeasuresTheDriversFilesBeforeAndAfterTheFirewall() throws {
        let root = try FirebreakProcess.fixture(Self.package)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try FirebreakProcess.run(["measure", ".", "--top", "1", "--runs", "1", "--output", "record.json"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("An interface edit of APIClient (Sources/App/Infrastructure/APIClient.swift)"), result.stdout)
        // APIClient.swift and the three screens that name it; behind the protocol, the client's
        // file, its conformance and the composition root that passes it.
        XCTAssertTrue(result.stdout.contains("before the firewall: 4 files compiled (estimate 4)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("after the firewall: "), result.stdout)
        let record = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("record.json"))) as? [String: Any])
        XCTAssertEqual(record["kind"] as? String, "measurement")
        let edit = try XCTUnwrap((record["edits"] as? [[String: Any]])?.first)
        let before = try XCTUnwrap(edit["before"] as? [String: Any])
        let after = try XCTUnwrap(edit["after"] as? [String: Any])
        XCTAssertEqual(before["files"] as? Int, 4)
        XCTAssertLessThan(try XCTUnwrap(after["files"] as? Int), 4)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources/App/Screens").path).count, 3,
                       "the project itself is never written")
        XCTAssertFalse(try String(contentsOf: root.appendingPathComponent("Sources/App/Screens/Screen0.swift"), encoding: .utf8).contains("init("))

        let analysis = try FirebreakProcess.run(["analyze", ".", "--measured", "record.json"], in: root)
        XCTAssertEqual(analysis.status, 0, analysis.stderr)
        XCTAssertTrue(analysis.stdout.contains("an interface edit of APIClient rebuilds 4 files (≈"), analysis.stdout)
        XCTAssertTrue(analysis.stdout.contains("; measured 4 files, "), analysis.stdout)
    }

    func testRefusesWhatItCannotMeasure() throws {
        let root = try FirebreakProcess.fixture(Self.package.merging(["Sources/App/Broken.swift": "let x: Int = \"not an int\"\n"]) { $1 })
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = try FirebreakProcess.run(["measure", ".", "--top", "1", "--runs", "1"], in: root)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("the project does not build in its scratch copy"), broken.stderr)
        XCTAssertTrue(broken.stderr.contains("cannot convert value of type 'String'"), broken.stderr)

        let noPackage = try FirebreakProcess.fixture(["App/View.swift": "struct V {}\n"])
        defer { try? FileManager.default.removeItem(at: noPackage) }
        let other = try FirebreakProcess.run(["measure", "."], in: noPackage)
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("has no Package.swift: give --build-command"), other.stderr)

        let clean = try FirebreakProcess.fixture(["Package.swift": Self.package["Package.swift"]!, "Sources/App/main.swift": "print(1)\n"])
        defer { try? FileManager.default.removeItem(at: clean) }
        let nothing = try FirebreakProcess.run(["measure", "."], in: clean)
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stderr.contains("nothing to measure"), nothing.stderr)
        XCTAssertEqual(try FirebreakProcess.run(["measure", ".", "--runs", "0"], in: clean).status, 2)
        let notARecord = try FirebreakProcess.run(["analyze", ".", "--measured", "Package.swift"], in: clean)
        XCTAssertEqual(notARecord.status, 2)
        XCTAssertTrue(notARecord.stderr.contains("is not a record written by `firebreak measure --output`"), notARecord.stderr)
    }
}
