import Foundation
import XCTest

/// `firebreak facts` and `--facts`: shards scanned apart and merged give the run over the sources,
/// byte for byte, even where the sources are absent; bad facts files are exit 2 with the reason.
final class FactsCommandTests: XCTestCase {
    private var cleanup: [URL] = []

    override func tearDown() {
        for url in cleanup { try? FileManager.default.removeItem(at: url) }
        cleanup = []
    }

    private func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("firebreak-facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        cleanup.append(url)
        return url
    }

    /// A copy of a fixture as `<scratch>/<side>/<name>`: the same folder name on both sides, so
    /// that a module named after the analysed folder is named alike.
    private func copy(_ fixture: String, side: String, only: [String]? = nil) throws -> URL {
        let source = FirebreakProcess.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/\(fixture)")
        let parent = try scratch().appendingPathComponent(side)
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let destination = parent.appendingPathComponent(fixture)
        if let only {
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            for item in only {
                try FileManager.default.copyItem(at: source.appendingPathComponent(item), to: destination.appendingPathComponent(item))
            }
        } else {
            try FileManager.default.copyItem(at: source, to: destination)
        }
        return destination
    }

    private func facts(_ paths: [String], in root: URL, output: URL, extra: [String] = []) throws {
        let result = try FirebreakProcess.run(["facts"] + paths + ["--output", output.path, "--no-cache"] + extra, in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testShardsOfAnXcodeAppMergeIntoTheDirectRunWithoutTheSources() throws {
        let sources = try copy("XcodeApp", side: "sources")
        let shards = try scratch()
        let sets = [["App"], ["Widgets", "Shared/DateFormatting.swift"], ["AppTests", "Packages"]]
        for (index, paths) in sets.enumerated() {
            // A module name never overrides what the project says of a file.
            try facts(paths, in: sources, output: shards.appendingPathComponent("shard\(index).facts"), extra: ["--module", "Shard\(index)"])
        }
        let factsArguments = ["--facts"] + sets.indices.map { shards.appendingPathComponent("shard\($0).facts").path }
        // Where the merge runs, only the configuration and the Xcode project are on disk.
        let bare = try copy("XcodeApp", side: "bare", only: [".firebreak.yml", "XcodeApp.xcodeproj"])
        for command in [["lint", "--format", "json"], ["analyze", "--format", "json"], ["modules", "--format", "json", "--files"]] {
            let direct = try FirebreakProcess.run(command + ["--no-cache"], in: sources)
            let merged = try FirebreakProcess.run(command + ["--no-cache"] + factsArguments, in: bare)
            XCTAssertEqual(merged.status, direct.status, merged.stderr)
            XCTAssertEqual(merged.stdout, direct.stdout, command.joined(separator: " "))
            XCTAssertEqual(merged.stderr, direct.stderr, command.joined(separator: " "))
        }
        XCTAssertTrue(try FirebreakProcess.run(["modules", "--format", "json"], in: sources).stdout.contains("Networking"),
                      "the nested package's manifest travelled in its facts file")

        // From the folder above, with --facts-root naming the root the facts were written for.
        let direct = try FirebreakProcess.run(["lint", "XcodeApp", "--format", "json", "--no-cache"], in: sources.deletingLastPathComponent())
        let merged = try FirebreakProcess.run(["lint", "XcodeApp", "--format", "json", "--no-cache", "--facts-root", "XcodeApp"] + factsArguments,
                                              in: bare.deletingLastPathComponent())
        XCTAssertEqual(merged.status, direct.status, merged.stderr)
        XCTAssertEqual(merged.stdout, direct.stdout)
        let noRoot = try FirebreakProcess.run(["lint", "--facts-root", "nowhere"] + factsArguments, in: bare)
        XCTAssertEqual(noRoot.status, 2)
        XCTAssertTrue(noRoot.stderr.contains("--facts-root nowhere: no such directory"), noRoot.stderr)
    }

    func testFactsMixWithSourcesAndOverlapsAreTakenOnce() throws {
        let sources = try copy("FixPackage", side: "sources")
        let shard = try scratch().appendingPathComponent("features.facts")
        try facts(["Sources/Shop/Features", "Sources/Shop/UI"], in: sources, output: shard)
        let direct = try FirebreakProcess.run(["analyze", "--format", "json", "--no-cache"], in: sources)
        let mixed = try FirebreakProcess.run(["analyze", "--format", "json", "--no-cache", "--facts", shard.path],
                                             in: sources, environment: ["FIREBREAK_TIMINGS": "1"])
        XCTAssertEqual(mixed.stdout, direct.stdout)
        XCTAssertTrue(mixed.stderr.contains("from facts files)"), mixed.stderr)
    }

    func testTheSameInputGivesTheSameBytesAndModulesCanBeNamed() throws {
        let sources = try copy("FixPackage", side: "sources")
        let out = try scratch()
        try facts(["Sources/Shop/Infrastructure"], in: sources, output: out.appendingPathComponent("a.facts"), extra: ["--module", "Infrastructure"])
        let again = try FirebreakProcess.run(["facts", "Sources/Shop/Infrastructure", "--module", "Infrastructure",
                                              "--output", out.appendingPathComponent("b.facts").path], in: sources)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("a.facts")), try Data(contentsOf: out.appendingPathComponent("b.facts")),
                       "with and without the cache, the same bytes")
        try facts(["Sources/Shop/Features"], in: sources, output: out.appendingPathComponent("c.facts"), extra: ["--module", "Features"])
        let bare = try scratch()
        let listing = try FirebreakProcess.run(["modules", "--format", "json", "--facts", out.appendingPathComponent("a.facts").path,
                                                out.appendingPathComponent("c.facts").path], in: bare)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        let modules = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [String: Any])?["modules"] as? [[String: Any]])
        XCTAssertEqual(modules.compactMap { $0["name"] as? String }.sorted(), ["Features", "Infrastructure"])
    }

    func testWhyGraphAndDiffBaseReadFactsLikeSources() throws {
        let sources = try copy("FixPackage", side: "sources")
        let shard = try scratch().appendingPathComponent("all.facts")
        try facts(["."], in: sources, output: shard)
        let bare = try copy("FixPackage", side: "bare", only: [".firebreak.yml"])
        for command in [["why", "ProfileView", "APIClient"], ["graph", "--view", "ProfileView", "--format", "dot"]] {
            let direct = try FirebreakProcess.run(command + ["--no-cache"], in: sources)
            let merged = try FirebreakProcess.run(command + ["--no-cache", "--facts", shard.path], in: bare)
            XCTAssertEqual(merged.status, direct.status, merged.stderr)
            XCTAssertEqual(merged.stdout, direct.stdout, command.joined(separator: " "))
        }
        // diff --base: the facts stand for the working tree; the base revision is scanned.
        for arguments in [["init", "-q", "-b", "main"], ["-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-q", "--allow-empty", "-m", "empty"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            git.arguments = ["git"] + arguments
            git.currentDirectoryURL = sources
            try git.run()
            git.waitUntilExit()
            XCTAssertEqual(git.terminationStatus, 0, arguments.joined(separator: " "))
        }
        let direct = try FirebreakProcess.run(["diff", "--base", "main", "--format", "json", "--no-cache"], in: sources)
        let merged = try FirebreakProcess.run(["diff", "--base", "main", "--format", "json", "--no-cache", "--facts", shard.path], in: sources)
        XCTAssertEqual(merged.status, direct.status, merged.stderr)
        XCTAssertEqual(merged.stdout, direct.stdout)
        let refused = try FirebreakProcess.run(["diff", "a.json", "b.json", "--facts", shard.path], in: sources)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--facts applies only with --base"), refused.stderr)
    }

    func testBadTruncatedAndForeignFactsFilesAreRefused() throws {
        let sources = try copy("FixPackage", side: "sources")
        let out = try scratch()
        let good = out.appendingPathComponent("good.facts")
        try facts(["Sources"], in: sources, output: good)
        let bytes = try Data(contentsOf: good)

        let cases: [(String, Data, String)] = [
            ("garbage.facts", Data("not facts\n".utf8), "not a firebreak facts file"),
            ("empty.facts", Data(), "not a firebreak facts file"),
            ("truncated.facts", bytes.prefix(bytes.count - 7), "truncated or damaged facts file"),
            ("header.facts", bytes.prefix(6), "truncated facts file"),
            ("flipped.facts", { var copy = bytes; copy[copy.count - 3] ^= 0xFF; return copy }(), "damaged facts file (checksum mismatch)"),
            ("foreign.facts", Self.replacingProducer(in: bytes), "was written by firebreak 9.9.9"),
        ]
        for (name, data, expected) in cases {
            let file = out.appendingPathComponent(name)
            try data.write(to: file)
            for command in ["lint", "analyze"] {
                let result = try FirebreakProcess.run([command, "--facts", file.path], in: out)
                XCTAssertEqual(result.status, 2, "\(name) \(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(expected), "\(name) \(command): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(file.path), "\(name): the message names the file: \(result.stderr)")
            }
        }
        let missing = try FirebreakProcess.run(["lint", "--facts", out.appendingPathComponent("none.facts").path], in: out)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("facts file not found or unreadable"), missing.stderr)
        // fix edits the sources it reads, so it has no --facts.
        let fix = try FirebreakProcess.run(["fix", "--facts", good.path], in: sources)
        XCTAssertEqual(fix.status, 2)
        XCTAssertTrue(fix.stderr.contains("Unknown option '--facts'"), fix.stderr)
        let outside = try FirebreakProcess.run(["facts", sources.path, "--root", sources.appendingPathComponent("Sources").path, "--output",
                                                out.appendingPathComponent("x.facts").path], in: out)
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("is outside the root"), outside.stderr)
    }

    /// The producer, `firebreak X.Y.Z (model N)`, swapped for one of the same length.
    private static func replacingProducer(in data: Data) -> Data {
        var bytes = [UInt8](data)
        let needle = Array("firebreak ".utf8)
        guard let start = (0...(bytes.count - needle.count)).first(where: { Array(bytes[$0..<$0 + needle.count]) == needle }) else { return data }
        var end = start + needle.count
        while bytes[end] != UInt8(ascii: " ") { end += 1 }
        let version = Array("9.9.9".utf8)
        let old = end - (start + needle.count)
        guard old == version.count else { return data }
        bytes.replaceSubrange((start + needle.count)..<end, with: version)
        return Data(bytes)
    }
}
