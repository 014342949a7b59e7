import FirebreakModel
import FirebreakScan

/// `lint`'s findings from the last run, kept beside the facts cache and given again while nothing
/// they were found from has changed: a warm run then reads and hashes the sources and skips
/// decoding their facts, modules, roles and rules (most of what it spent).
///
/// The key is the run's whole input: the paths and working directory asked for, `--target`, every
/// setting of the configuration, each discovered file's path and content hash, and what discovery
/// found beside them (project files, problems). The files read to learn the targets besides
/// Swift files (Xcode projects, workspaces, XcodeGen specs and their includes) are known only
/// once they are read, so the record lists them with their hashes, as a build system's depfile
/// does, and is used only while every one of them is unchanged. The baseline is applied after,
/// so `--baseline` does not change the key. Facts from facts files have no content hash here:
/// such runs neither read nor write the record. The firebreak build is the cache's salt.
enum LintCache {
    static let recordName = "lint"
    /// Changes whenever the key's or the record's layout changes.
    static let version = 1

    struct Damaged: Error {}

    static func key(of request: Pipeline.Request, discovery: SourceFileDiscovery.Result,
                    fingerprints: [FileFingerprint?]) -> ContentHash {
        var writer = CompactWriter()
        writer.write(version)
        writer.write(request.paths)
        writer.write(request.workingDirectory)
        writer.write(request.target)
        writer.write(request.allowsNoFiles)
        request.configuration.writeCacheKey(to: &writer)
        writer.write(discovery.files.count)
        for (file, fingerprint) in zip(discovery.files, fingerprints) {
            writer.write(file.absolutePath)
            writer.write(file.displayPath)
            write(fingerprint, to: &writer)
        }
        writer.write(discovery.projectDescriptions)
        write(discovery.diagnostics, to: &writer)
        return ContentHash(writer.bytes)
    }

    /// The outcome before any baseline, and the other files its targets came from.
    static func encode(_ outcome: Linter.Outcome, consultedFiles: [String]) -> [UInt8] {
        var writer = CompactWriter()
        writer.write(consultedFiles.count)
        for path in consultedFiles {
            writer.write(path)
            write(FileScanner.fingerprint(ofFileAt: path), to: &writer)
        }
        writer.write(outcome.unbaselinedFindings.count)
        for finding in outcome.unbaselinedFindings {
            writer.write(finding.rule)
            writer.write(case: finding.severity)
            writer.write(finding.path)
            writer.write(finding.line)
            writer.write(finding.column)
            writer.write(finding.symbol)
            writer.write(finding.type)
            writer.write(finding.message)
            writer.write(finding.hint)
            writer.write(finding.fingerprint)
            writer.write(finding.contentFingerprint)
        }
        write(outcome.report.diagnostics, to: &writer)
        writer.write(outcome.report.summary.filesScanned)
        writer.write(outcome.report.summary.suppressed)
        return writer.bytes
    }

    /// The recorded outcome, or nil when a file it names has changed since; the rules listed are
    /// those `configuration` turns on, as in the run that recorded it.
    static func decode(_ bytes: [UInt8], configuration: Configuration) throws -> Linter.Outcome? {
        var reader = CompactReader(bytes: bytes)
        for _ in 0..<(try reader.count()) {
            let path = try reader.string()
            guard try fingerprint(&reader) == FileScanner.fingerprint(ofFileAt: path) else { return nil }
        }
        var findings: [Finding] = []
        let count = try reader.count()
        findings.reserveCapacity(count)
        for _ in 0..<count {
            findings.append(Finding(
                rule: try reader.string(), severity: try reader.enumCase(Severity.self), path: try reader.string(),
                line: try reader.int(), column: try reader.int(), symbol: try reader.string(), type: try reader.optionalString(),
                message: try reader.string(), hint: try reader.optionalString(), fingerprint: try reader.string(),
                contentFingerprint: try reader.string()))
        }
        let diagnostics = try diagnostics(&reader)
        let filesScanned = try reader.int(), suppressed = try reader.int()
        guard reader.isAtEnd else { throw Damaged() }
        let report = LintReport(
            tool: .current, findings: findings, diagnostics: diagnostics,
            summary: LintReport.Summary(filesScanned: filesScanned, errors: 0, warnings: 0, notes: 0, suppressed: suppressed,
                                        baselined: 0, staleBaselineEntries: 0, byRule: [:]),
            staleBaseline: [], rules: Linter.activeRules(configuration).map(\.description))
        return Linter.applying(nil, to: Linter.Outcome(report: report, unbaselinedFindings: findings))
    }

    static func write(_ fingerprint: FileFingerprint?, to writer: inout CompactWriter) {
        writer.write(fingerprint != nil)
        if let fingerprint {
            writer.write(fingerprint.content.high)
            writer.write(fingerprint.content.low)
            writer.write(fingerprint.length)
        }
    }

    static func fingerprint(_ reader: inout CompactReader) throws -> FileFingerprint? {
        guard try reader.bool() else { return nil }
        return FileFingerprint(content: ContentHash(high: try reader.varint(), low: try reader.varint()), length: try reader.int())
    }

    static func write(_ diagnostics: [InputDiagnostic], to writer: inout CompactWriter) {
        writer.write(diagnostics.count)
        for diagnostic in diagnostics {
            writer.write(diagnostic.path)
            writer.write(diagnostic.message)
        }
    }

    static func diagnostics(_ reader: inout CompactReader) throws -> [InputDiagnostic] {
        var diagnostics: [InputDiagnostic] = []
        for _ in 0..<(try reader.count()) {
            diagnostics.append(InputDiagnostic(path: try reader.string(), message: try reader.string()))
        }
        return diagnostics
    }
}
