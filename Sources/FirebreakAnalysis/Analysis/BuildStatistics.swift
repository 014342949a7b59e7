import FirebreakCost
import FirebreakModel
import Foundation

/// Compile times of the project's own files, from the JSON files that
/// `swift build -Xswiftc -stats-output-dir -Xswiftc DIR` writes, one per frontend job.
///
/// A job's file is named `stats-<time>-swift-frontend-<Module>-<first primary file or "all">-
/// <target>-<output>-<opt>-<random>.json` and holds `time.swift-frontend.<job>.wall`. Batch mode
/// compiles several files per job and names only the first, so a module's job times are summed
/// and shared out over its files by tokens; with `-Xswiftc -disable-batch-mode` every file has a
/// job of its own and keeps its measured time (module-wide jobs, such as emitting the module, are
/// still shared out by tokens).
public struct BuildStatistics: Sendable {
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public struct Job: Sendable, Hashable {
        public var module: String
        /// The first primary file's name; nil for module-wide jobs (`-all-`).
        public var primaryFile: String?
        public var seconds: Double
    }

    public var jobs: [Job]
    public let directory: String

    public static func read(directory: String) throws -> BuildStatistics {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReadError(description: "--build-stats: no such directory: \(directory)")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("stats-") && $0.hasSuffix(".json") }.sorted()
        var latest: [String: Job] = [:]
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw ReadError(description: "--build-stats: \(path) is not a JSON statistics file")
            }
            guard let (jobName, seconds) = object.lazy.compactMap({ key, value -> (String, Double)? in
                guard key.hasPrefix("time.swift-frontend."), key.hasSuffix(".wall"), let seconds = (value as? NSNumber)?.doubleValue
                else { return nil }
                return (String(key.dropFirst("time.swift-frontend.".count).dropLast(".wall".count)), seconds)
            }).first, let job = parse(jobName: jobName, seconds: seconds) else {
                continue // driver statistics and other non-frontend files
            }
            // An incremental rebuild into the same directory repeats job names; names sort by time.
            latest[jobName] = job
        }
        guard !latest.isEmpty else {
            throw ReadError(description: "--build-stats: no frontend statistics in \(directory); build with swift build -Xswiftc -stats-output-dir -Xswiftc \(directory)")
        }
        return BuildStatistics(jobs: latest.keys.sorted().map { latest[$0]! }, directory: directory)
    }

    /// `Module-File.swift-x86_64_unknown_linux_gnu-o-Onone` or `Module-all-…-swiftmodule-Onone`.
    static func parse(jobName: String, seconds: Double) -> Job? {
        guard let dash = jobName.firstIndex(of: "-") else { return nil }
        let module = String(jobName[..<dash])
        let rest = jobName[jobName.index(after: dash)...]
        if rest.hasPrefix("all-") { return Job(module: module, primaryFile: nil, seconds: seconds) }
        guard let end = rest.range(of: ".swift-") else { return nil }
        return Job(module: module, primaryFile: String(rest[..<end.lowerBound]) + ".swift", seconds: seconds)
    }

    /// Measured seconds for each analysed file (by path) whose module the statistics cover.
    public func fileSeconds(in graph: DependencyGraph) -> [String: Double] {
        var moduleFiles = Array(repeating: [Int](), count: graph.modules.count)
        for (file, module) in ModuleBuildGraph.fileModules(of: graph).enumerated() {
            if let module { moduleFiles[module].append(file) }
        }
        let moduleIndex = Dictionary(graph.modules.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [String: Double] = [:]
        for (statsModule, jobs) in Dictionary(grouping: jobs, by: \.module) {
            guard let module = moduleIndex[statsModule] ?? Self.moduleHolding(jobs, moduleFiles, graph) else { continue }
            let files = moduleFiles[module]
            guard !files.isEmpty else { continue }
            let name = { (file: Int) in (graph.files[file].path as NSString).lastPathComponent }
            let tokens = files.map { Double(max(graph.files[$0].tokenCount, 1)) }
            let totalTokens = tokens.reduce(0, +)
            let perFile = Dictionary(jobs.compactMap { job in job.primaryFile.map { ($0, job.seconds) } }, uniquingKeysWith: +)
            let ownJobs = Set(files.map(name)) == Set(perFile.keys)
            let shared = ownJobs ? jobs.filter { $0.primaryFile == nil }.reduce(0) { $0 + $1.seconds } : jobs.reduce(0) { $0 + $1.seconds }
            for (file, weight) in zip(files, tokens) {
                result[graph.files[file].path] = (ownJobs ? perFile[name(file)] ?? 0 : 0) + shared * weight / totalTokens
            }
        }
        return result
    }

    /// For projects whose module names differ from firebreak's (Xcode targets named by folder):
    /// the one module holding every primary file the jobs name. One shared file name is not
    /// enough: every app has an `APIClient.swift`.
    private static func moduleHolding(_ jobs: [Job], _ moduleFiles: [[Int]], _ graph: DependencyGraph) -> Int? {
        let primaries = Set(jobs.compactMap(\.primaryFile))
        guard !primaries.isEmpty else { return nil }
        let holding = moduleFiles.indices.filter { module in
            primaries.isSubset(of: Set(moduleFiles[module].map { (graph.files[$0].path as NSString).lastPathComponent }))
        }
        return holding.count == 1 ? holding[0] : nil
    }

    /// Measured files priced as measured; the rest by the base model's per-file terms. No fixed
    /// overhead: job times are compiler work, summed over cores, not a build's wall time.
    public func costModel(basedOn base: CostModel, measured: Int, of total: Int) -> CostModel {
        var coefficients = base.coefficients
        coefficients[BuildCostTerms.overhead] = 0
        coefficients[BuildCostTerms.perModule] = 0
        return CostModel(
            mode: .buildStats,
            unit: "seconds of compiler work (frontend job times, summed over cores) for the modules a view needs",
            source: "build statistics in \(directory): \(jobs.count) jobs, \(measured) of \(total) files measured; the rest priced by the \(base.mode.rawValue) model",
            coefficients: coefficients)
    }
}
