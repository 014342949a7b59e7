import Dispatch
import Foundation

/// Reads and scans files on all cores; results come back in input order whatever the timing.
public enum FileScanner {
    public struct Result: Sendable {
        public var facts: [FileFacts]
        /// By file, as `facts`: its index among the files asked for. Files that could not be
        /// scanned (binary, not UTF-8, past the parser's bounds) have no facts, so the two differ
        /// after the first of them.
        public var scannedFiles: [Int] = []
        /// By file, as `facts`: the hash of its bytes when the cache is on, nil for facts files.
        public var contentHashes: [ContentHash?] = []
        public var diagnostics: [InputDiagnostic]
        /// Files parsed in this run, files whose facts came from the cache, and from facts files.
        public var parsed: Int
        public var cached: Int
        public var supplied = 0
    }

    public struct Options: Sendable {
        public var cache: FactsCache?
        /// Told how many files of how many are done, from any thread.
        public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
        /// How many files are scanned at once; nil lets Dispatch use every core.
        public var jobs: Int?
        /// Facts from facts files (`--facts`), by absolute path: those files are not read.
        public var supplied: [String: FileFacts] = [:]
        /// By file, what `fingerprints` found: a file whose facts the cache holds under it is not read again.
        public var fingerprints: [FileFingerprint?] = []

        public init(cache: FactsCache? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, jobs: Int? = nil) {
            self.cache = cache
            self.progress = progress
            self.jobs = jobs
        }
    }

    private enum Outcome: Sendable {
        case facts(FileFacts, InputDiagnostic?, source: Source, content: ContentHash?)
        case skipped(InputDiagnostic)
    }

    private enum Source: Sendable { case parsed, cache, factsFile }

    /// Reserved, not committed: pages are touched only as deep as the parser goes.
    static let parserStackSize = 512 << 20

    public static func scan(_ files: [DiscoveredFile], options: Options = Options()) -> Result {
        scan(files, options: options, meanwhile: {}).result
    }

    /// `scan(_:options:)`, running `meanwhile` on the calling thread while the workers scan: work
    /// that needs no facts (reading project files, placing files in modules) then costs the run
    /// only the cores the scan leaves. With `jobs` set it runs first, so that no more threads work
    /// at once than asked for.
    public static func scan<Meanwhile>(
        _ files: [DiscoveredFile], options: Options = Options(), meanwhile: () -> Meanwhile
    ) -> (result: Result, meanwhile: Meanwhile) {
        if options.jobs != nil {
            let done = meanwhile()
            return (scanFiles(files, options: options, meanwhile: {}).result, done)
        }
        return scanFiles(files, options: options, meanwhile: meanwhile)
    }

    private static func scanFiles<Meanwhile>(
        _ files: [DiscoveredFile], options: Options, meanwhile: () -> Meanwhile
    ) -> (result: Result, meanwhile: Meanwhile) {
        let outcomes = OutcomeSlots(count: files.count)
        let workers = max(1, min(options.jobs ?? ProcessInfo.processInfo.activeProcessorCount, files.count))
        // The parser recurses once per nesting level: its threads get a stack far larger than
        // the default, which deep generic types (`Array<Array<…>>` 1,300 levels) overflow.
        let group = DispatchGroup()
        let claims = IndexClaims(count: files.count)
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                while let index = claims.claim()?.lowerBound {
                    let known = index < options.fingerprints.count ? options.fingerprints[index] : nil
                    let done = outcomes.set(index, scanOne(files[index], cache: options.cache, supplied: options.supplied, known: known))
                    options.progress?(done, files.count)
                }
                group.leave()
            }
            thread.stackSize = parserStackSize
            thread.start()
        }
        let done = meanwhile()
        group.wait()
        var result = Result(facts: [], diagnostics: [], parsed: 0, cached: 0)
        for (index, outcome) in outcomes.values.enumerated() {
            switch outcome {
            case .facts(let fileFacts, let diagnostic, let source, let content):
                result.facts.append(fileFacts)
                result.scannedFiles.append(index)
                result.contentHashes.append(content)
                if let diagnostic { result.diagnostics.append(diagnostic) }
                switch source {
                case .parsed: result.parsed += 1
                case .cache: result.cached += 1
                case .factsFile: result.supplied += 1
                }
            case .skipped(let diagnostic):
                result.diagnostics.append(diagnostic)
            case nil:
                break
            }
        }
        result.diagnostics.sort()
        return (result, done)
    }

    /// Every file's content hash and length, read on all cores: what a cache of whole-project
    /// results is keyed by. Nil for a file that cannot be read.
    public static func fingerprints(_ files: [DiscoveredFile]) -> [FileFingerprint?] {
        ParallelMap.map(files.count) { fingerprint(ofFileAt: files[$0].absolutePath) }
    }

    /// One file's fingerprint now; nil when it is missing or cannot be read.
    public static func fingerprint(ofFileAt path: String) -> FileFingerprint? {
        FileBytes.read(path).map(FileFingerprint.init)
    }

    private static func scanOne(_ file: DiscoveredFile, cache: FactsCache?, supplied: [String: FileFacts],
                                known: FileFingerprint?) -> Outcome {
        if let facts = supplied[file.absolutePath] { return .facts(facts, syntaxDiagnostic(facts, file), source: .factsFile, content: nil) }
        // Hashed a moment ago by `fingerprints`: cached facts need no second read.
        if let cache, let known, let cached = cache.facts(for: known.content, length: known.length, path: file.displayPath) {
            return .facts(cached, syntaxDiagnostic(cached, file), source: .cache, content: known.content)
        }
        guard let bytes = FileBytes.read(file.absolutePath) else {
            return .skipped(InputDiagnostic(path: file.displayPath, message: "file cannot be read, skipped"))
        }
        let hasNUL = bytes.withUnsafeBufferPointer { $0.firstOffset(of: 0) != nil }
        if hasNUL {
            return .skipped(InputDiagnostic(path: file.displayPath, message: "binary file (contains NUL bytes), skipped"))
        }
        let content = cache.map { _ in ContentHash(bytes) }
        var facts: FileFacts
        var fromCache = false
        if let cache, let content, let cached = cache.facts(for: content, length: bytes.count, path: file.displayPath) {
            facts = cached
            fromCache = true
        } else {
            guard UTF8Validity.isValid(bytes) else {
                return .skipped(InputDiagnostic(path: file.displayPath, message: "not valid UTF-8, skipped"))
            }
            if let bound = NestingBound.violation(in: bytes) {
                return .skipped(InputDiagnostic(path: file.displayPath, message: bound))
            }
            facts = SourceScanner.scan(bytes: bytes, path: file.displayPath)
            if let cache, let content { cache.store(facts, for: content, length: bytes.count) }
        }
        return .facts(facts, syntaxDiagnostic(facts, file), source: fromCache ? .cache : .parsed, content: content)
    }

    private static func syntaxDiagnostic(_ facts: FileFacts, _ file: DiscoveredFile) -> InputDiagnostic? {
        facts.hasSyntaxErrors ? InputDiagnostic(path: file.displayPath, message: "syntax errors; analysed what parsed") : nil
    }

    /// One slot per file, written once each from concurrent workers.
    private final class OutcomeSlots: @unchecked Sendable {
        private var slots: [Outcome?]
        private var filled = 0
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        /// Stores an outcome and returns how many slots are filled.
        func set(_ index: Int, _ outcome: Outcome) -> Int {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = outcome
            filled += 1
            return filled
        }

        var values: [Outcome?] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
