import FirebreakModel
import FirebreakScan
import Foundation

/// `analyze`'s report from the last run that wrote one to a file (`--output`), given again while
/// nothing it was made from has changed and the file still holds what that run wrote: a warm run
/// then reads and hashes the sources and skips their facts, the graph, the closures and the
/// rendering, as a build system skips an up-to-date output.
///
/// The key is lint's (`LintCache`: paths, `--target`, the configuration, every file's path and
/// content hash, what discovery found) and the caller's report options (format, `--top`, the
/// cost model). The record names the report file rather than holding the report: an analysis of
/// 1.5 million lines is 250 MB, and keeping it twice would double the disk a run needs. The file
/// is known by its identity (device, inode, size, modification and status-change times), which
/// any write or replacement changes, and which costs a `stat` where hashing 250 MB would cost a
/// read of it and as much memory. The record also lists the other files the targets were read
/// from (Xcode projects, XcodeGen specs), as `LintCache` does, and the input warnings, which a
/// recalled run prints again.
public enum AnalysisRecord {
    static let recordName = "analysis"
    /// Changes whenever the key's or the record's layout changes.
    static let version = 1

    /// A report an earlier run wrote for the same input and options.
    public struct Recalled: Sendable {
        /// The file that holds it, byte for byte.
        public var report: String
        public var diagnostics: [InputDiagnostic]
        public var timings: PhaseTimings
    }

    /// What a run that prepared the analysis stores once its report is written.
    public struct Pending: Sendable {
        let cache: FactsCache
        let key: ContentHash
        let consultedFiles: [String]
        let diagnostics: [InputDiagnostic]

        /// Records `reportPath` (an absolute path) in the background; the tool waits for it before exiting.
        public func store(reportPath: String) {
            let (cache, key, consulted, diagnostics) = (cache, key, consultedFiles, diagnostics)
            BackgroundWork.start {
                guard let identity = FileIdentity(path: reportPath) else { return }
                var writer = CompactWriter()
                writer.write(consulted.count)
                for path in consulted {
                    writer.write(path)
                    LintCache.write(FileScanner.fingerprint(ofFileAt: path), to: &writer)
                }
                writer.write(reportPath)
                identity.write(to: &writer)
                LintCache.write(diagnostics, to: &writer)
                cache.storeRecord(writer.bytes, named: recordName, key: key)
            }
        }
    }

    static func key(of request: Pipeline.Request, discovery: SourceFileDiscovery.Result, fingerprints: [FileFingerprint?],
                    options: [UInt8]) -> ContentHash {
        var writer = CompactWriter()
        writer.write(version)
        let lint = LintCache.key(of: request, discovery: discovery, fingerprints: fingerprints)
        writer.write(lint.high)
        writer.write(lint.low)
        writer.write(options.count)
        for byte in options { writer.write(Int(byte)) }
        return ContentHash(writer.bytes)
    }

    /// The recorded report, or nil when a file it names (a project file, the report) has changed.
    static func decode(_ bytes: [UInt8]) throws -> (report: String, diagnostics: [InputDiagnostic])? {
        var reader = CompactReader(bytes: bytes)
        for _ in 0..<(try reader.count()) {
            let path = try reader.string()
            guard try LintCache.fingerprint(&reader) == FileScanner.fingerprint(ofFileAt: path) else { return nil }
        }
        let report = try reader.string()
        guard try FileIdentity(&reader) == FileIdentity(path: report) else { return nil }
        let diagnostics = try LintCache.diagnostics(&reader)
        guard reader.isAtEnd else { throw LintCache.Damaged() }
        return (report, diagnostics)
    }

    /// A regular file as `stat` sees it: what changes when it is written, replaced or touched.
    struct FileIdentity: Equatable {
        var fields: [Int]

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            fields = [Int(truncatingIfNeeded: info.st_dev), Int(truncatingIfNeeded: info.st_ino), Int(info.st_size),
                      Int(modified.tv_sec), Int(modified.tv_nsec), Int(changed.tv_sec), Int(changed.tv_nsec)]
        }

        init(_ reader: inout CompactReader) throws {
            fields = try (0..<7).map { _ in try reader.int() }
        }

        func write(to writer: inout CompactWriter) {
            for field in fields { writer.write(field) }
        }
    }
}
