import FirebreakScan
import Foundation
import XCTest

final class FactsCacheTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("firebreak-cache-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Every fact type with every field set away from its default, so a field the cache forgets to
    /// write or reads in the wrong order breaks equality.
    private static let richSource = """
        import SwiftUI
        @preconcurrency import class CoreData.NSManagedObject
        // firebreak:disable-next-line singleton-access -- legacy
        @MainActor
        final class Store<Item: Sendable>: ObservableObject, Sendable where Item: Hashable {
            static let shared = Store()
            static var fallback: APIClient = APIClient(baseURL: "x")
            enum Phase { case idle, loading(Int) }
            private let api: APIClient
            init(api: APIClient = .shared) { self.api = api }
            func load() async -> [Item] {
                let defaults = UserDefaults.standard
                _ = { NotificationCenter.default.post(name: .init("x"), object: nil) }
                return api.fetch(page: 1, size: defaults.integer(forKey: "size"))
            }
            subscript(index: Int) -> Item? { nil }
        }
        extension Store: CustomStringConvertible { var description: String { "Store" } }
        #Preview { Text("é ✓") }
        // firebreak:disable-file
        func broken( {
        """

    private func facts() -> FileFacts {
        SourceScanner.scan(source: Self.richSource, path: "Sources/Store.swift")
    }

    private func hash(_ text: String) -> ContentHash { ContentHash(Array(text.utf8)) }

    func testRichFactsRoundTripExactlyAndTakeTheNewPath() throws {
        let original = facts()
        XCTAssertTrue(original.hasSyntaxErrors)
        XCTAssertFalse(original.suppressions.isEmpty)
        XCTAssertFalse(original.instantiations.isEmpty)
        XCTAssertTrue(original.declarations.contains { !$0.staticProperties.isEmpty && !$0.members.isEmpty })
        let cache = try FactsCache(directory: directory, salt: "test")
        let key = hash(Self.richSource)
        cache.store(original, for: key, length: Self.richSource.utf8.count)

        let loaded = try XCTUnwrap(cache.facts(for: key, length: Self.richSource.utf8.count, path: "Moved/Store.swift"))
        var expected = original
        expected.path = "Moved/Store.swift"
        XCTAssertEqual(loaded, expected)
    }

    func testAnotherSaltOrLengthOrContentMisses() throws {
        let key = hash(Self.richSource)
        let length = Self.richSource.utf8.count
        try FactsCache(directory: directory, salt: "build 1").store(facts(), for: key, length: length)
        let same = try FactsCache(directory: directory, salt: "build 1")
        XCTAssertNotNil(same.facts(for: key, length: length, path: "a.swift"))
        XCTAssertNil(same.facts(for: key, length: length + 1, path: "a.swift"))
        XCTAssertNil(same.facts(for: hash(Self.richSource + " "), length: length, path: "a.swift"))

        let rebuilt = try FactsCache(directory: directory, salt: "build 2")
        XCTAssertNil(rebuilt.facts(for: key, length: length, path: "a.swift"))
        // The older build's entries are gone from disk, not only unread.
        let saltDirectories = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("facts-") }
        XCTAssertEqual(saltDirectories.count, 1)
    }

    func testDamagedEntriesAreMissesAndGetRewritten() throws {
        let cache = try FactsCache(directory: directory, salt: "test")
        let key = hash(Self.richSource)
        let length = Self.richSource.utf8.count
        cache.store(facts(), for: key, length: length)
        let entry = try XCTUnwrap(entryFiles().first)
        let good = try Data(contentsOf: entry)

        var flipped = good
        flipped[good.count - 10] ^= 0xFF
        for damaged in [flipped, good.prefix(good.count / 2), good.prefix(20), Data(), Data(repeating: 0xFF, count: good.count)] {
            try damaged.write(to: entry)
            XCTAssertNil(cache.facts(for: key, length: length, path: "a.swift"), "damaged entry of \(damaged.count) bytes was read")
        }
        cache.store(facts(), for: key, length: length)
        XCTAssertEqual(try Data(contentsOf: entry), good)
        XCTAssertNotNil(cache.facts(for: key, length: length, path: "a.swift"))
    }

    func testWritesLeaveNoTemporaryFilesAndKeepTheCacheOutOfGit() throws {
        let cache = try FactsCache(directory: directory, salt: "test")
        let source = Self.richSource
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let text = source + "\n// \(index % 4)"
            cache.store(SourceScanner.scan(source: text, path: "a.swift"), for: ContentHash(Array(text.utf8)), length: text.utf8.count)
        }
        let names = entryFiles().map(\.lastPathComponent)
        XCTAssertEqual(names.count, 4)
        XCTAssertFalse(names.contains { $0.hasPrefix(".") }, "temporary files left: \(names)")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent(".gitignore"), encoding: .utf8)
            .split(separator: "\n").last, "*")
    }

    /// A run killed while writing an entry leaves its staging file; the next run that opens the
    /// cache removes it once that process is gone, and leaves a live process's alone.
    func testStagingFilesOfDeadRunsAreRemoved() throws {
        _ = try FactsCache(directory: directory, salt: "test")
        let staging = try XCTUnwrap(FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .first { $0.lastPathComponent.hasPrefix("facts-v") }).appendingPathComponent("staging")
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let orphan = staging.appendingPathComponent("\(dead.processIdentifier).42")
        let live = staging.appendingPathComponent("1.42")
        try Data("partial".utf8).write(to: orphan)
        try Data("partial".utf8).write(to: live)
        _ = try FactsCache(directory: directory, salt: "test")
        XCTAssertFalse(FileManager.default.fileExists(atPath: orphan.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path))
    }

    func testAnUnusableDirectoryIsAnError() throws {
        let file = directory.appendingPathComponent("file")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(try FactsCache(directory: file, salt: "test"))
    }

    func testContentHashSeparatesNearbyInputsAndIsStable() {
        var seen = Set<ContentHash>()
        let base = Array(Self.richSource.utf8)
        for length in 0...40 { seen.insert(ContentHash(Array(base.prefix(length)))) }
        for position in 0..<64 {
            var changed = base
            changed[position] ^= 1
            seen.insert(ContentHash(changed))
        }
        XCTAssertEqual(seen.count, 41 + 64)
        XCTAssertEqual(ContentHash(Array("struct A {}\n".utf8)), ContentHash(Array("struct A {}\n".utf8)))
        XCTAssertEqual(ContentHash([UInt8]()).description.count, 32)
    }

    func testScannerReadsUnchangedFilesFromTheCacheAndRescansOnlyTheEditedOne() throws {
        let root = directory.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for index in 0..<5 {
            try Data("struct View\(index) { let api = APIClient.shared }\n".utf8)
                .write(to: root.appendingPathComponent("View\(index).swift"))
        }
        let cache = try FactsCache(directory: directory.appendingPathComponent("cache"), salt: "test")
        func scan() throws -> FileScanner.Result {
            let files = try SourceFileDiscovery.discover(paths: [root.path], workingDirectory: root.path).files
            return FileScanner.scan(files, options: FileScanner.Options(cache: cache))
        }
        let cold = try scan()
        XCTAssertEqual([cold.parsed, cold.cached], [5, 0])
        let warm = try scan()
        XCTAssertEqual([warm.parsed, warm.cached], [0, 5])
        XCTAssertEqual(warm.facts, cold.facts)

        try Data("struct View2 { let store = Store.shared }\n".utf8).write(to: root.appendingPathComponent("View2.swift"))
        let edited = try scan()
        XCTAssertEqual([edited.parsed, edited.cached], [1, 4])
        XCTAssertEqual(edited.facts[2].memberAccesses.map(\.base), ["Store"])
        XCTAssertEqual(edited.facts, FileScanner.scan(
            try SourceFileDiscovery.discover(paths: [root.path], workingDirectory: root.path).files).facts)
    }

    private func entryFiles() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue && url.lastPathComponent != ".gitignore"
        }
    }
}
