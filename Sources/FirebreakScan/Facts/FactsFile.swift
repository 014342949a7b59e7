/// What `firebreak facts` writes: the facts of one shard of a code base (a module, a Bazel
/// target, any set of files), with paths relative to a root, so that `lint --facts` and the other
/// commands take them instead of scanning those files.
///
/// Like the facts cache, it does not depend on the configuration. The same input gives the same
/// bytes: files sorted by path, no time or machine in it. Layout: magic `FBFS`, the file format,
/// the cache's facts format, the producer (`firebreak 0.5.0 (model 14)`), the payload's length and checksum,
/// then the payload (`CompactWriter`): module name, files, package manifests' text, diagnostics.
public struct FactsFile: Sendable {
    /// Changes with this file's layout; `FactsCache.formatVersion` with the facts' own.
    public static let formatVersion = 1
    private static let magic: [UInt8] = Array("FBFS".utf8)

    /// Who wrote it: files of another producer are refused, since their facts may differ.
    public var producer: String
    /// `--module`: every file's module, as a `modules:` entry would set it.
    public var module: String?
    /// Facts of each Swift file, `path` relative to the root, sorted by path.
    public var files: [FileFacts]
    /// The text of each package manifest among the files, by relative path: the merging run reads
    /// the targets from it without the sources.
    public var manifests: [String: String]
    /// What the scan skipped or doubted, paths relative to the root.
    public var diagnostics: [InputDiagnostic]

    public init(producer: String, module: String? = nil, files: [FileFacts], manifests: [String: String] = [:],
                diagnostics: [InputDiagnostic] = []) {
        self.producer = producer
        self.module = module
        self.files = files.sorted { $0.path.utf8Precedes($1.path) }
        self.manifests = manifests
        self.diagnostics = diagnostics.sorted()
    }

    /// Why a facts file was not read; the message names the file.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public func encoded() -> [UInt8] {
        var payload = CompactWriter()
        payload.write(module)
        payload.write(files)
        let manifestPaths = manifests.keys.sorted { $0.utf8Precedes($1) }
        payload.write(manifestPaths)
        payload.write(manifestPaths.map { manifests[$0] ?? "" })
        payload.write(diagnostics)
        var header = CompactWriter()
        header.write(Self.formatVersion)
        header.write(FactsCache.formatVersion)
        header.write(producer)
        header.write(payload.bytes.count)
        let checksum = ContentHash(payload.bytes)
        header.write(checksum.high)
        header.write(checksum.low)
        return Self.magic + header.bytes + payload.bytes
    }

    /// Reads `bytes`, refusing anything but a whole file of this format written by `producer`.
    public static func decode(_ bytes: [UInt8], file: String, producer expected: String) throws -> FactsFile {
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else {
            throw LoadError(description: "\(file): not a firebreak facts file (write one with `firebreak facts`)")
        }
        var reader = CompactReader(bytes: bytes, offset: magic.count)
        let format: Int, factsFormat: Int, producer: String, length: Int, checksum: ContentHash
        do {
            (format, factsFormat) = (try reader.int(), try reader.int())
            producer = try reader.string()
            length = try reader.int()
            checksum = ContentHash(high: try reader.varint(), low: try reader.varint())
        } catch {
            throw LoadError(description: "\(file): truncated facts file (its header is incomplete)")
        }
        guard producer == expected, format == formatVersion, factsFormat == FactsCache.formatVersion else {
            throw LoadError(description: "\(file) was written by \(producer) (facts format \(format).\(factsFormat)); this is \(expected) "
                            + "(format \(formatVersion).\(FactsCache.formatVersion)): write it again with this firebreak's `firebreak facts`")
        }
        let start = reader.offset
        guard bytes.count - start == length else {
            throw LoadError(description: "\(file): truncated or damaged facts file (\(bytes.count - start) bytes of payload, \(length) expected)")
        }
        let payload = Array(bytes[start...])
        guard ContentHash(payload) == checksum else {
            throw LoadError(description: "\(file): damaged facts file (checksum mismatch)")
        }
        let decoded: FactsFile
        do {
            var body = CompactReader(bytes: payload)
            let module = try body.optionalString()
            let files = try body.array(of: FileFacts.self)
            let paths = try body.strings()
            let texts = try body.strings()
            guard paths.count == texts.count else { throw CompactReader.Corrupted() }
            let diagnostics = try body.array(of: InputDiagnostic.self)
            guard body.isAtEnd else { throw CompactReader.Corrupted() }
            // Not through `uniqueKeysWithValues`: a path listed twice is damage to report, not a trap.
            var manifests: [String: String] = [:]
            for (path, text) in zip(paths, texts) where manifests.updateValue(text, forKey: path) != nil {
                throw LoadError(description: "\(file): damaged facts file (the manifest \(path) is listed twice)")
            }
            decoded = FactsFile(producer: producer, module: module, files: files, manifests: manifests, diagnostics: diagnostics)
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(description: "\(file): damaged facts file (its payload does not decode)")
        }
        try decoded.checkPaths(file: file)
        return decoded
    }

    /// Every path is relative and stays under the root, as `firebreak facts` writes them; a file is
    /// listed once.
    private func checkPaths(file: String) throws {
        let paths = files.map(\.path) + manifests.keys.sorted() + diagnostics.map(\.path)
        if let bad = paths.first(where: { !Self.staysUnderRoot($0) }) {
            throw LoadError(description: "\(file): damaged facts file (the path '\(bad)' is \(bad.isEmpty ? "empty" : "not relative to its root"))")
        }
        for (first, second) in zip(files, files.dropFirst()) where first.path == second.path {
            throw LoadError(description: "\(file): damaged facts file (\(first.path) is listed twice)")
        }
    }

    private static func staysUnderRoot(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.utf8.contains(0)
            && !path.split(separator: "/").contains("..")
    }
}
