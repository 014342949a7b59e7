import FirebreakCost
import FirebreakAnalysis
import FirebreakModel
import Foundation

/// Times incremental rebuilds of generated one-module packages on this machine, the way
/// `benchmarks/rebuild/measure.py` does: per package a cold build, three no-op builds (their
/// median is the baseline), then `runs` rebuilds after each edit, timed, with the files the
/// driver compiled read from `swift build -v` and priced by what `analyze` sees in them.
public struct RebuildCalibrator: Sendable {
    /// Three of the reference rebuild fit's shapes (its Plain60, Heavy30 and Mixed40).
    public static let packages: [RebuildCalibrationPackage] = [
        RebuildCalibrationPackage(name: "RebuildPlain", screens: 60, functions: 3, style: .plain),
        RebuildCalibrationPackage(name: "RebuildHeavy", screens: 30, functions: 4, style: .heavy),
        RebuildCalibrationPackage(name: "RebuildMixed", screens: 40, functions: 3, style: .mixed),
    ]

    /// Three interface edits of different reach, and a body edit: the fixed part of a rebuild.
    public static let edits = ["interface:APIClient", "interface:Database", "interface:Tracker", "body:APIClient"]

    public var workDirectory: URL
    public var runs: Int
    public var swift: String
    public var progress: @Sendable (String) -> Void

    public init(workDirectory: URL, runs: Int, swift: String = "swift", progress: @escaping @Sendable (String) -> Void) {
        self.workDirectory = workDirectory
        self.runs = runs
        self.swift = swift
        self.progress = progress
    }

    public func measure(_ packages: [RebuildCalibrationPackage]) throws -> [RebuildCalibration.Measurement] {
        var measurements: [RebuildCalibration.Measurement] = []
        for (index, package) in packages.enumerated() {
            let step = "[\(index + 1)/\(packages.count)] \(package.name)"
            let directory = workDirectory.appendingPathComponent(package.name)
            try? FileManager.default.removeItem(at: directory)
            try package.write(to: directory)
            let graph = try Self.graph(of: directory)
            let build = SwiftBuild(swift: swift, arguments: [], directory: directory)
            progress("\(step): cold build")
            _ = try build.run(label: step)
            let noOp = CostFit.median(try (0..<3).map { _ in try build.run(label: step).seconds })
            var verbose = build
            verbose.arguments = ["-v"]
            for (editIndex, edit) in Self.edits.enumerated() {
                for run in 0..<runs {
                    Self.waitForTheNextSecond()
                    try Self.apply(edit, number: editIndex * runs + run, in: directory)
                    let outcome = try verbose.run(label: "\(step) \(edit)")
                    let compiled = Self.compiledFiles(outcome.log, in: directory)
                    let features = RebuildPricing.features(ofFilesAt: compiled, in: graph)
                    measurements.append(RebuildCalibration.Measurement(
                        package: package.name, edit: edit, features: features, seconds: outcome.seconds - noOp))
                    progress("\(step) \(edit): \(String(format: "%.2f", outcome.seconds - noOp)) s net of a no-op build, \(compiled.count) files")
                }
            }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(".build"))
        }
        return measurements
    }

    /// The package as `analyze` sees it, before any edit.
    static func graph(of directory: URL) throws -> DependencyGraph {
        let configuration = Configuration(rootDirectory: directory.path)
        return try Pipeline.prepare(Pipeline.Request(paths: ["."], workingDirectory: directory.path, configuration: configuration)).graph
    }

    /// An edit the build must see: one made in the same wall-clock second as the build before it
    /// was sometimes not (that build compiled nothing, the next one did its work).
    private static func waitForTheNextSecond() {
        let now = Date().timeIntervalSince1970
        Thread.sleep(forTimeInterval: 1.05 - (now - now.rounded(.down)))
    }

    /// `interface:T` adds method number `number` to `T`; `body:T` changes a literal in a method
    /// body of `T`, so that every edit differs from the last.
    static func apply(_ edit: String, number: Int, in directory: URL) throws {
        let parts = edit.split(separator: ":").map(String.init)
        let url = directory.appendingPathComponent(RebuildCalibrationPackage.clientPath(parts[1]))
        var text = try String(contentsOf: url, encoding: .utf8)
        if parts[0] == "interface" {
            text = text.replacingOccurrences(
                of: RebuildCalibrationPackage.editMarker,
                with: "    func calibrationEdit\(number)() -> Int { \(number) }\n" + RebuildCalibrationPackage.editMarker)
        } else {
            guard let start = text.range(of: "let salt = "), let end = text[start.upperBound...].firstIndex(of: "\n") else {
                throw Calibrator.Failure(description: "\(url.path): no literal to edit")
            }
            text.replaceSubrange(start.lowerBound..<end, with: "let salt = \(number + 1)")
        }
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// The distinct `-primary-file` paths of the frontend jobs in a `swift build -v` log, relative
    /// to `directory`. Paths are printed unquoted, spaces included: each runs to the `.swift` that
    /// ends a word.
    static func compiledFiles(_ log: String, in directory: URL) -> Set<String> {
        let root = directory.resolvingSymlinksInPath().path + "/"
        var files = Set<String>()
        for line in log.split(separator: "\n") where line.contains("-frontend") {
            var rest = line[...]
            while let flag = rest.range(of: "-primary-file ") {
                rest = rest[flag.upperBound...]
                var end = rest.startIndex
                var path: Substring?
                while let found = rest[end...].range(of: ".swift") {
                    end = found.upperBound
                    if end == rest.endIndex || rest[end] == " " {
                        path = rest[..<end]
                        break
                    }
                }
                guard let path else { break }
                let absolute = URL(fileURLWithPath: String(path)).resolvingSymlinksInPath().path
                if absolute.hasPrefix(root) { files.insert(String(absolute.dropFirst(root.count))) }
                rest = rest[end...]
            }
        }
        return files
    }
}
