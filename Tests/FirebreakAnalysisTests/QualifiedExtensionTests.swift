import FirebreakModel
import FirebreakScan
import XCTest

/// `extension Runner.Chapter` extends the `Chapter` of the module `Runner`, not the app's own
/// `Chapter`: its code (and the I/O in it) is not the app type's.
final class QualifiedExtensionTests: XCTestCase {
    private let files = [
        SourceScanner.scan(source: "final class Chapter { var title = \"\" }\n", path: "App/Chapter.swift"),
        SourceScanner.scan(source: """
            import Runner
            extension Runner.Chapter {
                var isRead: Bool { UserDefaults.standard.bool(forKey: "read") }
            }
            extension App.Chapter {
                var display: String { title }
            }
            extension Chapter: Identifiable {}
            """, path: "App/Runner+Chapter.swift"),
    ]

    func testAnExtensionOfAnotherModulesTypeIsNotTheScannedTypes() throws {
        let table = SymbolTable(files: files, scannedModules: ["App"])
        let chapter = try XCTUnwrap(table.resolve("Chapter"))
        XCTAssertEqual(chapter.extensions.map(\.index), [1, 2], "App.Chapter and Chapter, not Runner.Chapter")
        XCTAssertFalse(chapter.conformances.isEmpty)
    }

    func testWithoutAModuleMapEveryQualifiedNameFallsBackToTheSimpleName() throws {
        let table = SymbolTable(files: files)
        XCTAssertEqual(try XCTUnwrap(table.resolve("Chapter")).extensions.count, 3)
    }
}
