import Dispatch
import Foundation

/// Reads and scans files on all cores; results come back in input order whatever the timing.
public enum FileScanner {
    public struct Result: Sendable {
        public var facts: [FileFacts]
        public var diagnostics: [InputDiagnostic]
    }

    private enum Outcome: Sendable {
        case facts(FileFacts, InputDiagnostic?)
        case skipped(InputDiagnostic)
    }

    public static func scan(_ files: [DiscoveredFile]) -> Result {
        let outcomes = OutcomeSlots(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            outcomes.set(index, scanOne(files[index]))
        }
        var facts: [FileFacts] = []
        var diagnostics: [InputDiagnostic] = []
        for outcome in outcomes.values {
            switch outcome {
            case .facts(let fileFacts, let diagnostic):
                facts.append(fileFacts)
                if let diagnostic { diagnostics.append(diagnostic) }
            case .skipped(let diagnostic):
                diagnostics.append(diagnostic)
            case nil:
                break
            }
        }
        return Result(facts: facts, diagnostics: diagnostics.sorted())
    }

    private static func scanOne(_ file: DiscoveredFile) -> Outcome {
        guard let data = FileManager.default.contents(atPath: file.absolutePath) else {
            return .skipped(InputDiagnostic(path: file.displayPath, message: "file cannot be read, skipped"))
        }
        if data.contains(0) {
            return .skipped(InputDiagnostic(path: file.displayPath, message: "binary file (contains NUL bytes), skipped"))
        }
        guard let source = String(data: data, encoding: .utf8) else {
            return .skipped(InputDiagnostic(path: file.displayPath, message: "not valid UTF-8, skipped"))
        }
        let facts = SourceScanner.scan(source: source, path: file.displayPath)
        let diagnostic = facts.hasSyntaxErrors
            ? InputDiagnostic(path: file.displayPath, message: "syntax errors; analysed what parsed")
            : nil
        return .facts(facts, diagnostic)
    }

    /// One slot per file, written once each from concurrent workers.
    private final class OutcomeSlots: @unchecked Sendable {
        private var slots: [Outcome?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ outcome: Outcome) {
            lock.lock()
            slots[index] = outcome
            lock.unlock()
        }

        var values: [Outcome?] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
