import FirebreakCost
import FirebreakAnalysis
import FirebreakModel
import FirebreakScan
import Foundation

/// Generates packages, times their cold builds, reads their features the way `analyze` does, and
/// fits or checks the build cost model.
public struct Calibrator: Sendable {
    /// The packages `firebreak calibrate` fits on: every style, module sizes from 1,000 to 8,000
    /// lines, files from 50 to 300 lines, 10 to 40 screens.
    public static let fittingPackages: [CalibrationPackage] = [
        CalibrationPackage(name: "PlainSmall", screens: 10, infrastructureLines: 2000, linesPerFile: 100, style: .plain),
        CalibrationPackage(name: "PlainLarge", screens: 30, infrastructureLines: 8000, linesPerFile: 200, style: .plain),
        CalibrationPackage(name: "PlainManyFiles", screens: 40, infrastructureLines: 5000, linesPerFile: 50, style: .plain),
        CalibrationPackage(name: "GenericSmall", screens: 40, infrastructureLines: 1000, linesPerFile: 100, style: .generic),
        CalibrationPackage(name: "GenericMedium", screens: 20, infrastructureLines: 3000, linesPerFile: 100, style: .generic),
        CalibrationPackage(name: "GenericLarge", screens: 10, infrastructureLines: 8000, linesPerFile: 300, style: .generic),
        CalibrationPackage(name: "ClosuresSmall", screens: 30, infrastructureLines: 2000, linesPerFile: 60, style: .closures),
        CalibrationPackage(name: "ClosuresLarge", screens: 10, infrastructureLines: 6000, linesPerFile: 150, style: .closures),
    ]

    /// Pairs never used for fitting: the estimate is checked against them.
    public static let heldOutPackages: [CalibrationPackage] = [
        CalibrationPackage(name: "HeldOutPlain", screens: 20, infrastructureLines: 4000, linesPerFile: 120, style: .plain),
        CalibrationPackage(name: "HeldOutGeneric", screens: 25, infrastructureLines: 5000, linesPerFile: 200, style: .generic),
        CalibrationPackage(name: "HeldOutClosures", screens: 20, infrastructureLines: 4000, linesPerFile: 100, style: .closures),
        CalibrationPackage(name: "HeldOutLarge", screens: 35, infrastructureLines: 10000, linesPerFile: 250, style: .plain),
    ]

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

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

    public func measure(_ packages: [CalibrationPackage]) throws -> [CalibrationPair] {
        var results: [CalibrationPair] = []
        for (index, package) in packages.enumerated() {
            let step = "[\(index + 1)/\(packages.count)] \(package.name)"
            let naiveDirectory = workDirectory.appendingPathComponent("\(package.name)-naive")
            let firewalledDirectory = workDirectory.appendingPathComponent("\(package.name)-firewalled")
            try package.write(.naive, to: naiveDirectory)
            try package.write(.firewalled, to: firewalledDirectory)
            let naiveView = try Self.featureView(in: naiveDirectory)
            let firewalledView = try Self.featureView(in: firewalledDirectory)
            progress("\(step): naive, \(Grouping.grouped(naiveView.build.lines)) lines in \(naiveView.build.modules) modules")
            let naiveSeconds = try time(naiveDirectory, label: "\(step) naive")
            progress("\(step): firewalled, \(Grouping.grouped(firewalledView.build.lines)) lines in \(firewalledView.build.modules) modules")
            let firewalledSeconds = try time(firewalledDirectory, label: "\(step) firewalled")
            results.append(CalibrationPair(
                name: package.name, style: package.style.rawValue,
                naive: CostFit.Measurement(name: "\(package.name)-naive", features: naiveView.build, seconds: naiveSeconds),
                firewalled: CostFit.Measurement(
                    name: "\(package.name)-firewalled", features: firewalledView.build, seconds: firewalledSeconds),
                estimatedFirewalled: naiveView.firewalledBuild))
            try? FileManager.default.removeItem(at: naiveDirectory.appendingPathComponent(".build"))
            try? FileManager.default.removeItem(at: firewalledDirectory.appendingPathComponent(".build"))
        }
        return results
    }

    /// The first screen of the `Feature` module, as `analyze` sees it.
    static func featureView(in directory: URL) throws -> AnalysisReport.View {
        let configuration = try ConfigurationLoader.load(
            file: directory.appendingPathComponent(Configuration.fileName).path, ruleIDs: RuleRegistry.ids)
        let prepared = try Pipeline.prepare(Pipeline.Request(
            paths: ["."], workingDirectory: directory.path, configuration: configuration))
        let report = Analyzer.analyze(prepared, configuration: configuration, costModel: CostModel())
        guard let view = report.views.filter({ $0.module == "Feature" }).min(by: { $0.name < $1.name }) else {
            throw Failure(description: "no view found in the Feature module of \(directory.path)")
        }
        return view
    }

    /// Wall seconds of each cold `swift build --target Feature`.
    func time(_ directory: URL, label: String) throws -> [Double] {
        var seconds: [Double] = []
        for run in 1...runs {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(".build"))
            let elapsed = try SwiftBuild(swift: swift, arguments: ["--target", "Feature"], directory: directory).run(label: label).seconds
            progress("\(label): run \(run) of \(runs): \(String(format: "%.2f", elapsed)) s")
            seconds.append(elapsed)
        }
        return seconds
    }
}
