import Foundation

/// Facts of files already scanned, keyed by content: an unchanged file is not parsed again.
///
/// One file per entry, `<directory>/<salt>/<2 hex digits>/<content hash>`. The salt names the
/// firebreak build and the facts format, so a new build never reads an older one's facts (old salt
/// directories are removed). The path is not part of the key: a moved file still hits, and its
/// facts get the new path on the way out. Entries are written to a temporary file and renamed into
/// place, so concurrent runs see whole entries or none; an entry that fails its checks (magic,
/// length, content hash, payload checksum, decoding) is treated as missing and rewritten. Beside
/// the entries, one *record* per name (`graph.record`, `lint.record`) holds a value derived from
/// many files, under the key its writer computed from them (`GraphCache`, `LintCache`).
public final class FactsCache: Sendable {
    /// Changes whenever a cached type or the entry layout changes.
    public static let formatVersion = 11
    private static let magic: [UInt8] = Array("FBFC".utf8)

    public let directory: URL
    private let entries: URL
    private let entriesPath: String
    /// Entries being written, `<pid>.<random>`: renamed into place when whole; what a killed run
    /// left is removed by the next run that opens the cache.
    private let staging: URL

    /// Opens (and creates) the cache; throws when the directory cannot be made.
    /// - Parameter salt: what besides content decides the facts, e.g. the firebreak version and build.
    public init(directory: URL, salt: String) throws {
        self.directory = directory
        let saltKey = "facts-v\(Self.formatVersion)-\(ContentHash(Array(salt.utf8)).description.prefix(16))"
        entries = directory.appendingPathComponent(saltKey, isDirectory: true)
        entriesPath = entries.path
        staging = entries.appendingPathComponent("staging", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        Self.removeOrphans(in: staging)
        // Keeps the cache out of `git status` in projects whose .gitignore does not list `.build/`.
        let ignore = directory.appendingPathComponent(".gitignore")
        if !FileManager.default.fileExists(atPath: ignore.path) {
            try? Data("# Created by firebreak: facts of scanned files, safe to delete.\n*\n".utf8).write(to: ignore, options: .atomic)
        }
        Self.removeStaleSalts(in: directory, keeping: saltKey)
    }

    /// The cached facts of a file with this content, given the path to report them under.
    public func facts(for content: ContentHash, length: Int, path: String) -> FileFacts? {
        guard let (bytes, start) = Self.payload(at: entryPath(content), length: length, key: content),
              var facts = try? Self.decode(bytes, startingAt: start)
        else { return nil }
        facts.path = path
        return facts
    }

    /// Records a file's facts; failures only cost a re-scan next time, so they are not reported.
    public func store(_ facts: FileFacts, for content: ContentHash, length: Int) {
        var writer = CompactWriter()
        facts.write(to: &writer)
        write(writer.bytes, length: length, key: content, to: entryURL(content))
    }

    /// What was last stored as `name` (the dependency graph), if it was stored under this key: one
    /// record per name, which a store under another key replaces. Same checks as a facts entry.
    public func record(named name: String, key: ContentHash) -> [UInt8]? {
        guard let (bytes, start) = Self.payload(at: recordURL(name).path, length: 0, key: key) else { return nil }
        return Array(bytes[start...])
    }

    public func storeRecord(_ payload: [UInt8], named name: String, key: ContentHash) {
        write(payload, length: 0, key: key, to: recordURL(name))
    }

    private func recordURL(_ name: String) -> URL {
        entries.appendingPathComponent(name + ".record")
    }

    /// An entry's bytes and where its payload starts, when its header and checksum hold.
    private static func payload(at path: String, length: Int, key: ContentHash) -> (bytes: [UInt8], start: Int)? {
        guard let bytes = FileBytes.read(path) else { return nil }
        let header = magic.count + 8 + 8 + 16 + 16
        guard bytes.count >= header, Array(bytes[0..<4]) == magic else { return nil }
        var reader = HeaderReader(bytes: bytes, offset: 4)
        guard reader.next() == UInt64(formatVersion), reader.next() == UInt64(length),
              reader.next() == key.high, reader.next() == key.low
        else { return nil }
        let checksum = ContentHash(high: reader.next(), low: reader.next())
        let payloadHash = bytes.withUnsafeBytes { ContentHash(UnsafeRawBufferPointer(rebasing: $0[header...])) }
        guard payloadHash == checksum else { return nil }
        return (bytes, header)
    }

    /// Writes an entry to a temporary file and renames it into place.
    private func write(_ payload: [UInt8], length: Int, key: ContentHash, to target: URL) {
        var bytes = Self.magic
        let checksum = ContentHash(payload)
        for value in [UInt64(Self.formatVersion), UInt64(length), key.high, key.low, checksum.high, checksum.low] {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        bytes += payload
        let temporary = staging.appendingPathComponent("\(getpid()).\(UInt64.random(in: 0...UInt64.max))").path
        // Plain POSIX calls: Foundation's file writing adds its own temporary file and fsyncs,
        // which made a cold run with the cache 60% slower than one without.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written == bytes.count, Self.moveIntoPlace(temporary, target) { return }
        unlink(temporary)
    }

    /// Renames a whole entry into place, making its shard folder the first time.
    private static func moveIntoPlace(_ temporary: String, _ target: URL) -> Bool {
        if rename(temporary, target.path) == 0 { return true }
        guard errno == ENOENT else { return false }
        try? FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        return rename(temporary, target.path) == 0
    }

    private static func decode(_ bytes: [UInt8], startingAt offset: Int) throws -> FileFacts {
        var reader = CompactReader(bytes: bytes, offset: offset)
        let facts = try FileFacts(from: &reader)
        guard reader.isAtEnd else { throw CompactReader.Corrupted() }
        return facts
    }

    private func entryURL(_ content: ContentHash) -> URL {
        URL(fileURLWithPath: entryPath(content))
    }

    /// `<entries>/<first two hex digits>/<hash>`, joined as text: URL's path appending cost a
    /// seventh of reading an entry.
    private func entryPath(_ content: ContentHash) -> String {
        let name = content.description
        return entriesPath + "/" + name.prefix(2) + "/" + name
    }

    /// Entries a run was writing when it was killed: their process is gone.
    private static func removeOrphans(in staging: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: staging.path) else { return }
        for name in names {
            guard let pid = name.split(separator: ".").first.flatMap({ pid_t($0) }), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(staging.appendingPathComponent(name).path) }
        }
    }

    /// Facts from other builds can never be read again.
    private static func removeStaleSalts(in directory: URL, keeping current: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix("facts-v") && name != current {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    private struct HeaderReader {
        let bytes: [UInt8]
        var offset: Int

        mutating func next() -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return value
        }
    }
}
