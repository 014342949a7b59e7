import FirebreakCost
import FirebreakModel
import Foundation

extension CalibrationRun {
    /// What `calibrate` prints on standard error once it has scaled: the fit, every fitted term's
    /// coefficient, and this machine's factors.
    public static func summary(_ calibration: Calibration) -> String {
        func f(_ value: Double) -> String { String(format: "%.4g", value) }
        let terms = BuildCostTerms.all.filter(\.isFitted).map { "\($0.label) \(f(calibration.coefficients[$0])) s" }
        var out = """
            firebreak calibrate: \(calibration.fit.points) builds, R² \(String(format: "%.3f", calibration.fit.rSquared)), \
            mean error \(String(format: "%.1f", calibration.fit.meanRelativeError * 100))%
              \(terms.joined(separator: ", "))

            """
        if let factors = calibration.scaleFactors {
            out += "  this machine ÷ the reference: \(f(factors.fixed))× for a build's fixed part, \(f(factors.compile))× for compiling its files\n"
        }
        if let rebuild = calibration.rebuild {
            out += """
                firebreak calibrate: \(rebuild.fit.points) rebuilds, R² \(String(format: "%.3f", rebuild.fit.rSquared)), \
                mean error \(String(format: "%.1f", rebuild.fit.meanRelativeError * 100))%
                  this machine ÷ the reference: \(f(rebuild.fixedFactor))× for a rebuild's fixed part, \
                \(f(rebuild.recompiledFactor))× for its recompiled files\(calibration.compileFactor == nil ? "" : " (the cold builds' factor)")

                """
        }
        return out
    }

    /// Markdown: measured and estimated seconds saved by each held-out pair, and whether the
    /// estimate is within ±20%.
    public static func validationTable(_ pairs: [CalibrationPair], coefficients: BuildCoefficients) -> String {
        var out = "| pair | style | naive build | firewalled build | measured saving | estimated saving | error | within ±20% |\n"
        out += "|---|---|---:|---:|---:|---:|---:|---|\n"
        for pair in pairs {
            let error = pair.relativeError(coefficients)
            out += "| \(pair.name) | \(pair.style) "
                + "| \(String(format: "%.2f", pair.naive.typicalSeconds)) s | \(String(format: "%.2f", pair.firewalled.typicalSeconds)) s "
                + "| \(String(format: "%.2f", pair.measuredSecondsSaved)) s | \(String(format: "%.2f", pair.estimatedSecondsSaved(coefficients))) s "
                + "| \(String(format: "%+.1f", error * 100))% | \(abs(error) <= 0.2 ? "yes" : "no") |\n"
        }
        return out
    }

    static func systemName() -> String {
        var name = utsname()
        uname(&name)
        let field = { (value: Any) -> String in
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(field(name.sysname)) \(field(name.machine))"
    }

    static func swiftVersion(_ swift: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [swift, "--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let range = text.range(of: #"Swift version [0-9.]+"#, options: .regularExpression) else { return "unknown" }
        return String(text[range].dropFirst("Swift version ".count))
    }
}
