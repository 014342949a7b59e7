import FirebreakCalibration
import Foundation
import XCTest

/// `measure`'s edit: a new method inside the named type's declaration, public when the type is;
/// and its scratch copies, which leave build output and version control behind.
final class InterfaceEditTests: XCTestCase {
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-edit-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    func testTheMethodGoesIntoTheNamedDeclarationOnly() throws {
        let root = try folder(["Client.swift": """
            struct Other { }
            extension APIClient { func helper() {} }
            public final class APIClient {
                public static let shared = APIClient()
            }
            enum Outer { struct APIClient { } }
            """])
        let edit = InterfaceEdit(type: "APIClient", path: "Client.swift")
        try edit.apply(number: 0, in: root)
        try edit.apply(number: 1, in: root)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Client.swift"), encoding: .utf8), """
            struct Other { }
            extension APIClient { func helper() {} }
            public final class APIClient {
                public func firebreakMeasureEdit1() -> Int { 1 }

                public func firebreakMeasureEdit0() -> Int { 0 }

                public static let shared = APIClient()
            }
            enum Outer { struct APIClient { } }
            """)
        let nested = InterfaceEdit(type: "Outer.APIClient", path: "Client.swift")
        try nested.apply(number: 2, in: root)
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("Client.swift"), encoding: .utf8)
            .contains("enum Outer { struct APIClient {\n    func firebreakMeasureEdit2() -> Int { 2 }\n } }"))
        XCTAssertThrowsError(try InterfaceEdit(type: "Missing", path: "Client.swift").apply(number: 3, in: root)) { error in
            XCTAssertTrue("\(error)".contains("no declaration of Missing"), "\(error)")
        }
    }

    func testACopyLeavesBuildOutputAndVersionControlBehind() throws {
        let root = try folder([
            "Package.swift": "// swift-tools-version:5.9\n", "Sources/App/main.swift": "print(1)\n",
            ".build/debug/App": "binary", ".git/HEAD": "ref", "Sources/App/.build/x": "nested output",
        ])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.swift").path, withDestinationPath: "Sources/App/main.swift")
        let copy = root.deletingLastPathComponent().appendingPathComponent(root.lastPathComponent + "-copy")
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        try ProjectCopy.copy(root, to: copy)
        let listed = try FileManager.default.subpathsOfDirectory(atPath: copy.path).sorted()
        XCTAssertEqual(listed, ["Package.swift", "Sources", "Sources/App", "Sources/App/main.swift", "link.swift"])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: copy.appendingPathComponent("link.swift").path), "Sources/App/main.swift")
        XCTAssertThrowsError(try ProjectCopy.copy(root, to: copy), "an existing destination is refused")
    }
}
